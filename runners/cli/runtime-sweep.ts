// `childproof sweep --runtime bun --versions RANGE --probe NAME`: one probe on every
// release of a runtime in a range, one run per release (a run has one runtime), each
// report kept in the sweep's directory, and per case and fact the releases over which
// each value held. `--bisect FACT` finds the first release where that fact changed.

import fs from 'node:fs';
import path from 'node:path';
import { bisectFact } from '../engine/bisect.ts';
import { runPipeline } from '../engine/pipeline.ts';
import { named, runtimeFor } from '../identity/runtime.ts';
import { pickVersions, publishedVersions } from '../identity/versions.ts';
import type { FactName } from '../model/case.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { display } from '../model/files.ts';
import type { LoadedCase } from '../model/case.ts';
import { loadProbes } from '../model/load-probes.ts';
import { RUNTIME_KINDS, runtimeKey, type RuntimeName } from '../model/runtime-spec.ts';
import { show } from '../judge/verdicts.ts';
import { rowsOf, sweepLine, sweepMarkdown, trialIn } from '../report/version-sweep.ts';
import { publishRuntimeSweep } from '../report/publish-sweep.ts';
import { sweepOptionsSentence } from '../report/sweep-options.ts';
import type { Report } from '../model/report.ts';
import { notices } from './run.ts';
import { bisectText } from './bisect-text.ts';
import { stopped, stoppedExit, stopSignal } from './stop.ts';

export interface RuntimeSweep {
  runtime: RuntimeName;
  range: string;
  latestPer?: 'minor' | 'major';
  probe: string;
  cases: LoadedCase[];
  fact?: FactName;
  format: string;
  /** The directory each release's report is written to. */
  dir: string;
  /** Where to publish the sweep (results/sweeps): into <probe>-on-<runtime>/ below it. */
  publish?: string;
  jobs?: number;
}

export async function sweepRuntime(s: RuntimeSweep): Promise<number> {
  const { package: pkg, title } = RUNTIME_KINDS[s.runtime];
  const versions = pickVersions(publishedVersions(pkg), s.range, s.latestPer);
  if (versions.length === 0) throw new InputError([`no published release of ${title} (${pkg}) is in ${s.range}`]);
  const probes = loadProbes([s.probe]);
  const name = probes[0].spec.name;
  const at = (v: string) => ({ probes, runtime: runtimeFor(`${s.runtime}@${v}`) });

  if (s.fact !== undefined) {
    const found = await bisectFact({ at, fact: s.fact, versions, cases: s.cases, runtime: at(versions[0]).runtime, jobs: s.jobs, stop: stopSignal() }, (v, value) =>
      process.stderr.write(`${name} on ${s.runtime}@${v}: ${s.fact} = ${show(value as never)}\n`),
    );
    if (stoppedExit() !== null) return stopped('the bisection did not finish');
    process.stdout.write(bisectText(s.cases[0].spec.id, s.fact, found, versions, 'releases', ` on ${title}`));
    return EXIT.ok;
  }

  fs.mkdirSync(s.dir, { recursive: true });
  const columns = [];
  const files: string[] = [];
  const runs: Array<{ release: string; report: Report }> = [];
  for (const v of versions) {
    const runtime = runtimeFor(`${s.runtime}@${v}`);
    const file = `${runtimeKey(named(runtime))}.json`;
    process.stderr.write(`childproof: ${name} on ${title} ${v}\n`);
    const report = await runPipeline({ probes, cases: s.cases, runtime, jobs: s.jobs, out: path.join(s.dir, file), stop: stopSignal() }, notices);
    if (report.interrupted) return stopped(`on ${title} ${v}, ${report.interrupted.finished} of ${report.interrupted.planned} trials finished; nothing published`);
    columns.push({ version: v, trial: trialIn(report, name, `${file}#`) });
    runs.push({ release: v, report });
    files.push(file);
  }
  const rows = rowsOf(s.cases.map((c) => c.spec.id), columns);
  const where = display(s.dir);
  const options = runs.map(({ release, report }) => ({ version: release, options: report.probes.find((p) => p.name === name)?.options }));
  const called = sweepOptionsSentence(options, 'release');
  if (s.publish) {
    const dir = path.join(s.publish, `${path.basename(name)}-on-${s.runtime}`);
    const written = publishRuntimeSweep(runs, name, dir);
    process.stderr.write(`childproof: published ${written.length} file(s) to ${display(dir)}\n`);
  }
  if (s.format === 'json') process.stdout.write(`${JSON.stringify({ probe: name, runtime: s.runtime, versions, options: Object.fromEntries(options.map((o) => [o.version, o.options ?? {}])), reports: files.map((f) => path.join(where, f)), rows }, null, 2)}\n`);
  else if (s.format === 'md') process.stdout.write(`${called}\n\n${sweepMarkdown(rows, (_r, seg) => (seg.trials[0] ? `${where}/${seg.trials[0]}` : null))}`);
  else {
    process.stdout.write(`${name} on ${title}: ${versions.length} releases (${versions[0]}–${versions.at(-1)}), ${s.cases.length} case(s); ${rows.length} fact(s) changed\n${called}\n`);
    for (const r of rows) process.stdout.write(`  ${sweepLine(r)}\n`);
    process.stdout.write(`Reports: ${where}/\n`);
  }
  return EXIT.ok;
}

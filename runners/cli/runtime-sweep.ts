// `childproof sweep --runtime bun --versions RANGE --probe NAME`: one probe on every
// release of a runtime in a range (engine/sweep-run.ts runs them, one run per release), each
// report kept in the sweep's directory; printed per case and fact as the releases over
// which each value held. `--bisect FACT` finds the first release where that fact changed.

import fs from 'node:fs';
import path from 'node:path';
import { bisectSweep, runSweep } from '../engine/sweep-run.ts';
import { pickVersions, publishedVersions } from '../identity/versions.ts';
import type { FactName, LoadedCase } from '../model/case.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { loadProbes } from '../model/load-probes.ts';
import { RUNTIME_KINDS, type RuntimeName } from '../model/runtime-spec.ts';
import { show } from '../judge/verdicts.ts';
import { sweepLine, sweepMarkdown } from '../report/version-sweep.ts';
import { publishRuntimeSweep } from '../report/publish-sweep.ts';
import { sweepOptionsSentence } from '../report/sweep-options.ts';
import { notices } from './run.ts';
import { bisectText } from './bisect-text.ts';
import { stopped, stoppedExit, stopSignal } from './stop.ts';

interface RuntimeSweep {
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
  const name = loadProbes([s.probe])[0].spec.name;
  const request = { probe: s.probe, axis: { kind: 'runtime' as const, runtime: s.runtime, versions }, cases: s.cases, jobs: s.jobs, stop: stopSignal() };

  if (s.fact !== undefined) {
    const found = await bisectSweep({ ...request, fact: s.fact }, (v, value) => process.stderr.write(`${name} on ${s.runtime}@${v}: ${s.fact} = ${show(value as never)}\n`));
    if (stoppedExit() !== null) return stopped('the bisection did not finish');
    process.stdout.write(bisectText(s.cases[0].spec.id, s.fact, found, versions, 'releases', ` on ${title}`));
    return EXIT.ok;
  }

  fs.mkdirSync(s.dir, { recursive: true });
  const swept = await runSweep({ ...request, out: s.dir }, notices);
  if (swept.interrupted) return stopped(`on ${title} ${swept.interrupted.version}, ${swept.interrupted.finished} of ${swept.interrupted.planned} trials finished; nothing published`);
  const where = display(s.dir);
  const called = sweepOptionsSentence(swept.options, 'release');
  if (s.publish) {
    const dir = path.join(s.publish, `${path.basename(name)}-on-${s.runtime}`);
    const written = publishRuntimeSweep(swept.runs.map((r) => ({ release: r.version, report: r.report })), name, dir);
    process.stderr.write(`childproof: published ${written.length} file(s) to ${display(dir)}\n`);
  }
  const { rows } = swept;
  const options = Object.fromEntries(swept.options.map((o) => [o.version, o.options ?? {}]));
  if (s.format === 'json') process.stdout.write(`${JSON.stringify({ probe: name, runtime: s.runtime, versions, options, reports: swept.runs.map((r) => path.join(where, r.file)), rows }, null, 2)}\n`);
  else if (s.format === 'md') process.stdout.write(`${called}\n\n${sweepMarkdown(rows, (_r, seg) => (seg.trials[0] ? `${where}/${seg.trials[0]}` : null))}`);
  else {
    process.stdout.write(`${name} on ${title}: ${versions.length} releases (${versions[0]}–${versions.at(-1)}), ${s.cases.length} case(s); ${rows.length} fact(s) changed\n${called}\n`);
    for (const r of rows) process.stdout.write(`  ${sweepLine(r)}\n`);
    process.stdout.write(`Reports: ${where}/\n`);
  }
  return EXIT.ok;
}

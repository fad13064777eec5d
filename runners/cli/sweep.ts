// `childproof sweep --probe NAME --versions RANGE`: one package probe at every published
// version in a range, side by side in one run (engine/sweep-run.ts runs it), printed per case
// and fact as the versions over which each value held. `--bisect FACT` instead finds the
// first version where that fact changed, running a logarithmic number of versions.

import path from 'node:path';
import { bisectSweep, runSweep } from '../engine/sweep-run.ts';
import { runtimeFromFlags } from '../identity/runtime.ts';
import { pickVersions, publishedVersions } from '../identity/versions.ts';
import { FACT_NAMES, type FactName } from '../model/case.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { loadAllCases, selectCases } from '../model/load-cases.ts';
import { loadProbes } from '../model/load-probes.ts';
import { checkOutput } from '../model/output.ts';
import { parseRuntimeSpec } from '../model/runtime-spec.ts';
import { show } from '../judge/verdicts.ts';
import { publishSweep } from '../report/publish-sweep.ts';
import { sweepOptionsSentence } from '../report/sweep-options.ts';
import { sweepLine, sweepMarkdown } from '../report/version-sweep.ts';
import { sweepRuntime } from './runtime-sweep.ts';
import { bisectText } from './bisect-text.ts';
import { notices } from './run.ts';
import { parse, positiveInt, string, strings } from './args.ts';
import { stopped, stoppedExit, stopSignal } from './stop.ts';

export async function cmdSweep(args: string[]): Promise<number> {
  const { values } = parse(args, {
    probe: { type: 'string' },
    versions: { type: 'string' },
    case: { type: 'string', multiple: true },
    'latest-per': { type: 'string' },
    bisect: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    publish: { type: 'string' },
    node: { type: 'string' }, runtime: { type: 'string' },
    jobs: { type: 'string' },
  });
  const name = string(values.probe);
  const range = string(values.versions);
  if (!name || !range) throw new InputError(['sweep needs --probe NAME and --versions RANGE']);
  // A runtime named without a release: the versions are the runtime's, not the package's.
  const overRuntime = string(values.runtime);
  if (overRuntime !== undefined && !overRuntime.includes('@')) {
    const { name: runtime } = parseRuntimeSpec(overRuntime);
    if (values.node !== undefined) throw new InputError(['sweep --runtime NAME sweeps that runtime\'s releases; --node has no place beside it']);
    const { latestPer, format, cases, fact } = sweepChoices(values);
    const jobs = values.jobs === undefined ? undefined : positiveInt(values.jobs, 'jobs', 1);
    const dir = string(values.out) ?? `sweep-${path.basename(name)}-${runtime}`;
    return sweepRuntime({ runtime, range, latestPer, probe: name, cases, fact, format, dir, jobs, publish: string(values.publish) });
  }
  const out = string(values.out) ?? `sweep-${path.basename(name)}.json`;
  // A bad --out is refused before anything is installed; the run claims it (engine/run-output.ts).
  checkOutput(out);
  return sweep(values, name, range, out);
}

/** What both kinds of sweep take alike, checked. */
function sweepChoices(values: ReturnType<typeof parse>['values']) {
  const latestPer = string(values['latest-per']);
  if (latestPer !== undefined && latestPer !== 'minor' && latestPer !== 'major') throw new InputError([`--latest-per expects minor or major, not "${latestPer}"`]);
  const format = string(values.format) ?? 'table';
  if (!['table', 'md', 'json'].includes(format)) throw new InputError([`--format expects table, md or json, not "${format}"`]);
  const cases = selectCases(loadAllCases(), strings(values.case).length ? strings(values.case) : ['core']);
  const fact = string(values.bisect);
  if (fact !== undefined) {
    if (!(FACT_NAMES as readonly string[]).includes(fact)) throw new InputError([`--bisect expects a fact (${FACT_NAMES.join(', ')}), not "${fact}"`]);
    if (cases.length !== 1) throw new InputError([`--bisect follows one fact of one case: give exactly one --case (${cases.length} selected)`]);
  }
  return { latestPer: latestPer as 'minor' | 'major' | undefined, format, cases, fact: fact as FactName | undefined };
}

async function sweep(values: ReturnType<typeof parse>['values'], name: string, range: string, out: string): Promise<number> {
  const { latestPer, format, cases, fact } = sweepChoices(values);
  const [base] = loadProbes([name]);
  const id = base.spec.identity;
  if (id.kind !== 'package') throw new InputError([`sweep --probe ${name}: expected a probe of an npm package`]);
  const versions = pickVersions(publishedVersions(id.name), range, latestPer);
  if (versions.length === 0) throw new InputError([`no published version of ${id.name} is in ${range}`]);
  const jobs = values.jobs === undefined ? undefined : positiveInt(values.jobs, 'jobs', 1);
  const request = { probe: name, axis: { kind: 'package' as const, versions, runtime: runtimeFromFlags(values) }, cases, jobs, stop: stopSignal() };

  if (fact !== undefined) {
    const found = await bisectSweep({ ...request, fact }, (v, value) => process.stderr.write(`${name}@${v}: ${fact} = ${show(value as never)}\n`));
    if (stoppedExit() !== null) return stopped('the bisection did not finish');
    process.stdout.write(bisectText(cases[0].spec.id, fact, found, versions, 'versions'));
    return EXIT.ok;
  }

  const swept = await runSweep({ ...request, out }, notices);
  if (swept.interrupted) return stopped(`${swept.interrupted.finished} of ${swept.interrupted.planned} trials finished; ${display(out)} holds them, marked interrupted; nothing published`);
  const { rows } = swept;
  const called = sweepOptionsSentence(swept.options);
  const publish = string(values.publish);
  if (publish) {
    const dir = path.join(publish, path.basename(name));
    const written = publishSweep(swept.runs[0].report, path.basename(name), dir);
    process.stderr.write(`childproof: published ${written.length} file(s) to ${display(dir)}\n`);
  }
  const options = Object.fromEntries(swept.options.map((o) => [o.version, o.options ?? {}]));
  if (format === 'json') process.stdout.write(`${JSON.stringify({ probe: name, versions, options, report: display(out), rows }, null, 2)}\n`);
  else if (format === 'md') process.stdout.write(`${called}\n\n${sweepMarkdown(rows, (_r, s) => (s.trials[0] ? `${display(out)}#${s.trials[0]}` : null))}`);
  else {
    process.stdout.write(`${name}: ${versions.length} versions (${versions[0]}–${versions.at(-1)}), ${cases.length} case(s); ${rows.length} fact(s) changed\n${called}\n`);
    for (const r of rows) process.stdout.write(`  ${sweepLine(r)}\n`);
    process.stdout.write(`Report: ${display(out)}\n`);
  }
  return EXIT.ok;
}

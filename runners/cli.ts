// The command line: parse, dispatch, and turn every user mistake into one clear line and
// a distinct exit code.

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, InputError, IntegrityError } from './errors.ts';
import {
  builtinProbeNames,
  loadAllCases,
  loadCase,
  loadProbe,
  loadProbeDir,
  loadProbes,
  lintCoverage,
  shippedProbes,
  expectationFiles,
  lintExpectations,
  lintProbe,
  readJson,
  selectCases,
} from './load.ts';
import { assertSupportedPlatform, PlatformError } from './observe.ts';
import { buildReport, environment, InvalidReportError, writeReport } from './report.ts';
import { renderTable } from './render.ts';
import { divergencesFrom, writeDivergences } from './bless.ts';
import { compareReports, renderComparison } from './compare.ts';
import { pinFiles, pinGit, pinPackage } from './pin.ts';
import { readPublished, renderFindings, splitByProbe } from './publish.ts';
import { parseSources, verifyProbes } from './prepare.ts';
import { type Expectations, renderReplay, replayExpectations, replayFailed, replayReport } from './replay.ts';
import { defaultJobs, runTrials } from './run.ts';
import { runtimeFor } from './runtime.ts';
import { validate } from './schemas.ts';
import type { LoadedProbe, Report } from './types.ts';
import { TOOL_VERSION } from './version.ts';

const USAGE = `childproof ${TOOL_VERSION}: what is true when a child-process call is aborted or times out.

Usage:
  childproof run [--probe NAME|DIR]... [--case ID|GLOB|FILE]... [--source [NAME=]PATH]...
                 [--node VERSION] [--out FILE] [--jobs N] [--keep]
  childproof verify [--probe NAME|DIR]... [--source [NAME=]PATH]... [--node VERSION]
  childproof pin --file F... [--root DIR] | --checkout DIR --rev REV --path P... | --package NAME
  childproof replay FILE [--source [NAME=]PATH]... [--probe NAME|DIR]... [--node VERSION]
  childproof compare A.json B.json
  childproof bless REPORT... [--probe NAME]... [--why TEXT]
  childproof publish REPORT [--dir results]
  childproof list
  childproof validate [FILE]...
  childproof help

Exit codes: 0 every outcome as expected; 1 some outcome is not (fail, unexpected-pass,
error, unknown); 2 a usage or input error; 3 a probe's code is not the pinned code;
4 an unsupported platform (Windows); 130 interrupted.`;

function parse(args: string[], options: NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new InputError([`${(err as Error).message}\n\n${USAGE}`]);
  }
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(value)) throw new InputError([`--${name} expects a positive whole number, not "${value}"`]);
  return Number(value);
}

async function cmdRun(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    probe: { type: 'string', multiple: true },
    case: { type: 'string', multiple: true },
    source: { type: 'string', multiple: true },
    node: { type: 'string' },
    out: { type: 'string' },
    jobs: { type: 'string' },
    keep: { type: 'boolean' },
  });
  if (positionals.length) throw new InputError([`unexpected argument "${positionals[0]}"\n\n${USAGE}`]);
  const jobs = positiveInt(values.jobs as string | undefined, 'jobs', defaultJobs());
  const allCases = loadAllCases();
  const cases = selectCases(allCases, (values.case as string[] | undefined) ?? []);
  const probes = chosenProbes(values.probe as string[] | undefined);
  const lint = probes.flatMap((p) => lintProbe(p, [...new Set([...allCases, ...cases])]));
  if (lint.length) throw new InputError(lint);
  const sources = parseSources((values.source as string[] | undefined) ?? [], probes.map((p) => p.spec.name));

  const runtime = runtimeFor(values.node as string | undefined);
  const run = await runTrials(probes, cases, { jobs, keep: values.keep as boolean | undefined, sources, runtime });
  const report = buildReport({ probes: run.probes, cases, trials: run.trials, environment: environment(runtime), createdAt: new Date().toISOString() });
  if (values.out) writeReport(values.out as string, report);
  process.stdout.write(`${renderTable(report)}\n`);
  if (values.out) process.stdout.write(`Report: ${values.out}\n`);
  return report.summary.asExpected ? EXIT.ok : EXIT.notAsExpected;
}

function chosenProbes(names: string[] | undefined): LoadedProbe[] {
  return loadProbes(names ?? builtinProbeNames());
}

/** Checks identities and runs nothing. */
function cmdVerify(args: string[]): number {
  const { values, positionals } = parse(args, {
    probe: { type: 'string', multiple: true },
    source: { type: 'string', multiple: true },
    node: { type: 'string' },
  });
  if (positionals.length) throw new InputError([`unexpected argument "${positionals[0]}"\n\n${USAGE}`]);
  const probes = chosenProbes(values.probe as string[] | undefined);
  const sources = parseSources((values.source as string[] | undefined) ?? [], probes.map((p) => p.spec.name));
  for (const v of verifyProbes(probes, sources, runtimeFor(values.node as string | undefined))) {
    const name = v.probe.spec.name.padEnd(24);
    if (v.status === 'unavailable') {
      process.stdout.write(`unavailable  ${name} ${v.reason}\n`);
      continue;
    }
    const w = v.verified;
    const what =
      w.kind === 'builtin'
        ? `${w.module} in node ${w.node} (binary sha256 ${w.nodeSha256})`
        : `${w.files.length} file(s) from ${w.source}${w.commit ? ` at ${w.commit}` : ''}${w.package ? ` of ${w.package.name}@${w.package.version}` : ''}`;
    process.stdout.write(`verified     ${name} ${w.kind}: ${what}\n`);
  }
  return EXIT.ok;
}

function cmdPin(args: string[]): number {
  const { values, positionals } = parse(args, {
    file: { type: 'string', multiple: true },
    root: { type: 'string' },
    checkout: { type: 'string' },
    rev: { type: 'string' },
    path: { type: 'string', multiple: true },
    package: { type: 'string' },
  });
  if (positionals.length) throw new InputError([`unexpected argument "${positionals[0]}"\n\n${USAGE}`]);
  const files = values.file as string[] | undefined;
  const chosen = [files?.length, values.checkout, values.package].filter(Boolean).length;
  if (chosen !== 1) throw new InputError([`pin takes exactly one of --file, --checkout or --package\n\n${USAGE}`]);
  let identity;
  if (files?.length) identity = pinFiles(files, values.root as string | undefined);
  else if (values.checkout) {
    if (!values.rev) throw new InputError(['pin --checkout needs --rev']);
    identity = pinGit(values.checkout as string, values.rev as string, (values.path as string[] | undefined) ?? []);
  } else identity = pinPackage(values.package as string, process.cwd());
  process.stdout.write(`${JSON.stringify({ identity }, null, 2)}\n`);
  return EXIT.ok;
}

/** Records reports' failures as the named probes' known divergences. */
function cmdBless(args: string[]): number {
  const { values, positionals } = parse(args, { probe: { type: 'string', multiple: true }, why: { type: 'string' } });
  if (positionals.length === 0) throw new InputError([`bless takes one or more report files\n\n${USAGE}`]);
  const reports = positionals.map((file) => {
    const { data } = readJson(file);
    const problems = validate('report', data, file);
    if (problems.length) throw new InputError(problems);
    return data as Report;
  });
  const names = (values.probe as string[] | undefined) ?? [...new Set(reports.flatMap((r) => r.probes.map((p) => p.name)))];
  for (const probe of loadProbes(names)) {
    if (!reports.some((r) => r.probes.some((p) => p.name === probe.spec.name))) {
      throw new InputError([`no report has trials of probe ${probe.spec.name}`]);
    }
    const why = values.why as string | undefined;
    const divergences = divergencesFrom(reports, probe.spec.name, (sentence) => why ?? sentence, probe.spec.knownDivergences ?? []);
    writeDivergences(probe, divergences);
    process.stdout.write(`${probe.spec.name}: ${divergences.length} known divergence(s) written to ${probe.file}\n`);
  }
  return EXIT.ok;
}

/** Files a run's report per probe and version, and regenerates the findings table. */
function cmdPublish(args: string[]): number {
  const { values, positionals } = parse(args, { dir: { type: 'string' } });
  if (positionals.length !== 1) throw new InputError([`publish takes one report file\n\n${USAGE}`]);
  const { data } = readJson(positionals[0]);
  const problems = validate('report', data, positionals[0]);
  if (problems.length) throw new InputError(problems);
  const dir = (values.dir as string | undefined) ?? 'results';
  for (const { file, report } of splitByProbe(data as Report)) {
    writeReport(path.join(dir, file), report);
    process.stdout.write(`wrote ${path.join(dir, file)}\n`);
  }
  const readme = path.join(dir, 'README.md');
  fs.writeFileSync(`${readme}.tmp`, `${renderFindings(readPublished(dir))}\n`);
  fs.renameSync(`${readme}.tmp`, readme);
  process.stdout.write(`wrote ${readme}\n`);
  return EXIT.ok;
}

async function cmdReplay(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    probe: { type: 'string', multiple: true },
    source: { type: 'string', multiple: true },
    node: { type: 'string' },
    jobs: { type: 'string' },
  });
  if (positionals.length !== 1) throw new InputError([`replay takes one report or published-expectations file\n\n${USAGE}`]);
  const file = positionals[0];
  const { data } = readJson(file);
  const isExpectations = (data as { kind?: unknown })?.kind === 'published-expectations';
  const problems = validate(isExpectations ? 'expectations' : 'report', data, file);
  if (problems.length) throw new InputError(problems);
  const probeNames = values.probe as string[] | undefined;
  const known = [...((data as { probes?: Array<{ name: string }> }).probes ?? []).map((p) => p.name), (data as { probe?: string }).probe ?? ''];
  const opts = {
    sources: parseSources((values.source as string[] | undefined) ?? [], [...known, ...(probeNames ?? [])]),
    probes: probeNames,
    jobs: positiveInt(values.jobs as string | undefined, 'jobs', defaultJobs()),
    runtime: runtimeFor(values.node as string | undefined),
  };
  const replay = isExpectations ? await replayExpectations(data as Expectations, opts) : await replayReport(data as Report, opts);
  process.stdout.write(`${renderReplay(replay, `childproof replay ${file}`)}\n`);
  return replayFailed(replay) ? EXIT.notAsExpected : EXIT.ok;
}

/** Two reports, trial by trial: the facts and outcomes that differ. */
function cmdCompare(args: string[]): number {
  const { positionals } = parse(args, {});
  if (positionals.length !== 2) throw new InputError([`compare takes two report files\n\n${USAGE}`]);
  const [a, b] = positionals.map((file) => {
    const { data } = readJson(file);
    const problems = validate('report', data, file);
    if (problems.length) throw new InputError(problems);
    return data as Report;
  });
  const comparison = compareReports(a, b);
  process.stdout.write(`${renderComparison(comparison)}\n`);
  return comparison.differences.length || comparison.onlyIn.length ? EXIT.notAsExpected : EXIT.ok;
}

function cmdList(args: string[]): number {
  parse(args, {});
  const cases = loadAllCases();
  const probes = shippedProbes();
  const table = (rows: Array<[string, string]>) => {
    const width = Math.max(...rows.map(([a]) => a.length));
    return rows.map(([a, b]) => `  ${a.padEnd(width)}  ${b}\n`).join('');
  };
  process.stdout.write(`Probes:\n${table(probes.filter((p) => !p.spec.mutant).map((p) => [p.spec.name, p.spec.title]))}`);
  process.stdout.write(`Mutants of the reference:\n${table(probes.filter((p) => p.spec.mutant).map((p) => [p.spec.name, `breaks ${p.spec.mutant!.breaks}`]))}`);
  process.stdout.write(`Cases:\n${table(cases.map((c) => [c.spec.id, c.spec.title]))}`);
  return EXIT.ok;
}

/** Validates every shipped case and probe, or the files named: cases, probes and reports. */
function cmdValidate(args: string[]): number {
  const { positionals } = parse(args, {});
  const problems: string[] = [];
  const collect = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof InputError) problems.push(...err.problems);
      else throw err;
    }
  };
  let checked = 0;
  if (positionals.length === 0) {
    let cases: ReturnType<typeof loadAllCases> = [];
    let probes: LoadedProbe[] = [];
    collect(() => {
      cases = loadAllCases();
    });
    collect(() => {
      probes = shippedProbes();
    });
    checked += cases.length + probes.length;
    for (const probe of probes) problems.push(...lintProbe(probe, cases));
    if (probes.length) problems.push(...lintCoverage(cases, probes));
    for (const file of expectationFiles()) {
      collect(() => problems.push(...lintExpectations(file, cases)));
      checked++;
    }
  } else {
    for (const file of positionals) {
      collect(() => {
        if (file.endsWith('.case.json')) loadCase(file);
        else if (file.endsWith('probe.json')) {
          const probe: LoadedProbe = loadProbeDir(file.slice(0, -'probe.json'.length) || '.');
          problems.push(...lintProbe(probe, loadAllCases()));
        } else if ((readJson(file).data as { kind?: unknown })?.kind === 'published-expectations') {
          problems.push(...lintExpectations(file, loadAllCases()));
        } else {
          problems.push(...validate('report', readJson(file).data, file));
        }
        checked++;
      });
    }
  }
  if (problems.length) throw new InputError(problems);
  process.stdout.write(`${checked} file(s) valid\n`);
  return EXIT.ok;
}

const VERBS: Record<string, (args: string[]) => number | Promise<number>> = {
  run: cmdRun,
  verify: cmdVerify,
  pin: cmdPin,
  replay: cmdReplay,
  compare: cmdCompare,
  bless: cmdBless,
  publish: cmdPublish,
  list: cmdList,
  validate: cmdValidate,
};

export async function main(argv: string[]): Promise<number> {
  const [verb, ...rest] = argv;
  assertSupportedPlatform();
  // `childproof run --help` asks for help, not for a run with an unknown option.
  if (verb !== undefined && Object.hasOwn(VERBS, verb) && (rest.includes('--help') || rest.includes('-h'))) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (verb !== undefined && Object.hasOwn(VERBS, verb)) return VERBS[verb](rest);
  if (verb === '--version') {
    process.stdout.write(`${TOOL_VERSION}\n`);
    return EXIT.ok;
  }
  if (verb === undefined || ['help', '--help', '-h'].includes(verb)) {
    process.stdout.write(`${USAGE}\n`);
    return verb === undefined ? EXIT.input : EXIT.ok;
  }
  throw new InputError([`unknown command "${verb}"\n\n${USAGE}`]);
}

export async function cli(argv: string[]): Promise<void> {
  let code: number;
  try {
    code = await main(argv);
  } catch (err) {
    if (err instanceof InputError || err instanceof IntegrityError) {
      process.stderr.write(`${err.problems.map((p) => `childproof: ${p}`).join('\n')}\n`);
      code = err.exitCode;
    } else if (err instanceof PlatformError) {
      process.stderr.write(`childproof: ${err.message}\n`);
      code = EXIT.platform;
    } else if (err instanceof InvalidReportError) {
      process.stderr.write(`${err.message}\n`);
      code = EXIT.internal;
    } else {
      throw err;
    }
  }
  process.exitCode = code;
}

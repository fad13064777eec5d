// `childproof run`: every chosen case against every chosen probe, on real processes. Each
// finished trial is appended to a stream beside the report until the report is written;
// SIGINT, SIGTERM or SIGHUP stop the run, and the finished trials are written, marked
// interrupted. A runner killed outright leaves the stream for `report --from`.

import { withControls } from '../engine/controls.ts';
import { parseSources, type Sources } from '../engine/prepare.ts';
import { runTrials } from '../engine/run.ts';
import { parseShard, type Shard } from '../engine/shard.ts';
import { runtimeFor, type Runtime } from '../identity/runtime.ts';
import type { LoadedCase } from '../model/case.ts';
import { EXIT, InputError, SIGNAL_EXIT } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { lintProbe } from '../model/lint.ts';
import { loadAllCases, selectCases } from '../model/load-cases.ts';
import { builtinProbeNames, isBrought, loadProbes } from '../model/load-probes.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { Report } from '../model/report.ts';
import { buildReport, environment } from '../report/build.ts';
import { writeReport } from '../report/report-file.ts';
import { publishedDurations } from '../report/durations.ts';
import { renderTable, type View } from '../report/render.ts';
import { skippedProbes, testedNothing } from '../report/skipped.ts';
import { openStream, streamFileFor, type Stream } from '../report/stream.ts';
import { parse, positiveInt, string, strings, terminalView } from './args.ts';
import { claimOutput } from './claim-output.ts';
import { modeFor, reporter } from './progress.ts';

/** The probes named (or found in the directories given); every built-in one by default. */
export function chosenProbes(names: string[]): LoadedProbe[] {
  return loadProbes(names.length ? names : builtinProbeNames());
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export async function cmdRun(args: string[]): Promise<number> {
  const { values } = parse(args, {
    probe: { type: 'string', multiple: true },
    case: { type: 'string', multiple: true },
    source: { type: 'string', multiple: true },
    node: { type: 'string' },
    out: { type: 'string' },
    jobs: { type: 'string' },
    repeat: { type: 'string' },
    shard: { type: 'string' },
    keep: { type: 'boolean' },
    'allow-skipped': { type: 'boolean' },
    table: { type: 'string' },
    quiet: { type: 'boolean' },
  });
  const view = terminalView(string(values.table), values.quiet === true);
  const jobs = values.jobs === undefined ? undefined : positiveInt(values.jobs, 'jobs', 1);
  const repeat = positiveInt(values.repeat, 'repeat', 1);
  const shard = parseShard(string(values.shard));
  const allCases = loadAllCases();
  const probes = chosenProbes(strings(values.probe));
  const { cases, added } = withControls(selectCases(allCases, strings(values.case)), allCases, probes);
  if (added.length) process.stderr.write(`childproof: added ${added.map((c) => c.spec.id).join(', ')} as a control: a verdict needs a trial that ran a command\n`);
  const lint = probes.flatMap((p) => lintProbe(p, [...new Set([...allCases, ...cases])]));
  if (lint.length) throw new InputError(lint);
  const sources = parseSources(strings(values.source), probes.map((p) => p.spec.name));
  const runtime = runtimeFor(string(values.node));
  const out = string(values.out);
  const release = out !== undefined ? claimOutput(out) : () => {};
  try {
    const { code, report } = await runAndReport({ probes, cases, sources, runtime, out, jobs, repeat, shard, keep: values.keep === true, view });
    return code === EXIT.ok && values['allow-skipped'] !== true ? testedSomething(report, probes) : code;
  } finally {
    release();
  }
}

async function runAndReport(o: {
  probes: LoadedProbe[];
  cases: LoadedCase[];
  sources: Sources;
  runtime: Runtime;
  out: string | undefined;
  jobs: number | undefined;
  repeat: number;
  shard: Shard | undefined;
  keep: boolean;
  view: View;
}): Promise<{ code: number; report: Report }> {
  const { probes, cases, sources, runtime, out, jobs, repeat, shard, view } = o;
  const createdAt = new Date().toISOString();
  const env = environment(runtime);

  const stopper = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (!stopper.signal.aborted) process.stderr.write(`childproof: ${signal}: starting no more trials and ending those still running\n`);
    stopper.abort(signal);
  };
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
  const shown = reporter(process.stderr, modeFor(process.stderr, view.quiet));
  let stream: Stream | null = null;
  let run;
  try {
    run = await runTrials(probes, cases, {
      jobs,
      repeat,
      shard,
      keep: o.keep,
      sources,
      runtime,
      stop: stopper.signal,
      durations: publishedDurations(runtime.version, cases),
      afterPrepare: (_prepared, heads, planned) => {
        if (!out) return;
        // The report's own header, as buildReport writes it, before any trial.
        const { trials: _t, summary: _s, ...header } = buildReport({ probes: heads, cases, trials: [], environment: env, createdAt, repeat, shard });
        stream = openStream(streamFileFor(out), { kind: 'run', ...header, planned });
      },
      onResult: (t) => {
        stream?.trial(t);
        shown.result(t);
      },
      onProgress: (p) => shown.progress(p),
    });
  } finally {
    shown.end();
    for (const s of STOP_SIGNALS) process.off(s, onSignal);
  }
  const interrupted = run.interrupted ? { by: run.interrupted, planned: run.planned, finished: run.trials.length } : undefined;
  const report = buildReport({ probes: run.probes, cases, trials: run.trials, environment: env, createdAt, repeat, shard, interrupted });
  if (out) writeReport(out, report);
  // The report is whole: the stream it was kept safe in has served.
  (stream as Stream | null)?.end(interrupted);
  (stream as Stream | null)?.remove();
  process.stdout.write(`${renderTable(report, view)}\n`);
  if (out) process.stdout.write(`Report: ${display(out)}\n`);
  if (interrupted) {
    process.stderr.write(`childproof: interrupted by ${interrupted.by}: ${interrupted.finished} of ${interrupted.planned} trials finished${out ? `; the report holds them, marked interrupted` : ''}\n`);
    return { code: SIGNAL_EXIT[interrupted.by] ?? EXIT.interrupted, report };
  }
  return { code: report.summary.asExpected ? EXIT.ok : EXIT.notAsExpected, report };
}

/**
 * A run that tested nothing, or in which a probe the user brought (a directory, or
 * NAME@VERSION) had every trial skipped, proved nothing: exit 1, saying why. The default
 * run over the built-in probes may skip some (a runtime they do not run on, code not
 * supplied): the table says so, once per probe, and the run still passes.
 */
function testedSomething(report: Report, probes: LoadedProbe[]): number {
  const brought = new Set(probes.filter(isBrought).map((p) => p.spec.name));
  const idle = skippedProbes(report).filter((s) => brought.has(s.probe));
  if (!testedNothing(report) && idle.length === 0) return EXIT.ok;
  const why = testedNothing(report) ? 'every trial was skipped' : `${idle.map((s) => s.probe).join(', ')} had every trial skipped`;
  process.stderr.write(`childproof: nothing was tested where it was asked for: ${why}; --allow-skipped accepts that\n`);
  return EXIT.notAsExpected;
}

// `childproof run`: every chosen case against every chosen probe, on real processes. Each
// finished trial is appended to a stream beside the report until the report is written;
// SIGINT, SIGTERM or SIGHUP stop the run, and the finished trials are written, marked
// interrupted. A runner killed outright leaves the stream for `report --from`.

import { parseSources } from '../engine/prepare.ts';
import { runPipeline, type PipelineEvent, type PipelineRequest } from '../engine/pipeline.ts';
import { parseShard } from '../engine/shard.ts';
import { runtimeFromFlags } from '../identity/runtime.ts';
import { EXIT, InputError, SIGNAL_EXIT } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { isBrought } from '../model/load-probes.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { Report } from '../model/report.ts';
import { select } from '../model/selection.ts';
import { acceptHints, renderTable, type View } from '../report/render.ts';
import { untested } from '../report/skipped.ts';
import { parse, positiveInt, string, strings, terminalView } from './args.ts';
import { modeFor, reporter } from './progress.ts';
import { stopSignal } from './stop.ts';

export async function cmdRun(args: string[]): Promise<number> {
  const { values } = parse(args, {
    probe: { type: 'string', multiple: true },
    case: { type: 'string', multiple: true },
    source: { type: 'string', multiple: true },
    node: { type: 'string' }, runtime: { type: 'string' },
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
  const { probes, cases, allCases } = select(strings(values.probe), strings(values.case));
  const sources = parseSources(strings(values.source), probes.map((p) => p.spec.name));
  const runtime = runtimeFromFlags(values);
  const out = string(values.out);
  const { code, report } = await runAndReport({ probes, cases, allCases, sources, runtime, out, jobs, repeat, shard, keep: values.keep === true, view });
  return code === EXIT.ok && values['allow-skipped'] !== true ? testedSomething(report, probes) : code;
}

/** What an earlier, dead run left and this one cleaned: said on stderr, nothing else shown. */
export function notices(e: PipelineEvent): void {
  if (e.kind === 'notice') process.stderr.write(`childproof: ${e.line}\n`);
}

async function runAndReport(o: PipelineRequest & { view: View }): Promise<{ code: number; report: Report }> {
  const { view, ...request } = o;
  const { out } = request;
  const shown = reporter(process.stderr, modeFor(process.stderr, view.quiet));
  let report: Report;
  try {
    report = await runPipeline({ ...request, stop: stopSignal() }, (e) => {
      notices(e);
      if (e.kind === 'trial') shown.result(e.trial);
      if (e.kind === 'progress') shown.progress(e.progress);
    });
  } finally {
    shown.end();
  }
  const { interrupted } = report;
  process.stdout.write(`${renderTable(report, view)}\n`);
  if (out) process.stdout.write(`Report: ${display(out)}\n`);
  if (out) for (const line of acceptHints(report, display(out), view.width)) process.stdout.write(`${line}\n`);
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
  const why = untested(report, new Set(probes.filter(isBrought).map((p) => p.spec.name)));
  if (why === null) return EXIT.ok;
  process.stderr.write(`childproof: nothing was tested where it was asked for: ${why}; --allow-skipped accepts that\n`);
  return EXIT.notAsExpected;
}

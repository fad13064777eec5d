// `childproof run`: every chosen case against every chosen probe, on real processes; a probe
// that cannot run on the host runs on a release it can (engine/runtime-choice.ts), its report
// beside the host's (`latest@node-v24.19.0.json`). Each
// finished trial is appended to a stream beside the report until the report is written;
// SIGINT, SIGTERM or SIGHUP stop the run, and the finished trials are written, marked
// interrupted. A runner killed outright leaves the stream for `report --from`.

import { parseSources } from '../engine/prepare.ts';
import { runPipeline, type PipelineRequest } from '../engine/pipeline.ts';
import type { RunEvent } from '../engine/events.ts';
import { parseShard } from '../engine/shard.ts';
import path from 'node:path';
import { chooseRuntimes, probeNeeds } from '../engine/runtime-choice.ts';
import { hostRuntime, named, runtimeFor, runtimeFromFlags, type Runtime } from '../identity/runtime.ts';
import { RUNTIME_KINDS, runtimeKey, runtimeText, type RuntimeName } from '../model/runtime-spec.ts';
import { EXIT, SIGNAL_EXIT } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { checkOutput } from '../model/output.ts';
import { isBrought } from '../model/load-probes.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { Report } from '../model/report-types.ts';
import { select } from '../model/selection.ts';
import { acceptHints, renderTable, type View } from '../report/render-terminal.ts';
import { testedNothing, untested } from '../report/skipped.ts';
import { streamFileFor } from '../report/stream.ts';
import { say } from './say.ts';
import { list } from '../report/verdict.ts';
import { parse, positiveInt, string, strings, terminalView } from './args.ts';
import { modeFor, reporter } from './progress.ts';
import { stoppedExit, stopSignal } from './stop.ts';

/** How a command that runs another's work is shown it: `transient`, the report goes with a
 *  work folder once the caller has read it, so its path is no place to send a reader. */
export interface Within {
  transient?: boolean;
  /** Where a skeleton init writes is to be kept, when the probe's own folder goes (check's). */
  keepSkeleton?: (probeName: string) => string;
  /** A packed package's own directory: a skeleton kept pins its files there, since the package as installed goes with the work folder. */
  skeletonFrom?: string;
}

export async function cmdRun(args: string[], within: Within = {}): Promise<number> {
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
  const out = string(values.out);
  // A --out that can never be written is refused before any probe is verified or any
  // target installed: on an empty cache that is minutes of work for nothing.
  if (out !== undefined) for (const [file, option] of [[out, '--out'], [streamFileFor(out), '--out (its stream)']]) checkOutput(file, option);
  const common = { cases, allCases, sources, jobs, repeat, shard, keep: values.keep === true, view };
  const asked = values.runtime !== undefined || values.node !== undefined;
  // Without a runtime asked for, each probe runs where it can (engine/runtime-choice.ts); a
  // shard is a part of one run, so it stays on the host.
  const groups = asked || shard ? [{ spec: null, probes }] : chooseRuntimes(probeNeeds(probes, sources, hostRuntime()), hostRuntime());
  let worst: number = EXIT.ok;
  const parts: Array<{ report: Report; runtime: Runtime }> = [];
  for (const [index, group] of groups.entries()) {
    // Said before the install, which may take a while.
    if (group.spec !== null) say(`${list(group.probes.map((p) => p.spec.name))} ${group.probes.length === 1 ? 'runs' : 'run'} on ${specText(group.spec)}, not the host's ${runtimeText(named(hostRuntime()))}: ${group.why}`);
    const runtime = group.spec === null ? runtimeFromFlags(values) : runtimeFor(group.spec);
    // --out names the first report (the host's, when any probe runs there); the others sit beside it.
    const where = index === 0 || !out ? out : besideOut(out, runtime);
    const { code, report } = await runAndReport({ ...common, probes: group.probes, runtime, out: where, ...within });
    parts.push({ report, runtime });
    worst = worse(worst, code);
    if (stoppedExit() !== null) break;
  }
  // Judged over every part: one runtime's part with nothing it could test is said, not a failure.
  return worst === EXIT.ok && values['allow-skipped'] !== true ? testedSomething(parts, probes) : worst;
}

/** `results/latest.json` of a run on Node 24.19.0: `results/latest@node-v24.19.0.json`, beside it. */
function besideOut(out: string, runtime: Runtime): string {
  const ext = path.extname(out) || '.json';
  return path.join(path.dirname(out), `${path.basename(out, path.extname(out))}@${runtimeKey(named(runtime))}${ext}`);
}

/** A stop by a signal first, then not as expected, then ok. */
function worse(a: number, b: number): number {
  const rank = (c: number) => (c === EXIT.ok ? 0 : c === EXIT.notAsExpected ? 1 : 2);
  return rank(b) > rank(a) ? b : a;
}

/** `node@24.19.0` as a sentence names it: Node 24.19.0. */
const specText = (spec: string) => {
  const [name, release] = spec.split('@');
  return `${RUNTIME_KINDS[name as RuntimeName].title} ${release}`;
};


/** What an earlier, dead run left and this one cleaned, or a control it added: said on
 *  stderr, folded to a terminal's width (off one, a line each, for logs and greps). */
export function notices(e: RunEvent): void {
  if (e.kind === 'notice') say(e.line);
}


async function runAndReport(o: PipelineRequest & { view: View } & Within): Promise<{ code: number; report: Report }> {
  const { view, transient, ...request } = o;
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
  const kept = transient ? undefined : out;
  if (kept) process.stdout.write(`Report: ${display(kept)}\n`);
  if (kept) for (const line of acceptHints(report, display(kept), view.width)) process.stdout.write(`${line}\n`);
  if (interrupted) {
    say(`interrupted by ${interrupted.by}: ${interrupted.finished} of ${interrupted.planned} trials finished${out ? `; the report holds them, marked interrupted` : ''}`);
    return { code: SIGNAL_EXIT[interrupted.by] ?? EXIT.interrupted, report };
  }
  return { code: report.summary.asExpected ? EXIT.ok : EXIT.notAsExpected, report };
}

/**
 * A run that tested nothing, or in which a probe the user brought (a directory, or
 * NAME@VERSION) had every trial skipped, proved nothing: exit 1, saying why. The default
 * run over the built-in probes may skip some (a runtime they do not run on, code not
 * supplied): the table says so, once per probe, and the run still passes; so does a run
 * one of whose runtime parts could test nothing while another tested what was asked, and
 * that part is named.
 */
function testedSomething(parts: Array<{ report: Report; runtime: Runtime }>, probes: LoadedProbe[]): number {
  const why = untested(parts.map((p) => p.report), new Set(probes.filter(isBrought).map((p) => p.spec.name)));
  if (why === null) {
    for (const idle of parts.filter((p) => testedNothing(p.report))) {
      const reasons = [...new Set(idle.report.trials.map((t) => t.reason ?? t.outcome))];
      say(`on ${runtimeText(named(idle.runtime))} nothing could be tested (${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? '; …' : ''}); the other runtimes tested what was asked`);
    }
    return EXIT.ok;
  }
  say(`nothing was tested where it was asked for: ${why}; --allow-skipped accepts that`);
  return EXIT.notAsExpected;
}

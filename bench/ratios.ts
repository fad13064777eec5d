// make bench: four ratios, each measured side by side in this one run. Ratios, never
// thresholds: the machine is shared and its speed varies, the ratios much less.
//   (a) the field-note suite's wall time over its longest trial run alone;
//   (b) the default suite's wall time over its floor: max(its longest trial run alone,
//       the trials' Node starts x one bare start's CPU / cores), the start measured here;
//   (c) the default suite's CPU per trial over its Node starts plus the target's import,
//       each import measured alone;
//   (d) what a trial's subreaper costs, start to end, over one bare Node start.
// A trial's Node starts are the ones no harness can spare: the process that makes the call
// (the worker, or a server's client) and each process its case starts (the fixtures its
// observations record, or the server's tree). Two, the worker and one child, undercounted
// every case whose child has children, calls several times or runs a server. A start is
// measured as a trial's processes start, in their environment (engine/trial-env.ts).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PreparedProbe } from '../runners/identity/prepare-target.ts';
import { prepareProbes } from '../runners/engine/prepare.ts';
import { hostRuntime } from '../runners/identity/runtime.ts';
import { runPipeline } from '../runners/engine/pipeline.ts';
import { trialEnv } from '../runners/engine/trial-env.ts';
import type { LoadedCase } from '../runners/model/case.ts';
import { loadAllCases } from '../runners/model/load-cases.ts';
import { builtinProbeNames, loadProbes } from '../runners/model/load-probes.ts';
import type { LoadedProbe } from '../runners/model/probe.ts';
import type { TrialResult } from '../runners/model/report-types.ts';
import { noReaper, reaperCommand } from '../runners/os/reaper.ts';
import { childrenCpuMs, commandCpuMs, measure } from './cpu.ts';

const NODE = process.execPath;
const STARTS = 10;
const START_ENV = trialEnv('bench');
const cores = os.availableParallelism();
const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(72)} ${value}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The import of a probe's target alone: a node that imports it, less a bare node. */
function importCpuMs(p: PreparedProbe, bare: number): number {
  const id = p.probe.spec.identity;
  const m = p.material;
  const urls = id.kind === 'builtin' ? [id.module] : m ? (typeof m.entryUrls === 'string' ? [m.entryUrls] : Object.values(m.entryUrls)) : [];
  // A TypeScript entry is imported as the trials import it: as its transpiled JavaScript.
  const imports = urls.map((u) => (m?.transpiled[u] ? `file://${m.transpiled[u]}` : u));
  const script = imports.map((u) => `await import(${JSON.stringify(u)});`).join('');
  return Math.max(0, commandCpuMs([NODE, '--input-type=module', '-e', script], 5, START_ENV) - bare);
}

/** Average CPU of the reaper running `argv`, over `times` runs, with the pipe it speaks on. */
function reaperCpuMs(argv: string[], times: number): number {
  const before = childrenCpuMs();
  for (let i = 0; i < times; i++) {
    const r = spawnSync(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`the reaper exited with ${r.status}`);
  }
  return (childrenCpuMs() - before) / times;
}

/** The Node processes a trial could not do without, as its observations record them. */
function nodeStarts(t: TrialResult): number {
  const o = t.observations;
  const made = !o ? undefined : 'fixtures' in o ? o.fixtures?.records.length : 'server' in o ? o.server?.tree?.length : undefined;
  return 1 + (made ?? 1);
}

/** How long a trial took, as its worker saw it: its last timeline event. */
const span = (t: TrialResult) => Math.max(0, ...(t.timeline ?? []).map((e) => e.ms));

/** The suite's longest trial, run again alone: its wall time is part of the floor. */
async function longestAlone(probes: LoadedProbe[], cases: LoadedCase[], trials: TrialResult[]): Promise<{ id: string; wallMs: number }> {
  const longest = [...trials].sort((a, b) => span(b) - span(a))[0];
  const probe = probes.filter((p) => p.spec.name === longest.probe);
  const c = cases.filter((x) => x.spec.id === longest.case);
  return { id: `${longest.probe} ${longest.case}`, wallMs: (await measure(() => runPipeline({ probes: probe, cases: c }))).wallMs };
}

const all = loadAllCases();
const bare = commandCpuMs([NODE, '-e', '0'], STARTS, START_ENV);
line(`one bare Node start (mean of ${STARTS})`, `${bare.toFixed(1)} ms of CPU`);
// What each trial's subreaper adds (os/reaper.ts): the reaper starting `true` and ending, its word on fd 3.
const reaper = reaperCommand('/bin/true', []);
const reaperMs = reaper ? reaperCpuMs(reaper, STARTS) : null;
line(`one trial's subreaper, start to end (mean of ${STARTS})`, reaperMs === null ? `none here: ${noReaper()}` : `${reaperMs.toFixed(1)} ms of CPU`);

// (a)
const fieldNote = all.filter((c) => c.spec.id.startsWith('field-notes/abort-before-process-exit/'));
const reference = loadProbes(['reference']);
const field = await measure(() => runPipeline({ probes: reference, cases: fieldNote }));
const fieldLongest = await longestAlone(reference, fieldNote, field.value.trials);
line(`field-note suite: ${fieldNote.length} trials`, seconds(field.wallMs));
line(`  its longest trial alone (${fieldLongest.id})`, seconds(fieldLongest.wallMs));

// (b) and (c)
const probes = loadProbes(builtinProbeNames());
const suite = await measure(() => runPipeline({ probes, cases: all }));
const ran = suite.value.trials.filter((t) => t.outcome !== 'unsupported' && t.outcome !== 'unavailable');
const longest = await longestAlone(probes, all, ran);
const starts = ran.reduce((sum, t) => sum + nodeStarts(t), 0);
const floor = Math.max(longest.wallMs, (starts * bare) / cores);
line(`default suite: ${ran.length} trials run of ${suite.value.trials.length}`, `${seconds(suite.wallMs)} wall, ${seconds(suite.cpuMs)} CPU`);
line(`  its longest trial alone (${longest.id})`, seconds(longest.wallMs));
line(`  its trials' Node starts (the worker and the processes each case starts)`, `${starts}, ${(starts / ran.length).toFixed(2)} a trial`);
line(`  floor: max(that, ${starts} x ${bare.toFixed(1)} ms / ${cores} cores)`, seconds(floor));

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'childproof-bench-'));
let imports: Map<string, number>;
try {
  const prepared = prepareProbes(probes, { byProbe: {} }, scratch, hostRuntime());
  imports = new Map(prepared.filter((p) => p.verified && !p.unsupported).map((p) => [p.probe.spec.name, importCpuMs(p, bare)]));
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
const meanImport = ran.reduce((sum, t) => sum + (imports.get(t.probe) ?? 0), 0) / ran.length;
const perTrial = suite.cpuMs / ran.length;
const unavoidable = (starts / ran.length) * bare + meanImport;
line('  CPU per trial', `${perTrial.toFixed(1)} ms, of which the runner's own ${(suite.ownMs / ran.length).toFixed(1)} ms`);
line("  its Node starts + the target's import alone (mean over the trials)", `${unavoidable.toFixed(1)} ms`);
// Not one of the three: the floor (b) leaves the targets' imports out, and they alone can
// keep the cores busy longer than the bare starts do. This says how much of (b) is theirs:
// the same floor, its spread over the cores counting the imports too.
const withImports = Math.max(longest.wallMs, (ran.length * unavoidable) / cores);
line(`  for reading (b): max(longest alone, trials x (Node starts + import) / cores)`, `${seconds(withImports)}, wall / that ${(suite.wallMs / withImports).toFixed(2)} (goal <= 1.3)`);
// The ratio as it was first defined, every trial counted as two starts: kept to compare with.
line('  for reading (c): CPU per trial / (2 bare starts + import)', (perTrial / (2 * bare + meanImport)).toFixed(2));

process.stdout.write('\n');
line('(a) field-note suite / its longest trial alone      (goal <= 1.1)', (field.wallMs / fieldLongest.wallMs).toFixed(2));
line('(b) default suite / its floor                       (goal <= 1.5)', (suite.wallMs / floor).toFixed(2));
line('(c) CPU per trial / (its Node starts + import)       (goal <= 1.1)', (perTrial / unavoidable).toFixed(2));
if (reaperMs !== null) line("(d) a trial's subreaper / one bare Node start         (what it adds)", (reaperMs / bare).toFixed(2));

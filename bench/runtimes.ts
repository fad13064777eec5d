// make bench, part two: the default suite (every built-in probe on every case) on Node,
// Bun and Deno, one after another in this one run: wall time and CPU per trial on each,
// and each over Node's. Ratios measured side by side, never thresholds. The runtimes are
// installed before anything is timed. BENCH_RUNTIMES names them (bun@1.4.4 deno@2.9.6).

import { runPipeline } from '../runners/engine/pipeline.ts';
import { hostRuntime, named, runtimeFor, type Runtime } from '../runners/identity/runtime.ts';
import { loadAllCases } from '../runners/model/load-cases.ts';
import { builtinProbeNames, loadProbes } from '../runners/model/load-probes.ts';
import { runtimeText } from '../runners/model/runtime-spec.ts';
import { measure } from './cpu.ts';

const others = (process.env.BENCH_RUNTIMES ?? 'bun@1.4.4 deno@2.9.6').split(/\s+/).filter(Boolean);
const runtimes: Runtime[] = [hostRuntime(), ...others.map((s) => runtimeFor(s))];
const probes = loadProbes(builtinProbeNames());
const cases = loadAllCases();
const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(40)} ${value}\n`);

const rows: Array<{ name: string; ran: number; errors: number; wallMs: number; cpuPerTrial: number }> = [];
for (const runtime of runtimes) {
  const { value, wallMs, cpuMs } = await measure(() => runPipeline({ probes, cases, runtime }));
  const ran = value.trials.filter((t) => t.outcome !== 'unsupported' && t.outcome !== 'unavailable');
  rows.push({ name: runtimeText(named(runtime)), ran: ran.length, errors: ran.filter((t) => t.outcome === 'error').length, wallMs, cpuPerTrial: cpuMs / Math.max(1, ran.length) });
}

process.stdout.write('\ndefault suite on each runtime (trials that ran; errors among them)\n');
const node = rows[0];
for (const r of rows) {
  line(`  ${r.name}: ${r.ran} trials, ${r.errors} errors`, `${(r.wallMs / 1000).toFixed(2)} s wall (${(r.wallMs / node.wallMs).toFixed(2)} x Node), ${r.cpuPerTrial.toFixed(1)} ms CPU per trial (${(r.cpuPerTrial / node.cpuPerTrial).toFixed(2)} x Node)`);
}

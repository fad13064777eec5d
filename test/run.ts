// `make test` and `make test-all`: the tier's files dealt by weight to one uvu process per
// core (support/deal.ts), run side by side, each one's output printed whole when it ends,
// then one summary in uvu's words over all of them. An interrupt is passed on to every
// process, whose suites end what they started, and waited for.
//
//   node --import tsx test/run.ts           the tier CHILDPROOF_TEST_TIER names (support/tier.ts)
//   node --import tsx test/run.ts --weigh   runs each file alone and records its weight in test/weights.json
//
// CHILDPROOF_TEST_SHARDS sets how many processes (default: the cores).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cliBuild } from '../bin/cli-build.mjs';
import { childrenCpuMs } from '../bench/cpu.ts';
import { addUp, deal, patternFor, summaryOf, summaryText, tierFiles } from './support/deal.ts';
import { FULL_TIER } from './support/tier.ts';

const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(TEST_DIR);
const WEIGHTS = path.join(TEST_DIR, 'weights.json');
const TIER = FULL_TIER ? 'all' : 'inner';
const UVU = [process.execPath, '--import', 'tsx', path.join(ROOT, 'node_modules', 'uvu', 'bin.js'), 'test'];

type Weights = Record<string, Record<string, number>>;
const readWeights = (): Weights => (fs.existsSync(WEIGHTS) ? JSON.parse(fs.readFileSync(WEIGHTS, 'utf8')) : {});
const files = tierFiles(
  fs.readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/')),
  FULL_TIER,
);

/**
 * Each file alone, one after another: the mean of its CPU (its workers' and fixtures'
 * included) and its wall time, in seconds. CPU alone dealt the files whose trials mostly
 * wait (the servers', the calibration's) to one process, which then ran 40 s past the other.
 */
function weigh(): void {
  const measured: Record<string, number> = {};
  for (const f of files) {
    const [cpu, wall] = [childrenCpuMs(), performance.now()];
    const r = spawnSync(UVU[0], [...UVU.slice(1), patternFor([f]), '--no-color'], { cwd: ROOT, stdio: 'ignore' });
    measured[f] = Math.round((childrenCpuMs() - cpu + performance.now() - wall) / 200) / 10;
    process.stdout.write(`${String(measured[f]).padStart(6)} s  ${f}${r.status === 0 ? '' : `  (exit ${r.status})`}\n`);
  }
  fs.writeFileSync(WEIGHTS, `${JSON.stringify({ ...readWeights(), [TIER]: measured }, null, 2)}\n`);
}

async function runDealt(): Promise<number> {
  const count = Number(process.env.CHILDPROOF_TEST_SHARDS) || os.availableParallelism();
  const hands = deal(files, readWeights()[TIER] ?? {}, count);
  const started = performance.now();
  // The command line's build, made once here: else every process's first commands, started
  // together on a fresh clone, would each make the same build at once.
  await cliBuild();
  const children = hands.map((hand) => spawn(UVU[0], [...UVU.slice(1), patternFor(hand), '--no-color'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }));
  let interrupted: NodeJS.Signals | null = null;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      interrupted ??= signal;
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill(signal);
    });
  }
  process.stdout.write(`${files.length} test files in ${hands.length} processes side by side (${TIER} tier)\n`);
  const results = await Promise.all(
    children.map(
      (child, i) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          let output = '';
          child.stdout!.on('data', (d) => (output += d));
          child.stderr!.on('data', (d) => (output += d));
          // 'close': every byte of its output read, not only its exit.
          child.on('close', (code) => {
            process.stdout.write(`\n── process ${i + 1} of ${hands.length}: ${hands[i].length} files ──\n${output}`);
            resolve({ code, output });
          });
        }),
    ),
  );
  const sum = addUp(results.map((r) => summaryOf(r.output)));
  process.stdout.write(`\n${summaryText(sum, performance.now() - started)}\n\n`);
  if (interrupted) return 128 + os.constants.signals[interrupted as NodeJS.Signals];
  return results.every((r) => r.code === 0) && sum.passed + sum.skipped === sum.total ? 0 : 1;
}

if (process.platform === 'win32') {
  process.stderr.write('childproof: the tests need POSIX signals and /proc or ps; Windows is not supported\n');
  process.exit(2);
}
if (process.argv.includes('--weigh')) weigh();
else process.exitCode = await runDealt();

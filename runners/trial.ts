// Runs one planned trial in a fresh worker process with its own directory, then turns
// what the worker saw into facts, verdicts and an outcome.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { watchAfterCaller } from './after-caller.ts';
import { sweepTrial } from './cleanup.ts';
import { buildTimeline, deriveDurations, deriveFacts, deriveMemory, unmetPrecondition } from './facts.ts';
import type { PlannedTrial } from './plan.ts';
import type { PreparedProbe } from './prepare.ts';
import type { Runtime } from './runtime.ts';
import { readEvents, readRecords } from './trial-files.ts';
import type { TrialSpec } from './trial-spec.ts';
import type { History, TrialResult } from './types.ts';
import { classify, explain, judge } from './verdicts.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** childproof's own code and the loader it runs TypeScript with: not the target's. */
const HARNESS_DIRS = [HERE, ...['tsx', 'esbuild', 'get-tsconfig', 'resolve-pkg-maps'].map((p) => path.join(HERE, '..', 'node_modules', p))];
const WORKER = path.join(HERE, 'worker.ts');
export const FIXTURE = path.join(HERE, 'fixture.mjs');
const TSX = import.meta.resolve('tsx');

export const DEFAULT_DEADLINE_MS = 10_000;
/** Time a worker may spend starting up and writing its history, beyond the case's own. */
const WORKER_SLACK_MS = 20_000;

export interface TrialContext {
  runDir: string;
  runTag: string;
  keep: boolean;
  /** Worker process groups still running, so an interrupted run can end them. */
  live: Map<number, { dir: string; tag: string }>;
  runtime: Runtime;
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-3).join(' | ');
  } catch {
    return '';
  }
}

function runWorker(specFile: string, dir: string, limitMs: number, ctx: TrialContext, tag: string) {
  return new Promise<{ pid: number | null; code: number | null; overran: boolean }>((resolve) => {
    const out = fs.openSync(path.join(dir, 'worker.out'), 'w');
    const err = fs.openSync(path.join(dir, 'worker.err'), 'w');
    // detached: the worker leads its own process group, so everything the target spawns
    // in that group can be found and ended afterwards. Output goes to files, not pipes,
    // so a fixture holding them cannot delay the runner.
    const worker = spawn(ctx.runtime.execPath, ['--import', TSX, WORKER, specFile], {
      cwd: dir,
      detached: true,
      stdio: ['ignore', out, err],
    });
    fs.closeSync(out);
    fs.closeSync(err);
    const pid = worker.pid ?? null;
    if (pid !== null) ctx.live.set(pid, { dir, tag });
    let overran = false;
    const guard = setTimeout(() => {
      overran = true;
      if (pid !== null) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {}
      }
    }, limitMs);
    worker.once('error', () => {
      clearTimeout(guard);
      resolve({ pid, code: null, overran });
    });
    worker.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ pid, code, overran });
    });
  });
}

function targetSpec(p: PreparedProbe): TrialSpec['target'] {
  const id = p.probe.spec.identity;
  if (id.kind === 'builtin') return { kind: 'builtin', module: id.module };
  const m = p.material!;
  return {
    kind: 'material',
    entryUrls: m.entryUrls,
    materialUrl: `${pathToFileURL(m.dir).href}/`,
    originalRootUrl: m.originalRoot ? `${pathToFileURL(m.originalRoot).href}/` : null,
    transpiled: m.transpiled,
  };
}

/**
 * Modules a trial loaded that are neither the verified copy, nor childproof itself, nor
 * the probe's adapter, nor Node's builtins: code that ran without being pinned.
 */
function unverified(modules: string[], p: PreparedProbe): string[] {
  const adapterDir = path.dirname(path.join(p.probe.codeDir, p.probe.spec.adapter));
  const trusted = [...HARNESS_DIRS, p.probe.dir, adapterDir, ...(p.material ? [p.material.dir] : [])].map((d) => `${pathToFileURL(d).href}/`);
  return modules
    .filter((url) => url.startsWith('file:') && !trusted.some((t) => url.startsWith(t)))
    .map((url) => displayModule(fileURLToPath(url)))
    .sort();
}

/** node_modules paths from the package on; anything else as it is. */
function displayModule(file: string): string {
  const i = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  return i >= 0 ? file.slice(i + 1) : file;
}

/** How often a trial whose precondition failed (see unmetPrecondition) is run again. */
const ATTEMPTS = 3;

export async function runTrial(t: PlannedTrial, ctx: TrialContext): Promise<TrialResult> {
  const probe = t.probe.probe;
  const base = { probe: probe.spec.name, case: t.case.spec.id };
  if (t.unsupported) return { ...base, outcome: 'unsupported', reason: t.unsupported };
  if (t.unavailable) return { ...base, outcome: 'unavailable', reason: t.unavailable };
  let result: TrialResult | null = null;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { trial, unmet } = await attemptTrial(t, ctx, attempt);
    result = attempt > 1 ? { ...trial, attempts: attempt } : trial;
    if (!unmet) return result;
    if (attempt === ATTEMPTS) return { ...result, outcome: 'error', reason: `${unmet}, in all ${ATTEMPTS} attempts` };
  }
  return result!;
}

async function attemptTrial(t: PlannedTrial, ctx: TrialContext, attempt: number): Promise<{ trial: TrialResult; unmet: string | null }> {
  const probe = t.probe.probe;
  const base = { probe: probe.spec.name, case: t.case.spec.id };

  const caseSpec = t.case.spec;
  const dir = path.join(ctx.runDir, `t${t.index}-${attempt}`);
  fs.mkdirSync(dir, { recursive: true });
  const deadlineMs = caseSpec.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const tag = `${ctx.runTag}-t${t.index}-${attempt}-`;
  const spec: TrialSpec = {
    dir,
    tag,
    capMs: deadlineMs + caseSpec.windowMs + WORKER_SLACK_MS,
    deadlineMs,
    fixture: FIXTURE,
    adapterPath: path.join(probe.codeDir, probe.spec.adapter),
    probeOptions: probe.spec.options ?? {},
    target: targetSpec(t.probe),
    case: caseSpec,
  };
  const specFile = path.join(dir, 'trial.json');
  fs.writeFileSync(specFile, JSON.stringify(spec));

  const worker = await runWorker(specFile, dir, deadlineMs + caseSpec.windowMs + WORKER_SLACK_MS, ctx, tag);
  const historyFile = path.join(dir, 'history.json');
  const saved: History | null = fs.existsSync(historyFile) ? JSON.parse(fs.readFileSync(historyFile, 'utf8')) : null;
  // A caller that exited on settlement leaves the runner to watch what it left running,
  // before the sweep ends it.
  const afterCaller =
    saved && caseSpec.caller === 'exits-on-settle' && saved.settlement.kind !== 'pending'
      ? await watchAfterCaller(dir, caseSpec.windowMs)
      : null;
  const leftovers = sweepTrial(dir, tag, worker.pid);
  if (worker.pid !== null) ctx.live.delete(worker.pid);

  try {
    if (!saved) {
      const why = worker.overran
        ? 'the trial worker did not finish in time and was killed'
        : `the trial worker exited with code ${worker.code} before recording anything`;
      const detail = tail(path.join(dir, 'worker.err'));
      return { trial: { ...base, outcome: 'error', reason: detail ? `${why}: ${detail}` : why, leftovers }, unmet: null };
    }
    const history: History = { ...saved, ...afterCaller };
    const observations = { history, records: readRecords(dir), events: readEvents(dir), leftovers };
    const facts = deriveFacts(caseSpec, observations);
    const verdicts = judge(caseSpec.assertions, facts);
    const known = (probe.spec.knownDivergences ?? []).filter((k) => k.case === caseSpec.id);
    const observed = {
      facts,
      verdicts: explain(verdicts, known),
      durations: deriveDurations(observations),
      memory: deriveMemory(history),
      leftovers,
      unverifiedModules: unverified(history.modules, t.probe),
      timeline: buildTimeline(observations),
    };
    // A failed precondition explains whatever else went wrong, so it is checked first.
    const unmet = unmetPrecondition(caseSpec, observations);
    if (history.problems.length > 0) {
      return { trial: { ...base, outcome: 'error', reason: history.problems.join('; '), ...observed }, unmet };
    }
    const { outcome, reason } = classify(verdicts, known);
    return { trial: { ...base, outcome, ...(reason ? { reason } : {}), ...observed }, unmet };
  } finally {
    if (!ctx.keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

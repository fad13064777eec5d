// One server case's trial: the client (fixture/server-client.mjs) starts the probe's
// program from its verified copy and applies the case's trigger; for parent-killed the
// runner kills the client with SIGKILL once the server is ready, as a crashed or killed
// host is. The runner watches the server's tree through the window, ends the client, and
// ends whatever is still running, each such process a leftover and a finding.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { judgeServerTrial } from '../judge/judge-server.ts';
import { DEFAULT_READY_MS, type LoadedCase, type ServerSetup } from '../model/case.ts';
import type { ServerObservations, ServerSight } from '../model/observations.ts';
import { SERVER_CLIENT } from '../model/paths.ts';
import type { TrialResult } from '../model/report.ts';
import { setupDigest } from '../model/setup.ts';
import { TOOL_VERSION } from '../model/version.ts';
import { makeCgroup } from '../os/cgroup.ts';
import { endLeftovers } from '../os/leftovers.ts';
import { MARK_VARIABLE, trialMark } from '../os/marks.ts';
import { killQuietly } from '../os/processes.ts';
import { readRegularFile } from '../protocol/safe-read.mjs';
import { now, PROTOCOL, whenSeen, writeAtomic } from '../protocol/trial-dir.mjs';
import type { PreparedProbe } from './prepare.ts';
import type { TrialContext } from './trial-context.ts';
import { serverLaunch } from './server-command.ts';
import { watchTree } from './server-watch.ts';

/** Beyond the case's own time: the client's start, and its answer to being ended. */
const SLACK_MS = 20_000;
/** How often the tree is looked at during the window: how late an exit can be seen. */
const SAMPLE_MS = 20;

type ClientEvent = { t: string; kind: string; pid?: number; answered?: boolean; code?: number | null; signal?: string | null; error?: string };

function clientEvents(dir: string): ClientEvent[] {
  const text = readRegularFile(path.join(dir, 'client.jsonl'), 1 << 20) ?? '';
  return text.split('\n').flatMap((line) => {
    try {
      return line ? [JSON.parse(line) as ClientEvent] : [];
    } catch {
      return [];
    }
  });
}

/** A program's last words: the line naming its error where there is one (a stack's
 *  first line, not its closing brace), else its last three lines. */
function tail(file: string, hide: Array<[string, string]>): string {
  let text = readRegularFile(file, 1 << 20) ?? '';
  // No path of this machine goes into a report: the run's directory and Node are named.
  for (const [path, name] of hide) text = text.split(path).join(name);
  const lines = text.trim().split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.find((l) => /^\w*Error\b/.test(l)) ?? lines.slice(-3).join(' | ');
}

/** Resolves once `seen` holds for the client's log, or with false once `over` does. */
function untilLogged(dir: string, seen: (e: ClientEvent[]) => boolean, over: () => boolean): Promise<boolean> {
  return new Promise((resolve) => whenSeen(dir, () => seen(clientEvents(dir)) || over(), () => false, () => resolve(seen(clientEvents(dir))), 50));
}

export async function runServerTrial(p: PreparedProbe, c: LoadedCase, ctx: TrialContext, name: string, started: () => void): Promise<TrialResult> {
  const spec = c.spec;
  const base = { probe: p.probe.spec.name, case: spec.id };
  const command = p.probe.spec.command!;
  // The program runs on the trial's Node (--node, --runtime node@V); the client on the host's.
  if (ctx.runtime.name !== 'node') return { ...base, outcome: 'unsupported', reason: `a program's probe runs its program with Node; this run is on ${ctx.runtime.name}` };
  const launch = serverLaunch(command, spec.server!, p.material!, ctx.runtime.execPath);
  if ('unsupported' in launch) return { ...base, outcome: 'unsupported', reason: launch.unsupported };
  const sdk = spec.trigger.kind === 'client-close' ? ctx.sdk : null;
  if (sdk && 'unavailable' in sdk) return { ...base, outcome: 'unavailable', reason: sdk.unavailable };
  const dir = path.join(ctx.runDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const mark = trialMark(ctx.runTag, name);
  const cgroup = ctx.cgroup ? makeCgroup(ctx.cgroup, name) : null;
  const readyMs = spec.server!.readyMs ?? DEFAULT_READY_MS;
  const hide: Array<[string, string]> = [[ctx.runDir, '<run>'], [ctx.runtime.execPath, 'node'], [process.execPath, 'node']];
  const specFile = path.join(dir, 'server-trial.json');
  const capMs = readyMs + spec.windowMs + SLACK_MS;
  const viaSdk = sdk ? { sdk: { client: sdk.client, stdio: sdk.stdio }, mark: { [MARK_VARIABLE]: mark } } : {};
  writeAtomic(specFile, JSON.stringify({ protocol: PROTOCOL, dir, cgroup, ...launch, handshake: spec.server!.handshake, readyMs, trigger: spec.trigger, capMs, version: TOOL_VERSION, ...viaSdk }));

  const err = fs.openSync(path.join(dir, 'client.err'), 'w');
  // detached: the client leads a process group, so whatever stays in it can be found.
  const client = spawn(process.execPath, [SERVER_CLIENT, specFile], { cwd: dir, env: { ...process.env, [MARK_VARIABLE]: mark }, detached: true, stdio: ['pipe', 'ignore', err] });
  fs.closeSync(err);
  client.stdin!.on('error', () => {});
  const clientPid = client.pid ?? null;
  let clientGone = clientPid === null;
  const clientExit = new Promise<void>((resolve) => client.once('exit', () => resolve()).once('error', () => resolve()));
  void clientExit.then(() => (clientGone = true));
  if (clientPid !== null) ctx.live.set(clientPid, { dir, mark });
  const limit = setTimeout(() => clientPid !== null && killQuietly(clientPid), capMs);

  try {
    const ready = await untilLogged(dir, (e) => e.some((x) => x.kind === 'ready'), () => clientGone);
    started();
    if (!ready) return { ...base, outcome: 'error', reason: `the client ended before the server was ready: ${tail(path.join(dir, 'client.err'), hide) || 'no message'}` };
    const events = () => clientEvents(dir);
    const startedEvent = events().find((e) => e.kind === 'started');
    // The tree as it stands before the trigger, so each process's first parent is known.
    const watch = startedEvent?.pid !== undefined && clientPid !== null ? watchTree({ mark, cgroup, startedPid: startedEvent.pid, client: clientPid }) : null;
    watch?.sample();
    let triggerT: string | null = null;
    if (spec.trigger.kind === 'parent-killed') {
      triggerT = now();
      if (clientPid !== null) killQuietly(clientPid);
    } else {
      client.stdin!.write('trigger\n');
      await untilLogged(dir, (e) => e.some((x) => x.kind === 'trigger'), () => clientGone);
      triggerT = events().find((e) => e.kind === 'trigger')?.t ?? null;
    }
    if (watch) {
      // The window from the trigger on; it closes early once every process seen is gone.
      const until = Date.now() + spec.windowMs;
      while (Date.now() < until && !ctx.stopped) {
        await new Promise((r) => setTimeout(r, SAMPLE_MS));
        watch.sample();
        if (watch.allGone()) break;
      }
    }
    const watchEnd = now();
    const tree = watch?.finish() ?? [];
    // The program was seen gone before its parent reaped it: let the client see its exit
    // (an event it logs) before it is ended, so the status is the client's to report.
    const startedGone = tree.some((p) => p.pid === startedEvent?.pid && p.gone !== null);
    if (startedGone && !clientGone) await untilLogged(dir, (e) => e.some((x) => x.kind === 'exit'), () => clientGone);
    // The client has seen what it will see: end it, so the program loses its parent only now.
    client.stdin!.end();
    await Promise.race([clientExit, new Promise((r) => setTimeout(r, 5_000))]);
    if (!clientGone && clientPid !== null) killQuietly(clientPid);
    await clientExit;
    const seen = events();
    const sight = { ...serverSight(seen, spec.trigger, triggerT, tree, watch?.by ?? 'pid', watchEnd, spec.server!.handshake, tail(path.join(dir, 'server.err'), hide)), ...(sdk ? { client: sdk.what } : {}) };
    // No fixture records itself here: a leftover's role is its place in the server's tree.
    const role = (pid: number) => (pid === startedEvent?.pid ? 'server' : 'server-descendant');
    const leftovers = endLeftovers([], mark, clientPid, cgroup).map((l) => ({ ...l, role: role(l.pid) }));
    const observations: ServerObservations = { setup: setupDigest(spec, p.probe.spec.options, command), server: sight, runner: { leftovers, containment: SERVER_CONTAINMENT } };
    return { ...base, ...judgeServerTrial(spec, observations, p.probe.knownDivergences), observations };
  } finally {
    clearTimeout(limit);
    if (!clientGone && clientPid !== null) killQuietly(-clientPid);
    if (clientPid !== null) ctx.live.delete(clientPid);
    if (!ctx.keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A server's client runs below no subreaper: a server that watches its parent (for init,
 * or for a pid that is gone) would see a reaper instead when its client goes, and the
 * trial would no longer be the one the case describes. Its cgroup and its mark find what
 * it leaves; what leaves both is not found, and the trial says so.
 */
const SERVER_CONTAINMENT = { reaper: 'none', why: "a server trial's client runs below no subreaper, so that a server sees its parent go as it would without childproof" } as const;

/** The client's log and the runner's watch, as the report keeps them. */
function serverSight(
  events: ClientEvent[],
  trigger: LoadedCase['spec']['trigger'],
  triggerT: string | null,
  tree: ServerSight['tree'],
  by: ServerSight['by'],
  watchEnd: string,
  handshake: ServerSetup['handshake'],
  stderr: string,
): ServerSight {
  const find = (kind: string) => events.find((e) => e.kind === kind);
  const startedE = find('started');
  const spawnError = find('spawn-error');
  const exit = find('exit');
  const sent = find('handshake-sent');
  const ready = find('ready');
  const problems: string[] = [];
  // Gone before its trigger: whatever followed says nothing about its leaving.
  if (exit && triggerT !== null && BigInt(exit.t) < BigInt(triggerT)) {
    problems.push(`the program ended before its trigger (${exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`})${stderr ? `: ${stderr}` : ''}`);
  }
  return {
    started: { t: startedE?.t ?? spawnError?.t ?? watchEnd, pid: startedE?.pid ?? null, error: spawnError?.error ?? null },
    handshake: handshake !== 'none' && sent ? { sent: sent.t, answered: ready?.answered ? ready.t : null, kind: handshake } : null,
    trigger: { kind: trigger.kind as ServerSight['trigger']['kind'], t: triggerT, ...(trigger.signal ? { signal: trigger.signal } : {}) },
    exit: exit ? { t: exit.t, code: exit.code ?? null, signal: exit.signal ?? null } : null,
    by,
    tree,
    watchEnd,
    problems,
  };
}

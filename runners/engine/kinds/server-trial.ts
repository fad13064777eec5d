// A server's trial: the client (fixture/server-client.mjs) starts the probe's program from
// its verified copy and applies the case's trigger; for parent-killed the runner kills the
// client with SIGKILL once the server is ready, as a crashed or killed host is. The runner
// watches the server's tree through the window, ends the client, and ends whatever is
// still running, each such process a leftover and a finding. Launch (server-launch.ts),
// client (server-client.ts), watch (server-watch.ts) and read (server-read.ts) are apart.

import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_READY_MS, type ServerSetup } from '../../model/case.ts';
import type { Leftover, ServerObservations, ServerProcess, ServerSight } from '../../model/observations.ts';
import { setupDigest } from '../../model/setup.ts';
import { TOOL_VERSION } from '../../model/version.ts';
import { makeCgroup } from '../../os/cgroup.ts';
import { endLeftovers } from '../../os/leftovers.ts';
import { MARK_VARIABLE, trialMark } from '../../os/marks.ts';
import { end } from '../../os/ender.ts';
import { CLIENT_ERR, now, SERVER_ERR } from '../../protocol/trial-dir.mjs';
import { writeServerTrialSpec } from '../trial-messages.ts';
import type { PlannedTrial } from '../planned-trial.ts';
import { kindModule, type Phases } from './trial-kind.ts';
import { clientEvents, startClient, untilLogged, type Client, type ClientEvent } from './server-client.ts';
import { serverLaunch } from './server-launch.ts';
import { SERVER_CONTAINMENT, serverSight, tail } from './server-read.ts';
import { watchServer, watchTree, type TreeWatch } from './server-watch.ts';

/** Beyond the case's own time: the client's start, and its answer to being ended. */
const SLACK_MS = 20_000;
/** How long the client has to go once its stdin is closed, before it is killed. */
const CLIENT_GRACE_MS = 5_000;

interface Prepared { t: PlannedTrial; setup: ServerSetup; dir: string; mark: string; cgroup: string | null; client: Client; hide: Array<[string, string]>; sdk: string | null }
type Ran = { ready: false } | { ready: true; started: ClientEvent | undefined; watch: TreeWatch | null; triggerT: string | null };
interface Watched { tree: ServerProcess[]; watchEnd: string; by: ServerSight['by'] }

const phases: Phases<Prepared, Ran, Watched, Leftover[]> = {
  name: 'server',
  attempts: 1,
  estimateMs: (spec) => 1_000 + spec.windowMs,

  prepare(t, ctx, name) {
    const spec = t.case.spec;
    const setup = spec.server!;
    // The program runs on the trial's Node (--node, --runtime node@V); the client on the host's.
    if (ctx.runtime.name !== 'node') return { notRun: { outcome: 'unsupported', reason: `a program's probe runs its program with Node; this run is on ${ctx.runtime.name}` } };
    const launch = serverLaunch(t.probe.probe.spec.command!, setup, t.probe.material!, ctx.runtime.execPath);
    if ('unsupported' in launch) return { notRun: { outcome: 'unsupported', reason: launch.unsupported } };
    const sdk = spec.trigger.kind === 'client-close' ? ctx.sdk : null;
    if (sdk && 'unavailable' in sdk) return { notRun: { outcome: 'unavailable', reason: sdk.unavailable } };
    const dir = path.join(ctx.runDir, name);
    fs.mkdirSync(dir, { recursive: true });
    const mark = trialMark(ctx.runTag, name);
    const cgroup = ctx.cgroup ? makeCgroup(ctx.cgroup, name) : null;
    // A program known never to answer says so (probe.json command.readyMs), and is waited on that long.
    const readyMs = t.probe.probe.spec.command!.readyMs ?? setup.readyMs ?? DEFAULT_READY_MS;
    const capMs = readyMs + spec.windowMs + SLACK_MS;
    const viaSdk = sdk ? { sdk: { client: sdk.client, stdio: sdk.stdio }, mark: { [MARK_VARIABLE]: mark } } : {};
    const specFile = writeServerTrialSpec(dir, { dir, cgroup, ...launch, handshake: setup.handshake, readyMs, trigger: spec.trigger, capMs, version: TOOL_VERSION, ...viaSdk });
    const client = startClient(dir, specFile, mark, capMs);
    if (client.pid !== null) ctx.live.set(client.pid, { dir, mark });
    const hide: Array<[string, string]> = [[ctx.runDir, '<run>'], [ctx.runtime.execPath, 'node'], [process.execPath, 'node']];
    return { t, setup, dir, mark, cgroup, client, hide, sdk: sdk ? sdk.what : null };
  },

  async run(p, _ctx, started) {
    const ready = await untilLogged(p.dir, p.client, (e) => e.some((x) => x.kind === 'ready'));
    started();
    if (!ready) return { ready: false };
    const startedEvent = clientEvents(p.dir).find((e) => e.kind === 'started');
    // The tree as it stands before the trigger, so each process's first parent is known.
    const watch = startedEvent?.pid !== undefined && p.client.pid !== null ? watchTree({ mark: p.mark, cgroup: p.cgroup, startedPid: startedEvent.pid, client: p.client.pid }) : null;
    watch?.sample();
    const trigger = p.t.case.spec.trigger;
    if (trigger.kind === 'parent-killed') {
      const triggerT = now();
      p.client.endNow('trigger');
      return { ready: true, started: startedEvent, watch, triggerT };
    }
    p.client.trigger();
    await untilLogged(p.dir, p.client, (e) => e.some((x) => x.kind === 'trigger'));
    return { ready: true, started: startedEvent, watch, triggerT: clientEvents(p.dir).find((e) => e.kind === 'trigger')?.t ?? null };
  },

  async watch(_p, r, ctx) {
    const watch = r.ready ? r.watch : null;
    if (watch) await watchServer(watch, _p.t.case.spec.windowMs, () => ctx.stopped);
    return { watchEnd: now(), tree: watch?.finish() ?? [], by: watch?.by ?? 'pid' };
  },

  async end(p, r, w) {
    const startedPid = r.ready ? r.started?.pid : undefined;
    // The program was seen gone before its parent reaped it: let the client see its exit
    // (an event it logs) before it is ended, so the status is the client's to report.
    const startedGone = w.tree.some((x) => x.pid === startedPid && x.gone !== null);
    if (startedGone && !p.client.gone()) await untilLogged(p.dir, p.client, (e) => e.some((x) => x.kind === 'exit'));
    // The client has seen what it will see: end it, so the program loses its parent only now.
    await p.client.end(CLIENT_GRACE_MS);
    // No fixture records itself here: a leftover's role is its place in the server's tree.
    const role = (pid: number) => (pid === startedPid ? 'server' : 'server-descendant');
    return endLeftovers([], p.mark, p.client.pid, p.cgroup).map((l) => ({ ...l, role: role(l.pid) }));
  },

  read(p, r, w, leftovers) {
    if (!r.ready) return { error: `the client ended before the server was ready: ${tail(path.join(p.dir, CLIENT_ERR), p.hide) || 'no message'}`, leftovers };
    const spec = p.t.case.spec;
    const seen = serverSight(clientEvents(p.dir), spec.trigger, r.triggerT, w.tree, w.by, w.watchEnd, p.setup.handshake, tail(path.join(p.dir, SERVER_ERR), p.hide));
    const observations: ServerObservations = {
      setup: setupDigest(spec, p.t.probe.probe.spec.options, p.t.probe.probe.spec.command),
      server: { ...seen, ...(p.sdk ? { client: p.sdk } : {}) },
      runner: { leftovers, containment: SERVER_CONTAINMENT },
    };
    return { observations };
  },

  close(p, ctx) {
    // The client's own group, whatever the trial came to: it leads it, and was started here.
    if (!p.client.gone() && p.client.pid !== null) end({ proof: { by: 'group', pgid: p.client.pid }, reason: 'client-done' });
    if (p.client.pid !== null) ctx.live.delete(p.client.pid);
    if (!ctx.keep) fs.rmSync(p.dir, { recursive: true, force: true });
  },
};

export const SERVER = kindModule(phases);

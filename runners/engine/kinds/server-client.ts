// A server trial's client (fixture/server-client.mjs), from the runner's side: started in
// a process group of its own with the trial's mark, its log (client.jsonl) read line by
// line through the protocol's schema, waited on by what it logs, and ended.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_CLIENT } from '../../model/paths.ts';
import { validateDef } from '../../model/schemas.ts';
import { end, type EndReason } from '../../os/ender.ts';
import { readRegularFile } from '../../protocol/safe-read.mjs';
import { CLIENT_ERR, CLIENT_LOG, whenSeen } from '../../protocol/trial-dir.mjs';
import { trialEnv } from '../trial-env.ts';

export type ClientEvent = { t: string; kind: string; pid?: number; answered?: boolean; code?: number | null; signal?: string | null; error?: string };

/** Each whole line of the client's log the protocol's schema accepts: the program runs in
 *  that directory as the same user, and could write anything there. */
export function clientEvents(dir: string): ClientEvent[] {
  const text = readRegularFile(path.join(dir, CLIENT_LOG), 1 << 20) ?? '';
  return text.split('\n').flatMap((line) => {
    try {
      const e: unknown = line ? JSON.parse(line) : null;
      return e !== null && validateDef('trial-dir', 'clientEvent', e, CLIENT_LOG).length === 0 ? [e as ClientEvent] : [];
    } catch {
      return [];
    }
  });
}

export interface Client {
  pid: number | null;
  gone(): boolean;
  /** Resolves once the client has exited (or never started). */
  exited: Promise<void>;
  /** Asks the client to apply its trigger. */
  trigger(): void;
  /** Closes its stdin, which ends it; SIGKILL after `graceMs` if it has not gone. */
  end(graceMs: number): Promise<void>;
  /** Kills it at once, for `reason` (a parent-killed trigger, say). */
  endNow(reason: EndReason): void;
}

/** Starts the client on `specFile`; `capMs` after which it is killed whatever it does. */
export function startClient(dir: string, specFile: string, mark: string, capMs: number): Client {
  const err = fs.openSync(path.join(dir, CLIENT_ERR), 'w');
  // detached: the client leads a process group, so whatever stays in it can be found.
  const child = spawn(process.execPath, [SERVER_CLIENT, specFile], { cwd: dir, env: trialEnv(mark), detached: true, stdio: ['pipe', 'ignore', err] });
  fs.closeSync(err);
  child.stdin!.on('error', () => {});
  const pid = child.pid ?? null;
  let gone = pid === null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()).once('error', () => resolve())).then(() => {
    gone = true;
  });
  const endNow = (reason: EndReason) => void end({ proof: { by: 'child', child }, reason });
  const limit = setTimeout(() => endNow('client-done'), capMs);
  void exited.then(() => clearTimeout(limit));
  return {
    pid,
    gone: () => gone,
    exited,
    trigger: () => child.stdin!.write('trigger\n'),
    async end(graceMs) {
      child.stdin!.end();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (grace = setTimeout(r, graceMs)))]);
      clearTimeout(grace);
      if (!gone) endNow('client-done');
      await exited;
    },
    endNow,
  };
}

/** Resolves once `seen` holds for the client's log, or with false once the client is gone. */
export function untilLogged(dir: string, client: Client, seen: (e: ClientEvent[]) => boolean): Promise<boolean> {
  return new Promise((resolve) => whenSeen(dir, () => seen(clientEvents(dir)) || client.gone(), () => false, () => resolve(seen(clientEvents(dir))), 50));
}

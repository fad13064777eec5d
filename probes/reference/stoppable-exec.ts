// A small stoppable exec helper that keeps every clause of the lifecycle contract the
// cases describe. It is childproof's known-good target: if a case fails against it, the
// case or the harness is wrong.
//
//   settles-after-exit      it settles on 'close', after the child (and everything holding
//                           its pipes) has gone, never on the abort itself; once a stopped
//                           child has exited, whatever still holds its pipes (a descendant
//                           that left the group) gets one grace period, then the pipes are
//                           closed, so the call settles rather than hangs
//   reason-preserved        an abort stays an abort and a timeout a timeout, even when the
//                           child exits 0 after the signal; the abort reason is the cause
//   escalates               SIGKILL follows the stop signal after a grace period, on both
//                           the abort and the timeout path
//   validates-before-spawn  a bad timeout or an already-aborted signal is refused before
//                           anything is spawned
//   no-orphans              the child leads its own process group and the whole group is
//                           signalled, so grandchildren stop with it
//   hygiene                 the abort listener is removed and every timer cleared before
//                           the promise settles
//
// Each `mutation` breaks exactly one of those clauses, one line each, marked `mutant:`.
// The mutants are how childproof proves that every case can fail: a case no known-bad
// variant fails proves nothing. Without a mutation the helper is the reference.

import { spawn } from 'node:child_process';

export type Mutation =
  | 'settles-before-exit'
  | 'clean-exit-is-success' | 'resolves-failed-command'
  | 'no-escalation'
  | 'escalates-on-abort-only'
  | 'no-timeout-validation'
  | 'validates-after-spawn'
  | 'spawns-when-pre-aborted'
  | 'keeps-abort-listener'
  | 'keeps-grace-timer'
  | 'keeps-deadline-timer'
  | 'signals-direct-child-only';

export interface StoppableOptions {
  cwd?: string;
  signal?: AbortSignal;
  /** Milliseconds; 0 or absent means no timeout. Must be a non-negative safe integer. */
  timeout?: number;
  /** The first signal sent on abort or timeout. */
  killSignal?: NodeJS.Signals;
  /** How long the child may take to stop before SIGKILL. */
  graceMs?: number;
  /** Run `file` as a shell command line; the group signal still reaches the command. */
  shell?: boolean;
  /** Bytes either stream may carry before the child is stopped and the call rejects. */
  maxBuffer?: number;
  /** Open an IPC channel to the child (fd 3), as fork() does for a Node child. */
  ipc?: boolean;
  /** `pipe`: give the child a stdin pipe, held open until it exits; else it reads /dev/null. */
  stdin?: 'pipe' | 'ignore';
  /** Turns the reference into one known-bad variant. */
  mutation?: Mutation;
}

export interface ExecResult {
  stdout: string;
  stderr: string;
}

function rangeError(name: string, value: unknown): Error {
  return Object.assign(new RangeError(`The value of "${name}" is out of range. It must be a non-negative safe integer. Received ${String(value)}`), {
    code: 'ERR_OUT_OF_RANGE',
  });
}

function abortError(reason: unknown): Error {
  return Object.assign(new Error('The operation was aborted', { cause: reason }), { name: 'AbortError', code: 'ABORT_ERR' });
}

function invalidDuration(name: string, value: number | undefined): Error | null {
  return value !== undefined && !(Number.isSafeInteger(value) && value >= 0) ? rangeError(name, value) : null;
}

export function stoppableExec(file: string, args: string[], options: StoppableOptions = {}): Promise<ExecResult> {
  const { signal, timeout = 0, killSignal = 'SIGTERM', graceMs = 1000, maxBuffer = Infinity, mutation } = options;
  return new Promise((resolve, reject) => {
    const invalid =
      (mutation === 'no-timeout-validation' ? null : invalidDuration('timeout', timeout)) ?? invalidDuration('graceMs', graceMs);
    if (invalid && mutation !== 'validates-after-spawn') throw invalid;
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw Object.assign(new TypeError('The "signal" option must be an AbortSignal'), { code: 'ERR_INVALID_ARG_TYPE' });
    }
    if (signal?.aborted && mutation !== 'spawns-when-pre-aborted') throw abortError(signal.reason);

    // detached: the child leads a new process group, which is what lets one kill(-pgid)
    // reach the grandchildren too.
    const group = mutation !== 'signals-direct-child-only';
    const child = spawn(file, args, { cwd: options.cwd, shell: options.shell, detached: group, stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe', ...(options.ipc ? ['ipc' as const] : [])] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    // Past maxBuffer the output is dropped, not kept: the child is being stopped anyway.
    const collect = (into: Buffer[], name: string) => {
      let size = 0;
      return (b: Buffer) => {
        if (size > maxBuffer) return;
        size += b.length;
        if (size <= maxBuffer) into.push(b);
        else beginStop({ kind: 'error', error: Object.assign(new RangeError(`${name} maxBuffer length exceeded`), { code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER' }) });
      };
    };
    child.stdout!.on('data', collect(stdout, 'stdout'));
    child.stderr!.on('data', collect(stderr, 'stderr'));

    let stop: { kind: 'abort'; reason: unknown } | { kind: 'timeout' } | { kind: 'error'; error: Error } | null = null;
    let graceTimer: NodeJS.Timeout | null = null;
    let deadline: NodeJS.Timeout | null = null;
    let settled = false;
    let pipeTimer: NodeJS.Timeout | null = null;
    // Whether the group has had its last signal: SIGKILL, or the first where none follows.
    let lastSignalSent = false;
    // Only a stopped child's pipes are closed for it, and only once its exit is seen and the
    // whole group has had its last signal, so that a shell that died first is no excuse:
    // one that exits on its own is waited for, as Node does.
    const closePipesLater = () => {
      if (settled || !stop || !lastSignalSent || pipeTimer || (child.exitCode === null && child.signalCode === null)) return;
      pipeTimer = setTimeout(() => {
        child.stdout!.destroy();
        child.stderr!.destroy();
        settle(child.exitCode, child.signalCode);
      }, graceMs);
    };

    const signalGroup = (sig: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        if (group) process.kill(-child.pid, sig);
        else child.kill(sig); // mutant: signals-direct-child-only
      } catch {
        // ESRCH: the whole group is already gone.
      }
    };
    const beginStop = (why: NonNullable<typeof stop>) => {
      if (stop) return;
      stop = why;
      signalGroup(killSignal);
      const escalate = mutation !== 'no-escalation' && !(mutation === 'escalates-on-abort-only' && why.kind === 'timeout');
      lastSignalSent = !escalate;
      if (escalate) {
        graceTimer = setTimeout(() => {
          signalGroup('SIGKILL');
          lastSignalSent = true;
          closePipesLater();
        }, graceMs);
      }
      if (mutation === 'settles-before-exit') settle(); // mutant: settles before the child exits
      closePipesLater();
    };
    const onAbort = () => beginStop({ kind: 'abort', reason: signal!.reason });
    signal?.addEventListener('abort', onAbort, { once: true });
    if (timeout > 0) deadline = setTimeout(() => beginStop({ kind: 'timeout' }), timeout);
    if (invalid) beginStop({ kind: 'error', error: invalid }); // mutant: validates-after-spawn
    if (signal?.aborted) onAbort(); // mutant: spawns-when-pre-aborted

    const cleanUp = () => {
      if (mutation !== 'keeps-abort-listener') signal?.removeEventListener('abort', onAbort);
      if (deadline && mutation !== 'keeps-deadline-timer') clearTimeout(deadline);
      if (graceTimer && mutation !== 'keeps-grace-timer') clearTimeout(graceTimer);
      if (pipeTimer) clearTimeout(pipeTimer);
    };

    function settle(code: number | null = null, exitSignal: NodeJS.Signals | null = null): void {
      if (settled) return;
      settled = true;
      cleanUp();
      const out = { stdout: Buffer.concat(stdout).toString(), stderr: Buffer.concat(stderr).toString() };
      if (stop?.kind === 'error') return reject(stop.error);
      if (stop && code === 0 && mutation === 'clean-exit-is-success') return resolve(out); // mutant
      if (stop?.kind === 'abort') return reject(Object.assign(abortError(stop.reason), out));
      if (stop?.kind === 'timeout') {
        return reject(Object.assign(new Error(`timed out after ${timeout} ms`), { name: 'TimeoutError', code: 'ETIMEDOUT', signal: exitSignal, ...out }));
      }
      if (code === 0 || mutation === 'resolves-failed-command') return resolve(out); // mutant: a failed command resolves
      reject(Object.assign(new Error(`${file} exited with ${exitSignal ?? `code ${code}`}`), { exitCode: code, signal: exitSignal, ...out }));
    }

    child.once('error', (err) => {
      // Spawning failed (ENOENT and the like); 'close' may still follow, so settle here.
      if (settled) return;
      settled = true;
      cleanUp();
      reject(err);
    });
    child.once('exit', closePipesLater);
    child.once('close', (code, exitSignal) => settle(code, exitSignal));
  });
}

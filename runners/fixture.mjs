#!/usr/bin/env node
// The instrumented child. Plain JavaScript with no dependencies so it starts fast and
// runs under any Node the target uses. Everything it does comes from argv, because some
// libraries (the MCP SDKs) hand their children a stripped environment.
//
//   fixture.mjs --dir TRIAL_DIR --tag TAG --role ROLE --cap MS --spec BASE64URL_JSON
//
// It writes into TRIAL_DIR:
//   procs/<pid>.json    who it is (pid, ppid, pgid, start time), before anything else
//   events/<pid>.jsonl  what happened to it, one JSON line per event, CLOCK_MONOTONIC ns
//   ready/<role>        after its handlers are installed and its grandchildren are ready
//   <marker>            when a signal-triggered cleanup completes

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'];

function parseArgv(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) out[argv[i].replace(/^--/, '')] = argv[i + 1];
  return out;
}

const argv = parseArgv(process.argv.slice(2));
const dir = argv.dir;
const role = argv.role;
const capMs = Number(argv.cap);
const spec = JSON.parse(Buffer.from(argv.spec, 'base64url').toString('utf8'));

const now = () => process.hrtime.bigint().toString();

// Written atomically so a reader never sees half a file.
function writeAtomic(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

function readStat() {
  try {
    const raw = fs.readFileSync('/proc/self/stat', 'utf8');
    const rest = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    // rest[0] is field 3 (state); field N is rest[N - 3].
    return { ppid: Number(rest[1]), pgid: Number(rest[2]), startTime: rest[19] };
  } catch {
    return { ppid: process.ppid, pgid: null, startTime: null };
  }
}

const stat = readStat();
fs.mkdirSync(path.join(dir, 'procs'), { recursive: true });
fs.mkdirSync(path.join(dir, 'events'), { recursive: true });
fs.mkdirSync(path.join(dir, 'ready'), { recursive: true });
const eventsFile = path.join(dir, 'events', `${process.pid}.jsonl`);

function event(kind, detail = {}) {
  fs.appendFileSync(eventsFile, JSON.stringify({ t: now(), pid: process.pid, kind, role, ...detail }) + '\n');
}

writeAtomic(
  path.join(dir, 'procs', `${process.pid}.json`),
  JSON.stringify({ pid: process.pid, ppid: stat.ppid, pgid: stat.pgid, startTime: stat.startTime, role, t: now() }),
);
event('start');
process.on('exit', (code) => event('exit', { code }));

// The hard lifetime cap: nothing outlives a crashed harness for long.
setTimeout(() => {
  event('cap');
  process.kill(process.pid, 'SIGKILL');
}, capMs).unref();
const keepAlive = setInterval(() => {}, 1 << 30);

function die(signal, exitCode) {
  if (exitCode !== undefined) process.exit(exitCode);
  // Dying by the signal itself is what the target would see from an unhandled signal.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
}

let cleaningUp = false;
for (const signal of SIGNALS) {
  const reaction = spec.onSignal?.[signal] ?? { action: 'exit' };
  process.on(signal, () => {
    event('signal', { signal });
    if (reaction.action === 'ignore' || cleaningUp) return;
    cleaningUp = true;
    const finish = () => {
      if (reaction.marker) {
        writeAtomic(path.join(dir, reaction.marker), `${process.pid}\n`);
        event('marker', { marker: reaction.marker });
      }
      die(signal, reaction.exitCode);
    };
    if (reaction.delayMs) setTimeout(finish, reaction.delayMs);
    else finish();
  });
}

if (spec.stdin === 'exit-on-eof') {
  process.stdin.on('end', () => {
    event('stdin-eof');
    process.exit(0);
  });
  process.stdin.resume();
} else if (spec.stdin === 'mcp-handshake') {
  // Read JSON-RPC requests and never answer: the server that hangs at initialize.
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    let method = null;
    try {
      method = JSON.parse(line).method ?? null;
    } catch {}
    event('stdin-line', { method });
  });
  lines.on('close', () => event('stdin-eof'));
}

function waitForReady(roles, then) {
  const readyDir = path.join(dir, 'ready');
  const pending = new Set(roles);
  const check = () => {
    for (const r of [...pending]) if (fs.existsSync(path.join(readyDir, r))) pending.delete(r);
    if (pending.size === 0) {
      watcher?.close();
      watcher = null;
      then();
      return true;
    }
    return false;
  };
  let watcher = fs.watch(readyDir, check);
  check();
}

const self = fileURLToPath(import.meta.url);
const grandRoles = (spec.grandchildren ?? []).map((g, i) => {
  const gRole = `${role}.g${i}`;
  const child = spawn(
    process.execPath,
    [self, '--dir', dir, '--tag', argv.tag, '--role', gRole, '--cap', String(capMs),
      '--spec', Buffer.from(JSON.stringify(g.behaviour)).toString('base64url')],
    { stdio: ['ignore', g.stdio, g.stdio], detached: g.group === 'detached' },
  );
  child.unref();
  event('spawned', { child: child.pid, childRole: gRole });
  return gRole;
});

function writeOutput({ bytes, stream = 'stdout' }, done) {
  const out = stream === 'stderr' ? process.stderr : process.stdout;
  const chunk = Buffer.alloc(Math.min(bytes, 65536), 0x78);
  let left = bytes;
  const pump = () => {
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      left -= n;
      if (!out.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return out.once('drain', pump);
    }
    event('output-done', { bytes });
    done();
  };
  pump();
}

waitForReady(grandRoles, () => {
  event('ready');
  writeAtomic(path.join(dir, 'ready', role), `${process.pid}\n`);
  const afterOutput = () => {
    if (spec.exitAfterMs !== undefined) {
      setTimeout(() => {
        clearInterval(keepAlive);
        process.exit(spec.exitCode ?? 0);
      }, spec.exitAfterMs);
    }
  };
  if (spec.output) writeOutput(spec.output, afterOutput);
  else afterOutput();
});

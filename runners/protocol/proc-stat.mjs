// A process's /proc/PID/stat line, read and parsed: the fields every look at a process
// takes (os/processes.ts lookAt) and the fixture's record of itself. Plain JavaScript with
// no dependencies, as the rest of protocol/: the fixture loads it beside the target.

import fs from 'node:fs';

/**
 * A /proc/PID/stat line, parsed. The command name may contain spaces and parentheses;
 * fields resume after the last ')'.
 * @param {string} raw
 * @returns {{ name: string, state: string, ppid: number, pgid: number, flags: number, startTime: string }}
 */
function parseStat(raw) {
  // rest[0] is field 3 (state); field N is rest[N - 3]. Field 2 is the name, in parentheses.
  const close = raw.lastIndexOf(')');
  const rest = raw.slice(close + 2).split(' ');
  return { name: raw.slice(raw.indexOf('(') + 1, close), state: rest[0], ppid: Number(rest[1]), pgid: Number(rest[2]), flags: Number(rest[6]), startTime: rest[19] };
}

/**
 * @param {number | 'self'} pid
 * @returns {ReturnType<typeof parseStat> | null} null when it is gone or there is no /proc
 */
export function readStat(pid) {
  let raw;
  try {
    raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  return parseStat(raw);
}

// The run's supervisor: a small process that outlives the runner by design. It reads a
// pipe from the runner and does nothing until that pipe ends. The runner closes it when
// it is done; if the runner was killed (SIGKILL leaves it no word), the kernel closes it.
// Either way, whatever is in the run's cgroup or carries its mark is ended and the run's
// directory goes.
//
//   node supervisor.mjs RUN_DIR TAG keep|remove [CGROUP]

import fs from 'node:fs';
import { endRun } from '../os/end-run.ts';

const [runDir, tag, keep, cgroup] = process.argv.slice(2);

// Detached from the runner's session, so a terminal's signals do not reach it; these are
// ignored in case they are sent to it by hand while the runner lives.
for (const signal of ['SIGINT', 'SIGHUP'] as const) process.on(signal, () => {});

function sweep(): void {
  const { cgroupLeft } = endRun(tag, cgroup || null);
  // A cgroup still there is still named by the directory's owner.json: kept, it is found again.
  if (keep !== 'keep' && !cgroupLeft) fs.rmSync(runDir, { recursive: true, force: true });
  process.exit(0);
}

process.stdin.on('data', () => {});
process.stdin.on('end', sweep);
process.stdin.on('error', sweep);
process.stdin.resume();

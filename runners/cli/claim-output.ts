// A run's output, claimed before its first trial: the report and its stream checked
// (a file name, writable; never a directory, a device or a link), then locked, so a
// second run on the same --out is refused (exit 2, naming the other's pid) instead of
// writing into, and then deleting, the first one's stream.

import { checkOutput, lockOutput } from '../model/output.ts';
import { processState, startTimeOf } from '../os/processes.ts';
import { streamFileFor } from '../report/stream.ts';

/** Returns the release of the lock. */
export function claimOutput(out: string, stream = true): () => void {
  checkOutput(out);
  if (stream) checkOutput(streamFileFor(out), '--out (its stream)');
  return lockOutput(out, (h) => processState(h.pid, h.startTime) === 'running', { pid: process.pid, startTime: startTimeOf(process.pid) });
}

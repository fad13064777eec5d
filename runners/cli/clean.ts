// `childproof clean`: finds what runs that died outright left behind (a run directory
// whose runner is gone), ends its processes and removes it, and says what it found. A
// directory named like a run's that childproof cannot prove its own is left alone, and
// said so (os/run-dir.ts).

import { cleanStaleRuns, describeStale, describeUntrusted, runDirs } from '../os/run-dir.ts';
import { removeAbandonedInstalls } from '../identity/install.ts';
import { EXIT } from '../model/errors.ts';
import { parse } from './args.ts';

export function cmdClean(args: string[]): number {
  parse(args, {});
  const found = runDirs();
  const lines = [...describeStale(cleanStaleRuns(found)), ...removeAbandonedInstalls(), ...describeUntrusted(found)];
  process.stdout.write(lines.length ? `${lines.join('\n')}\n` : 'nothing left by an earlier run\n');
  return EXIT.ok;
}

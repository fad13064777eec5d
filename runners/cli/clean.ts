// `childproof clean`: finds what runs that died outright left behind (a run directory
// whose runner is gone), ends its processes and removes it, and says what it found.

import { cleanStaleRuns, describeStale } from '../engine/run-dir.ts';
import { EXIT } from '../model/errors.ts';
import { parse } from './args.ts';

export function cmdClean(args: string[]): number {
  parse(args, {});
  const lines = describeStale(cleanStaleRuns());
  process.stdout.write(lines.length ? `${lines.join('\n')}\n` : 'nothing left by an earlier run\n');
  return EXIT.ok;
}

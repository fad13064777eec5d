// Which documents were found valid before, by a digest of their exact bytes, kept in the
// cache's harness/ for one set of schemas (its key names the file: model/compiled-schemas.ts).
// Validation is a pure function of the schemas and the bytes, and every command reads the
// same shipped cases and probes: some 80 ms of a command's start went to finding them valid
// again. Bytes changed by one byte are other bytes, and validated; a schema changed is
// another set, with a file of its own. Only a document found valid is kept: a problem is
// always found anew, and said. A file that cannot be read or written costs the validation.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileWhole } from './files.ts';
import { HARNESS_BUILD_DIR } from './paths.ts';

/** More than the shipped cases and probes many times over: past it, a file starts again
 *  with what this process found, so one filled by generated documents stays small. */
const MOST = 20_000;

interface KnownValid {
  has(name: string, bytes: Buffer): boolean;
  add(name: string, bytes: Buffer): void;
  /** Writes what this process found beside what the file holds now; done as the process exits. */
  keep(): void;
}

const digestOf = (name: string, bytes: Buffer) => createHash('sha256').update(name).update('\0').update(bytes).digest('hex').slice(0, 32);

function readKept(file: string): string[] {
  try {
    const kept: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return Array.isArray(kept) ? kept.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

const opened = new Map<string, KnownValid>();

/** The documents known valid against the set of schemas `setKey` names, read once a process. */
export function knownValid(setKey: string, dir = HARNESS_BUILD_DIR): KnownValid {
  const file = path.join(dir, `childproof-valid-${setKey}.json`);
  const open = opened.get(file);
  if (open) return open;
  let known: Set<string> | null = null;
  const found = new Set<string>();
  const made: KnownValid = {
    has: (name, bytes) => (known ??= new Set(readKept(file))).has(digestOf(name, bytes)),
    add(name, bytes) {
      if (found.size === 0) process.once('exit', () => made.keep());
      const digest = digestOf(name, bytes);
      found.add(digest);
      (known ??= new Set(readKept(file))).add(digest);
    },
    keep() {
      // A directory gone since (a scratch cache removed as its process exits) is not made again.
      if (found.size === 0 || !fs.existsSync(dir)) return;
      const now = new Set([...readKept(file), ...found]);
      try {
        writeFileWhole(file, JSON.stringify(now.size > MOST ? [...found] : [...now]));
      } catch {
        // A full disk or a read-only cache: the next process validates them again.
      }
    },
  };
  opened.set(file, made);
  return made;
}

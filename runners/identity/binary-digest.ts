// The SHA-256 of a runtime's binary, recorded in every report. Reading a 100 MB binary
// costs about a sixth of a second at each run, so the digest is kept in the cache beside
// the file's identity as the kernel states it (device, inode, size, modification and
// change times), as git's index keeps a file's; any change to the file changes its change
// time, which only the superuser can set, and the binary is read again.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileWhole } from '../model/files.ts';
import { DIGEST_CACHE_DIR } from '../model/paths.ts';

const CHUNK = 1 << 20;

/** Reads the file a megabyte at a time: a binary need not sit in memory whole to be hashed. */
function digestOf(file: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  const fd = fs.openSync(file, 'r');
  try {
    for (let n; (n = fs.readSync(fd, buffer, 0, CHUNK, null)) > 0; ) hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

const stamp = (s: fs.BigIntStats) => [s.dev, s.ino, s.size, s.mtimeNs, s.ctimeNs].join(':');

export function binarySha256(file: string): string {
  const real = fs.realpathSync(file);
  const kept = path.join(DIGEST_CACHE_DIR, `${createHash('sha256').update(real).digest('hex').slice(0, 32)}.json`);
  const before = stamp(fs.statSync(real, { bigint: true }));
  try {
    const saved = JSON.parse(fs.readFileSync(kept, 'utf8')) as { file?: unknown; stamp?: unknown; sha256?: unknown };
    if (saved.file === real && saved.stamp === before && typeof saved.sha256 === 'string' && /^[0-9a-f]{64}$/.test(saved.sha256)) return saved.sha256;
  } catch {
    // Not kept yet, or unreadable: read the binary.
  }
  const sha256 = digestOf(real);
  // Kept only when the file did not change while it was read; a cache that cannot be
  // written costs the next run a read, nothing else.
  if (stamp(fs.statSync(real, { bigint: true })) === before) {
    try {
      writeFileWhole(kept, JSON.stringify({ file: real, stamp: before, sha256 }));
    } catch {
      // See above.
    }
  }
  return sha256;
}

// The id git gives a file's bytes: the hash of "blob <size>\0" followed by the bytes, so a
// pin can be checked against any checkout, tarball or copy of it. Pure.

import { createHash } from 'node:crypto';

export function blobId(bytes: Buffer, algorithm: 'sha1' | 'sha256' = 'sha1'): string {
  return createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

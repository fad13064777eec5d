// What a command makes of the shipped probes and cases, and the digests of childproof's own
// files its reports name, kept beside the command line's build it runs from
// (bin/cli-build.mjs): every command loaded, checked or digested all of them again (some
// 100 ms of a one-trial run), though they change only when someone edits them.
// A load is kept with the signature of what it was made from (each file's path, size,
// inode and times of change under the folders it read, and the schemas it was checked
// against) and used only while that is the same; the code that made it is the build's
// own, which goes with the build. A load that failed is never kept: its error is found and
// said every time. Run from the sources, there is no build to keep it beside.

import fs from 'node:fs';
import path from 'node:path';
import { statSignature } from './file-signature.mjs';
import { writeFileWhole } from './files.ts';
import { schemasKey } from './schemas.ts';

/** Set by the command line's build to its own folder; there is none run from the sources. */
declare const CHILDPROOF_BUILD_DIR: string | undefined;
const BUILD_DIR = typeof CHILDPROOF_BUILD_DIR === 'string' ? CHILDPROOF_BUILD_DIR : null;

/** Every file under `dirs` as the file system has it now, and the schemas' key, as one digest. */
export function filesSignature(dirs: readonly string[]): string {
  const files = dirs.flatMap((dir) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
          .sort()
      : [],
  );
  return statSignature(schemasKey(), files);
}

/** `make()`, or what it made before from files of the same `signature` (filesSignature). */
export function keptLoad<T>(name: string, signature: string, make: () => T, buildDir = BUILD_DIR): T {
  // A build removed under a running command: its folder is not made again for a load.
  if (buildDir === null || !fs.existsSync(buildDir)) return make();
  const file = path.join(buildDir, `kept-${name}.json`);
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { signature?: unknown; value?: T };
    if (kept.signature === signature) return kept.value as T;
  } catch {}
  const value = make();
  try {
    writeFileWhole(file, JSON.stringify({ signature, value }));
  } catch {
    // A full disk or a read-only cache: the next command loads them again.
  }
  return value;
}

// A package's bins as its package.json names them: `bin` as one path (named for the
// package, its scope dropped) or as names to paths, each path as the pin spells it. Pure.

import path from 'node:path';

export type BinManifest = { name?: string; bin?: string | Record<string, string> };

const asPinned = (p: string) => path.posix.normalize(p).replace(/^\.\//, '');

export function packageBins(manifest: BinManifest): Record<string, string> {
  const declared = typeof manifest.bin === 'string' ? { [manifest.name?.replace(/^@[^/]+\//, '') ?? '']: manifest.bin } : (manifest.bin ?? {});
  return Object.fromEntries(Object.entries(declared).map(([name, file]) => [name, asPinned(file)]));
}

/** The name a bin file is run by, or null when the manifest names no bin for it. */
export function binName(manifest: BinManifest, file: string): string | null {
  return Object.entries(packageBins(manifest)).find(([, f]) => f === asPinned(file))?.[0] ?? null;
}

// `childproof init DIR --command 'BIN ARGS'`: a probe of a program rather than a library,
// for a server maintainer's loop. BIN is a bin its package.json names, or a file of the
// pin; the probe runs it with Node from the verified copy, in the server cases.

import path from 'node:path';
import { InputError } from '../model/errors.ts';
import { packageBins, type BinManifest } from '../identity/bins.ts';
import type { Identity, ProbeCommand, ProbeSpec } from '../model/probe.ts';

/** 'BIN ARGS' split as a shell would split words, with single and double quotes. */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const m of line.matchAll(re)) words.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]));
  return words;
}

/** The pinned file BIN names, a bin of the package's manifest or a path of the pin, as a command. */
/** `root`: where the pinned paths are, for a BIN given as a path from here. */
export function commandFile(bin: string, identity: Identity, manifest: BinManifest | null, root?: string): ProbeCommand {
  if (identity.kind === 'builtin') throw new InputError(['--command runs a pinned program: a builtin has none']);
  const paths = identity.paths.map((p) => p.path);
  const declared = manifest ? packageBins(manifest) : {};
  // A bin is kept by name too, so another version runs the file it names there.
  if (declared[bin] && paths.includes(declared[bin])) return { bin, file: declared[bin] };
  const file = path.posix.normalize(bin).replace(/^\.\//, '');
  if (paths.includes(file)) return { file };
  const fromHere = root ? path.relative(root, path.resolve(bin)).split(path.sep).join('/') : null;
  if (fromHere && paths.includes(fromHere)) return { file: fromHere };
  const bins = Object.keys(declared);
  throw new InputError([`--command ${bin}: expected a bin of the package${bins.length ? ` (${bins.join(', ')})` : ' (it declares none)'} or a pinned file`]);
}

/** probe.json for a program: its command in place of an adapter, every server case its own. */
export function commandProbeJson(name: string, identity: Identity, what: string, command: ProbeCommand): ProbeSpec {
  const entry = identity.kind === 'builtin' ? identity : { ...identity, entry: command.file };
  return { name, title: `${what}, run as a stdio server`, identity: entry, runtimes: ['node'], command, supports: [] };
}

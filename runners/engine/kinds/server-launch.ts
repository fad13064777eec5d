// How a server case starts a probe's program: the verified copy's file run by Node, with
// what the case puts between the client and the program (a shell, npx). Everything the
// trial runs comes from the copy; `node` on the PATH is the Node running childproof, so a
// launcher that looks it up by name finds the same one.

import fs from 'node:fs';
import path from 'node:path';
import type { ServerSetup } from '../../model/case.ts';
import type { ProbeCommand } from '../../model/probe.ts';
import type { Material } from '../../identity/materialize.ts';
import { binName } from '../../identity/bins.ts';
import { treeRoot } from '../../identity/dependencies.ts';
import { writeAtomic } from '../../protocol/trial-dir.mjs';

interface ServerLaunch {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
}

/**
 * npx finds a bin in node_modules/.bin of its working directory: beside a package's copy
 * (its tree's root, the probe's own), or for a pin of files in a directory of the probe's
 * own beside its copy. The copy is read-only and not executable, so the bin there is a
 * shell script that execs Node on the verified file: the process npx's shell starts is
 * then Node running the file, as with a linked bin.
 */
function installBin(material: Material, name: string, file: string, node: string, isPackage: boolean): string {
  const root = isPackage ? treeRoot(material.dir) : `${material.dir}.npx`;
  const bin = path.join(root, 'node_modules', '.bin', name);
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(path.dirname(bin), { recursive: true });
    // Whole or not at all: trials run side by side, and one may start it as another writes it.
    writeAtomic(bin, `#!/bin/sh\nexec ${JSON.stringify(node)} ${JSON.stringify(path.join(material.dir, file))} "$@"\n`);
    fs.chmodSync(bin, 0o555);
  }
  return root;
}

/** The argv, working directory and added environment of a server trial, or why it cannot run. */
export function serverLaunch(command: ProbeCommand, setup: ServerSetup, material: Material, node: string): ServerLaunch | { unsupported: string } {
  const file = path.join(material.dir, command.file);
  const args = command.args ?? [];
  const env = { ...command.env, PATH: [path.dirname(node), process.env.PATH ?? ''].join(path.delimiter) };
  const launcher = setup.launcher ?? 'none';
  if (launcher === 'none') return { argv: [node, file, ...args], cwd: material.dir, env };
  // A wrapper script's shape: the shell runs the program, then exits with its status, so
  // it stays the program's parent (`sh -c CMD` alone would exec it).
  if (launcher === 'shell') return { argv: ['/bin/sh', '-c', '"$@"; exit $?', 'sh', node, file, ...args], cwd: material.dir, env };
  const manifest = path.join(material.dir, 'package.json');
  const isPackage = fs.existsSync(manifest);
  // A pinned file that is no package's bin is run by its own name, as a script of a project's is.
  const name = isPackage ? binName(JSON.parse(fs.readFileSync(manifest, 'utf8')), command.file) : path.basename(command.file).replace(/\.[^.]*$/, '');
  if (!name) return { unsupported: `npx runs a package's bin, and ${command.file} is no bin of its package.json` };
  // npx beside the Node that runs the program, else the host's: it runs on whichever
  // `node` the PATH names first, the program's.
  const npx = [node, process.execPath].map((n) => path.join(path.dirname(n), 'npx')).find((f) => fs.existsSync(f));
  if (!npx) return { unsupported: 'npx is not installed beside Node' };
  const cwd = installBin(material, name, command.file, node, isPackage);
  return { argv: [npx, '--offline', '--no-install', name, ...args], cwd, env };
}

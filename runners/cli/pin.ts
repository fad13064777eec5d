// `childproof pin`: prints a ready identity block for probe.json, its directories relative
// to the probe's (--probe-dir, the current directory by default), since that is where
// probe.json resolves them. `pin --update DIR` pins a probe's files again, in place.

import fs from 'node:fs';
import path from 'node:path';
import { pinDependencies } from '../identity/dependencies.ts';
import { pinFiles, pinGit, pinPackage } from '../identity/pin-block.ts';
import { findPackageDir } from '../identity/package-paths.ts';
import { repin } from '../identity/repin.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { display, readJson, writeJsonWhole } from '../model/files.ts';
import { loadProbeDir } from '../model/load-probes.ts';
import type { ProbeSpec } from '../model/probe.ts';
import { parse, PIN_OPTIONS, string, strings, USAGE, withFiles } from './args.ts';
import { verifyWritten } from './verify.ts';

export async function cmdPin(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...PIN_OPTIONS, 'probe-dir': { type: 'string' }, update: { type: 'string' } }, { min: 0, max: Infinity, what: '' });
  withFiles(values, positionals, 'pin');
  const update = string(values.update);
  if (update) return updatePin(update, string(values.rev));
  const files = strings(values.file);
  const checkout = string(values.checkout);
  const pkg = string(values.package);
  if ([files.length, checkout, pkg].filter(Boolean).length !== 1) {
    throw new InputError([`pin takes exactly one of --file, --checkout, --package or --update\n\n${USAGE}`]);
  }
  const probeDir = string(values['probe-dir']) ?? '.';
  let identity;
  if (files.length) identity = pinFiles(files, string(values.root), probeDir);
  else if (checkout) {
    const rev = string(values.rev);
    if (!rev) throw new InputError(['pin --checkout needs --rev']);
    identity = pinGit(checkout, rev, strings(values.path), probeDir);
  } else identity = pinPackage(pkg!, probeDir);
  if (values['with-dependencies'] === true) {
    if (identity.kind !== 'package') throw new InputError(['--with-dependencies pins a package\'s dependency tree: it goes with --package']);
    identity.dependencies = pinDependencies(findPackageDir(path.resolve(probeDir), pkg!)!);
  }
  process.stdout.write(`${JSON.stringify({ identity }, null, 2)}\n`);
  if (identity.kind !== 'package') {
    process.stderr.write(`childproof: ${identity.kind === 'files' ? 'root' : 'checkout'} is relative to ${path.resolve(probeDir) === process.cwd() ? 'this directory' : probeDir}, where probe.json must be for it to resolve (--probe-dir DIR for another)\n`);
  }
  return EXIT.ok;
}

/** Pins again the files a probe's identity names, writes probe.json whole, says what changed and verifies it. */
async function updatePin(dir: string, rev: string | undefined): Promise<number> {
  const file = path.join(dir, 'probe.json');
  if (!fs.existsSync(file)) throw InputError.at(display(file), '', 'expected an existing probe.json (childproof init writes one)');
  const spec = readJson(file).data as ProbeSpec;
  const { identity, changes } = repin(dir, spec, rev, display(file));
  writeJsonWhole(file, { ...spec, identity });
  process.stdout.write(changes.length ? `${display(file)}: pinned again\n${changes.map((c) => `  ${c}\n`).join('')}` : `${display(file)}: nothing changed\n`);
  const { exportsProblem } = await verifyWritten(loadProbeDir(dir));
  if (exportsProblem) process.stderr.write(`childproof: ${exportsProblem}\n`);
  return EXIT.ok;
}

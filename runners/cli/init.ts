// `childproof init DIR`: a working probe for the user's own code in one command: the
// target pinned (directories relative to DIR), an adapter calling the chosen export with
// the generic call, both verified, and the command that runs it.

import fs from 'node:fs';
import path from 'node:path';
import { dependencyTree, pinDependencies } from '../identity/dependencies.ts';
import { git } from '../identity/git.ts';
import { packageSubpaths, pinFiles, pinGit, pinPackage } from '../identity/pin-block.ts';
import { probeJson, probeName } from '../identity/probe-template.ts';
import { installTarget, targetDir } from '../identity/install.ts';
import { pickVersions, publishedVersions } from '../identity/versions.ts';
import { findPackageDir } from '../identity/package-paths.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { display, writeFileWhole, writeJsonWhole } from '../model/files.ts';
import { loadProbeDir } from '../model/load-probes.ts';
import type { Identity } from '../model/probe.ts';
import { parse, PIN_OPTIONS, string, strings, USAGE, withFiles } from './args.ts';
import { verifyWritten } from './verify.ts';
import { commandFile, commandProbeJson, splitCommand } from './init-command.ts';
import { calibrateProbe, CALIBRATION_CASES, kept } from './init-calibrate.ts';
import { makeDirectory } from '../model/output.ts';
import { stopped, stoppedExit } from './stop.ts';
import type { Within } from './run.ts';
import { constructArgs, type TypesAt, type Written } from './init-adapter.ts';
import { locateExport } from './init-locate.ts';
import { writeSkeleton } from './init-skeleton.ts';
import { exportFlag } from '../identity/call-plan.ts';

type Skeletal = Parameters<typeof writeSkeleton>[3];

interface Pinned {
  identity: Identity;
  /** The entry module's source, to find what it exports; read only for a library's probe. */
  source: () => string;
  /** Where the pinned paths are, for a file or a checkout. */
  root?: string;
  /** A package's manifest, where its bins are named. */
  manifest: { name?: string; bin?: string | Record<string, string>; exports?: unknown } | null;
  /** What the adapter's `typeof import(...)` names, from DIR. */
  typeImport: string;
  /** Where the TypeScript checker finds the entry's types (init-adapter.ts). */
  types: TypesAt | null;
  what: string;
  /** A package's dependency tree as installed, name@version each. */
  tree?: string[];
}

function relativeImport(from: string, file: string): string {
  const rel = path.relative(from, file).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function pinTarget(dir: string, values: Record<string, unknown>): Pinned {
  const files = strings(values.file);
  const checkout = string(values.checkout);
  const pkg = string(values.package);
  if ([files.length, checkout, pkg].filter(Boolean).length !== 1) {
    throw new InputError([`init takes exactly one of --file, --checkout or --package\n\n${USAGE}`]);
  }
  if (values['with-dependencies'] === true && !pkg) throw new InputError(['--with-dependencies pins a package\'s dependency tree: it goes with --package']);
  if (values.entry !== undefined && !pkg) throw new InputError(['--entry names a subpath of a package: it goes with --package (for files, --file names the entry)']);
  if (files.length) {
    // The root holds the files and every local file they import, found unless --root names it.
    const identity = pinFiles(files, string(values.root), dir) as Extract<Identity, { kind: 'files' }>;
    const root = path.resolve(dir, identity.root!);
    return { identity, source: () => fs.readFileSync(files[0], 'utf8'), manifest: null, root, typeImport: relativeImport(dir, files[0]), types: { file: files[0] }, what: path.basename(files[0]) };
  }
  if (checkout) {
    const rev = string(values.rev);
    if (!rev) throw new InputError(['init --checkout needs --rev']);
    const identity = pinGit(checkout, rev, strings(values.path), dir) as Extract<Identity, { kind: 'git' }>;
    const entry = identity.entry as string;
    const source = () => git(checkout, ['cat-file', 'blob', `${identity.commit}:${entry}`], `${checkout}: git cat-file`).toString('utf8');
    const project = path.basename(path.resolve(checkout));
    return { identity, source, manifest: null, root: path.resolve(checkout), typeImport: relativeImport(dir, path.join(checkout, entry)), types: fs.existsSync(path.join(checkout, entry)) ? { file: path.join(checkout, entry) } : null, what: `${project}'s ${entry}` };
  }
  const [, name, asked] = /^(@?[^@]+)(?:@(.+))?$/.exec(pkg!) ?? [];
  // The copy installed where the probe can see it, if it is the version asked for; else
  // that version, installed into childproof's cache as a run would.
  const local = findPackageDir(path.resolve(dir), name);
  const localVersion = local ? (JSON.parse(fs.readFileSync(path.join(local, 'package.json'), 'utf8')) as { version?: string }).version : null;
  let from = dir;
  let version: string | undefined = asked;
  if (!local && !version) {
    // NAME alone: what is installed, else the newest release.
    version = pickVersions(publishedVersions(name), '*').at(-1);
    if (version === undefined) throw new InputError([`package ${name}: the registry lists no release of it: name the version to install, --package ${name}@VERSION`]);
    process.stderr.write(`childproof: ${name} is not installed where ${display(dir)} can find it: pinning its newest release, ${version}\n`);
  }
  if (version !== undefined && (!local || localVersion !== version)) {
    const got = installTarget(name, version, probeName(name));
    if ('unavailable' in got) throw new InputError([got.unavailable]);
    from = targetDir(name, version);
  }
  const identity = pinPackage(name, from, string(values.entry)) as Extract<Identity, { kind: 'package' }>;
  const installed = findPackageDir(path.resolve(from), name)!;
  // Pinned when asked; else named, so the user sees what will run unpinned.
  if (values['with-dependencies'] === true) identity.dependencies = pinDependencies(installed);
  const tree = identity.dependencies ? [] : dependencyTree(installed).map((d) => `${d.name}@${d.version}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as Pinned['manifest'] & { bin?: unknown };
  const source = () => {
    const file = path.join(installed, identity.entry as string);
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
    // A program's package: nothing to import, a bin to run.
    const bins = typeof manifest?.bin === 'string' ? [identity.name] : Object.keys(manifest?.bin ?? {});
    const hint = bins.length ? `; it is a program: childproof init ${dir} --package ${identity.name}@${identity.version} --command ${bins[0]}` : '';
    throw new InputError([`${identity.name} ${identity.version}: no module to import (${identity.entry} is not in the package)${hint}`]);
  };
  // The package's types as an import of it finds them, through its `types` and `exports`.
  const modules = installed.slice(0, installed.lastIndexOf(`${path.sep}node_modules${path.sep}`));
  // Another entry's types are its own file's, or the declarations beside it.
  const declared = path.join(installed, String(identity.entry).replace(/\.(m|c)?js$/, '.d.$1ts'));
  const types = string(values.entry) === undefined ? { from: modules, specifier: name } : { file: fs.existsSync(declared) ? declared : path.join(installed, String(identity.entry)) };
  const typeImport = string(values.entry) === undefined ? name : `${name}/${String(values.entry).replace(/^\.\//, '')}`;
  return { identity, source, manifest, typeImport, types, what: `${identity.name} ${identity.version}`, tree };
}

/** What init did with a package's dependencies, or offers to do. */
function dependenciesLine(pinned: Pinned, dir: string, exportName: string): string {
  const id = pinned.identity;
  if (id.kind === 'package' && id.dependencies?.length) {
    return `its dependency tree is pinned too: ${id.dependencies.length} package(s), ${id.dependencies.reduce((n, d) => n + d.paths.length, 0)} file(s)\n`;
  }
  const tree = pinned.tree ?? [];
  if (tree.length === 0) return '';
  const shown = tree.slice(0, 6).join(', ') + (tree.length > 6 ? `, and ${tree.length - 6} more` : '');
  return `its ${tree.length} dependencies run unpinned (${shown}); to pin them too: childproof init ${dir} --package ${id.kind === 'package' ? `${id.name}@${id.version}` : ''} ${exportFlag(exportName)} --force --with-dependencies\n`;
}

export async function cmdInit(args: string[], within: Within = {}): Promise<number> {
  const { values, positionals } = parse(
    args,
    { ...PIN_OPTIONS, export: { type: 'string' }, call: { type: 'string' }, construct: { type: 'string' }, entry: { type: 'string' }, command: { type: 'string' }, name: { type: 'string' }, force: { type: 'boolean' } },
    { min: 1, max: Infinity, what: 'init takes the directory to write the probe into' },
  );
  const [dir, ...extra] = positionals;
  withFiles(values, extra, 'init');
  if (fs.existsSync(path.join(dir, 'probe.json')) && values.force !== true) {
    throw InputError.at(display(path.join(dir, 'probe.json')), '', `expected no probe here yet; to pin this one again: childproof pin --update ${dir}; to write it anew (another --export, say): init again with --force`);
  }
  // A failed init leaves nothing behind: the directory goes if init made it.
  const made = !fs.existsSync(dir);
  makeDirectory(dir, 'init');
  try {
    const code = await writeProbe(dir, values, within);
    // Stopped while calibrating: a probe whose "supports" were never tried is not written.
    if (stoppedExit() !== null && made) fs.rmSync(dir, { recursive: true, force: true });
    return code;
  } catch (err) {
    if (made) fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

async function writeProbe(dir: string, values: Record<string, unknown>, within: Within): Promise<number> {
  const pinned = pinTarget(dir, values);
  const commandLine = string(values.command);
  if (commandLine !== undefined) return initCommand(dir, pinned, commandLine, string(values.name) ?? path.basename(path.resolve(dir)));
  const entry = 'entry' in pinned.identity ? String(pinned.identity.entry) : pinned.what;
  const asked = { export: string(values.export), call: string(values.call), construct: constructArgs(string(values.construct)) };
  const asPinned = pinned.identity.kind === 'package' ? pinned.identity.subpath : undefined;
  const enter = (file: string, subpath = asPinned) => {
    const id = pinned.identity;
    if ('entry' in id) id.entry = file;
    if (id.kind !== 'package') return;
    if (subpath === undefined) delete id.subpath;
    else id.subpath = subpath;
  };
  const write = (w: Written) => {
    writeJsonWhole(path.join(dir, 'probe.json'), probeJson(probeName(string(values.name) ?? path.basename(path.resolve(dir))), pinned.identity, w.title, w.supports));
    writeFileWhole(path.join(dir, 'adapter.ts'), w.adapter);
    return verifyWritten(loadProbeDir(dir));
  };
  const target = { ...pinned, entry, packageName: pinned.identity.kind === 'package' ? pinned.identity.name : undefined };
  // A package's other entries are looked in only when none was named.
  const subpaths = pinned.identity.kind === 'package' && values.entry === undefined ? packageSubpaths(pinned.manifest ?? {}) : [];
  const { written, verified } = await locateExport({ target, asked, enter, write, subpaths }, (line) => process.stderr.write(`childproof: ${line}\n`));
  const name = string(values.name) ?? path.basename(path.resolve(dir));
  const from = within.skeletonFrom;
  const pinAt = (home: string) => (from && 'entry' in pinned.identity ? pinTarget(home, { file: [path.join(from, String(pinned.identity.entry))] }) : pinTarget(home, values));
  if (written.skeleton || !verified) return writeSkeleton(dir, name, pinned, written as Skeletal, within, pinAt);
  if (verified.exportsProblem) throw new InputError([verified.exportsProblem]);
  const { files } = verified;
  const { exportName, title } = written;
  process.stderr.write(`childproof: the call: ${written.line}\n`);
  // The guessed "supports", each option tried on the target: what never reached it goes.
  const calibration = await calibrateProbe(dir);
  if (calibration.interrupted) return stopped(`the probe in ${display(dir)} was not calibrated; init did not finish`);
  // A call no trial could run is neither shown nor refuted: said, and the probe kept to calibrate where it can run.
  if (calibration.ran === 0 && calibration.reached === null) {
    process.stderr.write(`childproof: ${display(dir)}: none of the ${CALIBRATION_CASES.length} calibration trials could run (${calibration.notRun ?? 'none started'}), so nothing shows the call reaches the target; where they can: childproof verify --probe ${display(dir)} --calibrate\n`);
    return EXIT.input;
  }
  // No plan stays that no trial showed running the command: a skeleton takes its place.
  if (calibration.reached === null) {
    const why = `the call init wrote ran no command in any of its ${CALIBRATION_CASES.length} calibration trials`;
    return writeSkeleton(dir, name, pinned, { ...written, skeleton: { why, declared: [written.title], tried: written.line } }, within, pinAt);
  }
  // A probe in a work folder (check's) goes with it: its place is no place to send a reader.
  process.stdout.write(
    (within.transient ? `a probe of ${title}, ${files} file(s) verified\n` : `wrote ${display(path.join(dir, 'probe.json'))} and ${display(path.join(dir, 'adapter.ts'))}: ${title}, ${files} file(s) verified\n`) +
      `"supports" calibrated on the target (${CALIBRATION_CASES.length} trials${calibration.where ? `, ${calibration.where}` : ''}): ${calibration.supports.length ? calibration.supports.join(', ') : 'none'}\n` +
      calibration.options.map((o) => `  ${o.option.padEnd(12)} ${o.state === 'not observable' ? 'not observable' : o.declared ? (kept(o) ? 'kept' : 'removed') : kept(o) ? 'reaches' : 'does not reach'}: ${o.how}\n`).join('') +
      (within.transient ? '' : `run it:  childproof run --probe ${dir} --case core\n` + dependenciesLine(pinned, dir, exportName)),
  );
  return EXIT.ok;
}

/** A program's probe: its command where a library's has an adapter, checked by the server cases. */
async function initCommand(dir: string, pinned: Pinned, line: string, name: string): Promise<number> {
  const [bin, ...args] = splitCommand(line);
  if (!bin) throw new InputError(["--command expects the program's bin and its arguments, as 'BIN ARGS'"]);
  const command = { ...commandFile(bin, pinned.identity, pinned.manifest, pinned.root), ...(args.length ? { args } : {}) };
  writeJsonWhole(path.join(dir, 'probe.json'), commandProbeJson(probeName(name), pinned.identity, pinned.what, command));
  const { files } = await verifyWritten(loadProbeDir(dir));
  process.stdout.write(
    `wrote ${display(path.join(dir, 'probe.json'))}: ${pinned.what}, running ${command.file}${args.length ? ` ${args.join(' ')}` : ''}, ${files} file(s) verified\n` +
      `run it:  childproof run --probe ${dir} --case 'server/*'\n` +
      `its configuration, if it needs any, goes in "command": { "env": { ... } } in probe.json\n`,
  );
  return EXIT.ok;
}

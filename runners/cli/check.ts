// `childproof check`: a package, a local package as npm would pack it, or a file, checked
// in one command. A probe is written for it (init: pinned, its export chosen, what it
// supports calibrated), run on the core cases, and the clauses read back: one line per
// clause that does not hold or was not tested, naming its cases, and one per trial that
// ended in error. It exits 0 only for a tested green (check-verdict.ts): a trial reached
// the target, none errored, and every clause asked for (--require, else every clause the
// cases run assert) has a judged trial and holds. Nothing is left behind but what
// --probe-dir and --out keep: the work happens in a folder of the cache, removed at the end.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CLAUSES, type Clause } from '../model/clauses.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { CACHE_DIR } from '../model/paths.ts';
import { readReport } from '../report/report-file.ts';
import { parse, string, strings, withFiles } from './args.ts';
import { checkVerdict } from './check-verdict.ts';
import { cmdInit } from './init.ts';
import { freshFolder } from './init-skeleton.ts';
import { shippedProbes } from '../model/load-probes.ts';
import { pickVersions, publishedVersions } from '../identity/versions.ts';
import { cmdRun } from './run.ts';
import { stopped, stoppedExit } from './stop.ts';

/** A local package packed as npm publishes it, and installed into `project` from the tarball. */
function installPacked(dir: string, project: string): string {
  const manifest = path.join(dir, 'package.json');
  if (!fs.existsSync(manifest)) throw new InputError([`--pack ${dir}: expected a package directory, with a package.json`]);
  const name = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name;
  if (!name) throw InputError.at(manifest, '/name', 'expected the package\'s name');
  const npm = (args: string[], cwd: string) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  try {
    const packed = JSON.parse(npm(['pack', path.resolve(dir), '--json', '--pack-destination', project], project)) as Array<{ filename: string }>;
    fs.writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
    npm(['install', '--no-save', path.join(project, packed[0].filename)], project);
  } catch (err) {
    const why = String((err as { stderr?: Buffer }).stderr ?? err).trim().split('\n').at(-1);
    throw new InputError([`--pack ${dir}: npm could not pack and install it (${why})`]);
  }
  return name;
}

/** The clauses to hold: those asked for, each a known clause, or every one a trial covered. */
function required(asked: string | undefined): Clause[] | null {
  if (asked === undefined) return null;
  const names = asked.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = names.filter((n) => !(CLAUSES as readonly string[]).includes(n));
  if (bad.length || names.length === 0) throw new InputError([`--require expects clauses separated by commas (${CLAUSES.join(', ')}), not "${asked}"`]);
  return names as Clause[];
}

/** The shipped probe of the package NAME[@VERSION] asks for, as `--probe` names it at that version; null when none is shipped. */
function shippedFor(asked: string): string | null {
  const [, name, version] = /^(@?[^@]+)(?:@(.+))?$/.exec(asked) ?? [];
  const probe = shippedProbes().find((p) => !p.spec.mutant && p.dir === p.codeDir && p.spec.identity.kind === 'package' && p.spec.identity.name === name);
  if (!probe) return null;
  const at = version ?? pickVersions(publishedVersions(name), '*').at(-1);
  return at === undefined ? probe.spec.name : `${probe.spec.name}@${at}`;
}

export async function cmdCheck(args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    { pack: { type: 'string' }, file: { type: 'string', multiple: true }, export: { type: 'string' }, call: { type: 'string' }, construct: { type: 'string' }, require: { type: 'string' }, 'probe-dir': { type: 'string' }, out: { type: 'string' }, case: { type: 'string', multiple: true }, runtime: { type: 'string' }, node: { type: 'string' } },
    { min: 0, max: Infinity, what: 'check takes a package, NAME[@VERSION], or --pack DIR, or --file F...' },
  );
  // With --file, every word left is another file; without, the first is the package.
  const pkg = strings(values.file).length ? undefined : positionals[0];
  withFiles(values, pkg === undefined ? positionals : positionals.slice(1), 'check');
  const pack = string(values.pack);
  if ([pkg, pack, strings(values.file).length ? 'file' : undefined].filter(Boolean).length !== 1) throw new InputError(['check takes exactly one of NAME[@VERSION], --pack DIR or --file F...']);
  const clauses = required(string(values.require));
  const kept = string(values['probe-dir']);
  if (kept && pack) throw new InputError(['--probe-dir keeps a probe of a published package or of files: a packed package is installed for the check alone']);
  if (kept && fs.existsSync(path.join(kept, 'probe.json'))) throw InputError.at(path.join(kept, 'probe.json'), '', 'expected no probe here yet: check writes one; run it with childproof run --probe DIR');
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const work = fs.mkdtempSync(path.join(CACHE_DIR, 'check-'));
  try {
    const target = pack ? ['--package', installPacked(pack, work)] : pkg ? ['--package', pkg] : ['--file', ...strings(values.file).map((f) => path.resolve(f))];
    // A package childproof ships a probe for is called as that probe calls it, at the version asked.
    const own = pkg && !values.export && !values.call && values.construct === undefined && !kept ? shippedFor(pkg) : null;
    // A packed package is found where it was installed: the probe is written beside it.
    const dir = own ?? (kept ? path.resolve(kept) : path.join(work, 'probe'));
    if (own) process.stderr.write(`childproof: childproof ships a probe of ${pkg!.replace(/@[^@]*$/, '')}: checking with its call, ${own}\n`);
    const initCode = own ? EXIT.ok : await cmdInit([dir, ...target, ...(values.export ? ['--export', String(values.export)] : []), ...(values.call ? ['--call', String(values.call)] : []), ...(values.construct !== undefined ? ['--construct', String(values.construct)] : [])], { transient: !kept, keepSkeleton: kept ? undefined : freshFolder, ...(pack ? { skeletonFrom: path.resolve(pack) } : {}) });
    if (initCode !== EXIT.ok) return initCode;
    // --out keeps the report of the check's run; without it, it goes with the work folder.
    const out = values.out === undefined ? path.join(work, 'report.json') : path.resolve(String(values.out));
    const runtime = values.runtime ? ['--runtime', String(values.runtime)] : values.node ? ['--node', String(values.node)] : [];
    // The controls too: a target without a signal can express little of core but them.
    const cases = strings(values.case).length ? strings(values.case) : ['core', 'control'];
    if (stoppedExit() !== null) return stopped('the probe was not calibrated; nothing was checked');
    const runCode = await cmdRun(['--probe', dir, ...cases.flatMap((c) => ['--case', c]), ...runtime, '--out', out, '--allow-skipped', '--quiet'], { transient: values.out === undefined });
    if (stoppedExit() !== null) return runCode;
    // Run's own gate first: a usage problem, a broken integrity, an internal error is its exit.
    if (runCode !== EXIT.ok && runCode !== EXIT.notAsExpected) return runCode;
    const { lines, holds } = checkVerdict(readReport(out), clauses);
    process.stdout.write(`${lines.join('\n')}\n`);
    if (kept) process.stdout.write(`the probe is kept in ${kept}: childproof run --probe ${kept}, then childproof bless to accept what it does\n`);
    return holds ? EXIT.ok : EXIT.notAsExpected;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

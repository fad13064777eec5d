// Finding, reading and validating probe directories: probe.json, what a person claims,
// and divergences.json beside it, what `bless` recorded. Anything wrong stops the run
// before a single trial executes.

import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { readAdapterFiles } from './adapter-files.ts';
import { InputError } from './errors.ts';
import { checkProbeKind } from './kinds/probe-rules.ts';
import { display, readJson } from './files.ts';
import { globMatcher } from './load-cases.ts';
import { filesSignature, keptLoad } from './kept-loads.ts';
import { MUTANTS_DIR, PROBES_DIR } from './paths.ts';
import type { DivergencesFile, LoadedDivergence, LoadedProbe, ProbeSpec } from './probe.ts';
import { validateRead } from './schemas.ts';
import { UNFINISHED, unfinishedLine } from './skeleton.ts';

export const DIVERGENCES_FILE = 'divergences.json';

/** Every probe directory shipped with childproof: probes/NAME and probes/mutants/NAME. */
function shippedProbeDirs(): string[] {
  const dirs: string[] = [];
  for (const parent of [PROBES_DIR, MUTANTS_DIR]) {
    if (!fs.existsSync(parent)) continue;
    for (const d of fs.readdirSync(parent).sort()) {
      if (fs.existsSync(path.join(parent, d, 'probe.json'))) dirs.push(path.join(parent, d));
    }
  }
  return dirs;
}

/** A probe the user brought: a directory of their own, or a package probe at a version they named. */
export function isBrought(p: LoadedProbe): boolean {
  return p.atVersion !== undefined || !shippedProbeDirs().includes(p.dir);
}

/** The probes a run uses by default: every shipped probe but the mutants. */
export function builtinProbeNames(): string[] {
  return shippedProbeDirs()
    .filter((d) => path.dirname(d) !== MUTANTS_DIR)
    .map((d) => path.basename(d));
}

/** The known-bad variants of the reference, by probe name. */
export function mutantProbeNames(): string[] {
  return shippedProbeDirs()
    .filter((d) => path.dirname(d) === MUTANTS_DIR)
    .map((d) => loadProbeDir(d).spec.name);
}

/** divergences.json, validated; an empty one when there is none. */
function readDivergences(file: string, probe: string): DivergencesFile {
  if (!fs.existsSync(file)) return { probe, explanations: [] };
  const read = readJson(file);
  const problems = validateRead('divergences', read, display(file));
  if (problems.length) throw new InputError(problems);
  const doc = read.data as DivergencesFile;
  if (doc.probe !== probe) throw InputError.at(display(file), '/probe', `expected "${probe}", the name in probe.json beside it`);
  return doc;
}

/** The signatures of divergences.json, each with its explanation and its JSON pointer. */
function signaturesOf(doc: DivergencesFile): LoadedDivergence[] {
  return doc.explanations.flatMap(({ why, signatures }, i) => signatures.map((s, j) => ({ ...s, why, pointer: `/explanations/${i}/signatures/${j}` })));
}

type RawProbe = Partial<ProbeSpec> & { extends?: string };

export function loadProbeDir(dir: string, seen: string[] = []): LoadedProbe {
  const file = path.join(dir, 'probe.json');
  if (!fs.existsSync(file)) throw InputError.at(display(dir), '', 'expected a probe directory containing probe.json');
  const read = readJson(file);
  const problems = validateRead('probe', read, display(file));
  if (problems.length) throw new InputError(problems);
  const raw = read.data as RawProbe;
  let spec: ProbeSpec;
  let codeDir = path.resolve(dir);
  if (raw.extends) {
    // A variant of another probe: its identity, adapter and abilities, with its own
    // options, divergences and name. Pins and adapter resolve where the base lives.
    const baseDir = path.resolve(dir, raw.extends);
    if (seen.includes(baseDir)) throw InputError.at(display(file), '/extends', 'expected a probe that does not extend itself');
    if (!fs.existsSync(path.join(baseDir, 'probe.json'))) {
      throw InputError.at(display(file), '/extends', `expected the directory of the probe this one extends, relative to it; ${display(baseDir)} holds no probe.json`);
    }
    const base = loadProbeDir(baseDir, [...seen, path.resolve(dir)]);
    codeDir = base.codeDir;
    const { extends: _ignored, ...own } = raw;
    spec = { ...base.spec, ...own, options: { ...base.spec.options, ...own.options } } as ProbeSpec;
    delete spec.source;
    if (base.spec.source) spec.source = base.spec.source;
  } else {
    spec = raw as ProbeSpec;
  }
  checkProbeKind(spec, display(file), codeDir);
  refuseSkeleton(spec, codeDir);
  const divergencesFile = path.join(path.resolve(dir), DIVERGENCES_FILE);
  const doc = readDivergences(divergencesFile, spec.name);
  const explanations = doc.explanations.map(({ signatures: _s, ...e }, i) => ({ ...e, pointer: `/explanations/${i}` }));
  if (spec.byVersion) spec = withOptionsAt(spec);
  return { spec, dir: path.resolve(dir), codeDir, file, divergencesFile, knownDivergences: signaturesOf(doc), explanations };
}

/** An adapter init left to be finished is no probe yet: the line to finish is named. Its
 *  files are read by the bounded reader first: one that is not a regular file is refused. */
function refuseSkeleton(spec: ProbeSpec, codeDir: string): void {
  if (!spec.adapter) return;
  const file = path.join(codeDir, spec.adapter);
  const line = fs.existsSync(file) ? unfinishedLine(readAdapterFiles(file)) : null;
  if (line !== null) throw new InputError([`${display(file)}:${line}: expected a finished adapter: init wrote this one as a skeleton; write the call to the target there and remove the ${UNFINISHED} line`]);
}

let shipped: { signature: string; probes: LoadedProbe[] } | null = null;

/** Every probe shipped with childproof, the mutants included. Read and validated once
 *  while their files stay as they are (a test process asks some hundred times), and
 *  handed out as copies: a caller may change its own. */
export function shippedProbes(): LoadedProbe[] {
  return structuredClone(shippedAsRead() as LoadedProbe[]);
}

/** The same, as read, for a caller that only reads them (the annotations' places, a
 *  statement's subjects, the list): a copy of every probe for every such call was most of
 *  what those calls cost. */
export function shippedProbesToRead(): readonly Readonly<LoadedProbe>[] {
  return shippedAsRead();
}

/** The names of the shipped probes, the mutants included. */
export function shippedProbeNames(): string[] {
  return shippedAsRead().map((p) => p.spec.name);
}

/** The shipped probes as read, never handed out: callers get copies of those they take. */
function shippedAsRead(): readonly LoadedProbe[] {
  const signature = filesSignature([PROBES_DIR]);
  if (shipped?.signature !== signature) shipped = { signature, probes: keptLoad('probes', signature, () => shippedProbeDirs().map((d) => loadProbeDir(d))) };
  return shipped.probes;
}

/**
 * Probes by name (a shipped probe or mutant, globs allowed: "mutant-*") or by directory
 * (how users bring their own target).
 */
export function loadProbes(patterns: string[]): LoadedProbe[] {
  const shipped = shippedAsRead();
  const out: LoadedProbe[] = [];
  for (const pattern of patterns) {
    const versioned = versionAsked(pattern);
    if (versioned) {
      out.push(atVersion(loadProbes([versioned.probe])[0], versioned.version, pattern));
      continue;
    }
    const matches = globMatcher(pattern, '--probe');
    const hits = shipped.filter((p) => matches(p.spec.name));
    // Copies of the probes taken alone: a caller may change its own, and cloning them all for one cost more than reading them.
    if (hits.length) out.push(...structuredClone(hits));
    else if (fs.existsSync(pattern) && fs.statSync(pattern).isDirectory()) out.push(loadProbeDir(pattern));
    else {
      const mutants = shipped.filter((p) => p.spec.mutant).map((p) => p.spec.name);
      throw new InputError([
        `no probe "${pattern}". Built-in probes: ${builtinProbeNames().join(', ')}; mutants: ${mutants.join(', ') || 'none'}; or give a directory with probe.json`,
      ]);
    }
  }
  return out.filter((p, i) => out.findIndex((q) => q.spec.name === p.spec.name) === i);
}

/**
 * NAME@VERSION: a probe's name, then an exact version as npm writes one (1.3.1, v1.3.1,
 * 2.0.0-beta.1). A version is data, never a path: anything else after the @ (a range, a
 * tag, a slash) is refused, exit 2. A pattern with no @ past its first character (a
 * scope's @ is its first), or a probe directory, asks for no version.
 */
function versionAsked(pattern: string): { probe: string; version: string } | null {
  const at = pattern.lastIndexOf('@');
  if (at <= 0 || fs.existsSync(path.join(pattern, 'probe.json'))) return null;
  const [probe, asked] = [pattern.slice(0, at), pattern.slice(at + 1)];
  const version = semver.valid(asked);
  if (!version || /[/\\\s]/.test(asked)) {
    const range = semver.validRange(asked) ? '; for a range of versions, use childproof sweep --versions' : '';
    throw new InputError([`--probe ${pattern}: expected NAME@VERSION with an exact version such as 1.3.1, not "${asked}"${range}`]);
  }
  return { probe, version };
}

/** A package probe at another version: the same adapter, options and known divergences,
 *  named NAME@VERSION, its pins taken when that version is installed. */
function atVersion(base: LoadedProbe, version: string, asked: string): LoadedProbe {
  const id = base.spec.identity;
  if (id.kind !== 'package') throw new InputError([`--probe ${asked}: expected a probe of an npm package; ${base.spec.name} pins ${id.kind === 'builtin' ? 'a Node builtin' : 'its own files'}`]);
  if (version === id.version) return base;
  const identity = { ...id, version, paths: [] };
  const spec = { ...base.spec, name: `${base.spec.name}@${version}`, title: `${base.spec.title} (${id.name} ${version})`, identity };
  return { ...base, spec: withOptionsAt(spec), atVersion: { of: base.spec.name, version } };
}

/** A probe's spec with the options its `byVersion` gives the pinned version laid over its own. */
function withOptionsAt(spec: ProbeSpec): ProbeSpec {
  const id = spec.identity;
  const ranges = id.kind === 'package' ? (spec.byVersion ?? []).filter((b) => semver.satisfies(id.version, b.range)) : [];
  // None that applies leaves the spec as it is, with no options where it had none.
  return ranges.length ? { ...spec, options: Object.assign({}, spec.options, ...ranges.map((b) => b.options)) } : spec;
}

export function loadProbe(nameOrDir: string): LoadedProbe {
  return loadProbes([nameOrDir])[0];
}

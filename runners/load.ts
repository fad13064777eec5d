// Finding, reading and validating case and probe files. Anything wrong stops the run
// before a single trial executes, with the file, the JSON pointer and what was expected.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseJsonc, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { InputError } from './errors.ts';
import { validate } from './schemas.ts';
import type { CaseSpec, LoadedCase, LoadedProbe, ProbeSpec } from './types.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CASES_DIR = path.join(ROOT, 'cases');
export const PROBES_DIR = path.join(ROOT, 'probes');

const CASE_SUFFIX = '.case.json';

function display(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return `line ${line}, column ${position - before.lastIndexOf('\n')}`;
}

/** Parse JSON, reporting a syntax error by line and column rather than with a stack. */
export function readJson(file: string): { data: unknown; bytes: Buffer } {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw InputError.at(display(file), '', `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const text = bytes.toString('utf8');
  try {
    return { data: JSON.parse(text), bytes };
  } catch (err) {
    // JSON.parse says what is wrong but not where; jsonc-parser finds the offset.
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    const where = first ? ` (${printParseErrorCode(first.error)} at ${lineAndColumn(text, first.offset)})` : ` (${(err as Error).message})`;
    throw InputError.at(display(file), '', `expected valid JSON${where}`);
  }
}

function walk(dir: string, suffix: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full, suffix));
    else if (entry.name.endsWith(suffix)) out.push(full);
  }
  return out.sort();
}

export function loadCase(file: string, root = CASES_DIR): LoadedCase {
  const { data, bytes } = readJson(file);
  const problems = validate('case', data, display(file));
  if (problems.length) throw new InputError(problems);
  const spec = data as CaseSpec;
  const rel = path.relative(root, file);
  if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
    const expectedId = rel.slice(0, -CASE_SUFFIX.length).split(path.sep).join('/');
    if (spec.id !== expectedId) throw InputError.at(display(file), '/id', `expected "${expectedId}", the file's path below cases/`);
  } else if (!file.endsWith(`${spec.id.split('/').pop()}${CASE_SUFFIX}`)) {
    throw InputError.at(display(file), '/id', `expected the file to be named ${spec.id.split('/').pop()}${CASE_SUFFIX}`);
  }
  if (spec.trigger.after && spec.trigger.kind !== 'abort') {
    throw InputError.at(display(file), '/trigger/after', `expected no "after" for a ${spec.trigger.kind} trigger (only abort has one)`);
  }
  if (spec.trigger.reason && spec.trigger.kind !== 'abort' && spec.trigger.kind !== 'pre-aborted') {
    throw InputError.at(display(file), '/trigger/reason', `expected no abort reason for a ${spec.trigger.kind} trigger`);
  }
  if (spec.trigger.after === 'signal' && spec.call.timeoutMs === undefined) {
    throw InputError.at(display(file), '/call/timeoutMs', 'expected a timeout: an abort after the child\'s first signal waits for the timeout to send it');
  }
  if (spec.trigger.kind === 'timeout' && spec.call.timeoutMs === undefined) {
    throw InputError.at(display(file), '/call/timeoutMs', 'expected a timeout for a timeout trigger');
  }
  return { spec, file, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export function loadAllCases(root = CASES_DIR): LoadedCase[] {
  const cases = walk(root, CASE_SUFFIX).map((f) => loadCase(f, root));
  const seen = new Map<string, string>();
  for (const c of cases) {
    const other = seen.get(c.spec.id);
    if (other) throw InputError.at(display(c.file), '/id', `expected a unique id; "${c.spec.id}" is also used by ${display(other)}`);
    seen.set(c.spec.id, c.file);
  }
  return cases;
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split(/(\*\*|\*|\?)/)
    .map((part) =>
      part === '**' ? '.*' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

/**
 * Cases by id, glob or path to a case file of the user's own; a pattern that matches
 * nothing is an input error listing the ids.
 */
export function selectCases(all: LoadedCase[], patterns: string[]): LoadedCase[] {
  if (patterns.length === 0) return all;
  const chosen = new Set<LoadedCase>();
  const own: LoadedCase[] = [];
  for (const pattern of patterns) {
    if (pattern.endsWith(CASE_SUFFIX)) {
      own.push(loadCase(path.resolve(pattern)));
      continue;
    }
    const re = globToRegExp(pattern);
    const hits = all.filter((c) => re.test(c.spec.id) || c.spec.id.startsWith(`${pattern}/`));
    if (hits.length === 0) {
      throw new InputError([`no case matches "${pattern}". Cases: ${all.map((c) => c.spec.id).join(', ')}`]);
    }
    hits.forEach((h) => chosen.add(h));
  }
  return [...all.filter((c) => chosen.has(c)), ...own];
}

/** Every probe directory shipped with childproof: probes/NAME and probes/mutants/NAME. */
function shippedProbeDirs(): string[] {
  const dirs: string[] = [];
  for (const parent of [PROBES_DIR, path.join(PROBES_DIR, 'mutants')]) {
    if (!fs.existsSync(parent)) continue;
    for (const d of fs.readdirSync(parent).sort()) {
      if (fs.existsSync(path.join(parent, d, 'probe.json'))) dirs.push(path.join(parent, d));
    }
  }
  return dirs;
}

const MUTANTS_DIR = path.join(PROBES_DIR, 'mutants');

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

type RawProbe = Partial<ProbeSpec> & { extends?: string };

export function loadProbeDir(dir: string, seen: string[] = []): LoadedProbe {
  const file = path.join(dir, 'probe.json');
  if (!fs.existsSync(file)) throw InputError.at(display(dir), '', 'expected a probe directory containing probe.json');
  const { data } = readJson(file);
  const problems = validate('probe', data, display(file));
  if (problems.length) throw new InputError(problems);
  const raw = data as RawProbe;
  let spec: ProbeSpec;
  let codeDir = path.resolve(dir);
  if (raw.extends) {
    // A variant of another probe: its identity, adapter and abilities, with its own
    // options, expectations and name. Pins and adapter resolve where the base lives.
    const baseDir = path.resolve(dir, raw.extends);
    if (seen.includes(baseDir)) throw InputError.at(display(file), '/extends', 'expected a probe that does not extend itself');
    const base = loadProbeDir(baseDir, [...seen, path.resolve(dir)]);
    codeDir = base.codeDir;
    const { extends: _ignored, ...own } = raw;
    spec = { ...base.spec, knownDivergences: [], ...own, options: { ...base.spec.options, ...own.options } } as ProbeSpec;
    delete spec.source;
    if (base.spec.source) spec.source = base.spec.source;
  } else {
    spec = raw as ProbeSpec;
  }
  if (!fs.existsSync(path.join(codeDir, spec.adapter))) {
    throw InputError.at(display(file), '/adapter', `expected the adapter file ${spec.adapter} to exist`);
  }
  return { spec, dir: path.resolve(dir), codeDir, file };
}

/**
 * Probes by name (a shipped probe or mutant, globs allowed: "mutant-*") or by directory
 * (how users bring their own target).
 */
export function loadProbes(patterns: string[]): LoadedProbe[] {
  const shipped = shippedProbeDirs().map((d) => loadProbeDir(d));
  const out: LoadedProbe[] = [];
  for (const pattern of patterns) {
    const re = globToRegExp(pattern);
    const hits = shipped.filter((p) => re.test(p.spec.name));
    if (hits.length) out.push(...hits);
    else if (fs.existsSync(pattern) && fs.statSync(pattern).isDirectory()) out.push(loadProbeDir(pattern));
    else {
      throw new InputError([
        `no probe "${pattern}". Built-in probes: ${builtinProbeNames().join(', ')}; mutants: ${shipped.filter((p) => p.spec.mutant).map((p) => p.spec.name).join(', ') || 'none'}; or give a directory with probe.json`,
      ]);
    }
  }
  return out.filter((p, i) => out.findIndex((q) => q.dir === p.dir) === i);
}

export function loadProbe(nameOrDir: string): LoadedProbe {
  return loadProbes([nameOrDir])[0];
}

/**
 * Rules a schema cannot state: a known divergence must name a case that exists and a fact
 * that case asserts, or it could never match and would hide nothing but itself.
 */
export function lintProbe(probe: LoadedProbe, cases: LoadedCase[]): string[] {
  const problems: string[] = [];
  const mutant = probe.spec.mutant;
  if (mutant) {
    const caught = (probe.spec.knownDivergences ?? []).some((k) =>
      cases.find((c) => c.spec.id === k.case)?.spec.assertions.some((a) => a.fact === k.fact && a.clause === mutant.breaks),
    );
    if (!caught) {
      problems.push(`${display(probe.file)}: /mutant/breaks: expected a known divergence on a fact that some case ties to "${mutant.breaks}", the clause this mutant breaks`);
    }
  }
  (probe.spec.knownDivergences ?? []).forEach((k, i) => {
    const c = cases.find((x) => x.spec.id === k.case);
    const where = `${display(probe.file)}: /knownDivergences/${i}`;
    if (!c) problems.push(`${where}/case: expected the id of an existing case, not "${k.case}"`);
    else if (!c.spec.assertions.some((a) => a.fact === k.fact)) {
      problems.push(`${where}/fact: expected a fact that case ${k.case} asserts, not "${k.fact}"`);
    }
  });
  return problems;
}

/** Every probe shipped with childproof, the mutants included. */
export function shippedProbes(): LoadedProbe[] {
  return shippedProbeDirs().map((d) => loadProbeDir(d));
}

/**
 * A case no known-bad implementation fails proves nothing: each must be failed by a
 * mutant or by a real probe's known divergence, or say why it only observes.
 */
export function lintCoverage(cases: LoadedCase[], probes: LoadedProbe[]): string[] {
  const failed = new Set(
    probes.filter((p) => p.spec.name !== 'reference').flatMap((p) => (p.spec.knownDivergences ?? []).map((k) => k.case)),
  );
  return cases
    .filter((c) => !c.spec.observationOnly && !failed.has(c.spec.id))
    .map((c) => `${display(c.file)}: /: expected a mutant or a real probe's known divergence that fails this case, or "observationOnly" with the reason`);
}

/** Published-expectations files kept beside their suites. */
export function expectationFiles(root = CASES_DIR): string[] {
  return walk(root, '.json').filter((f) => !f.endsWith(CASE_SUFFIX));
}

/**
 * An expectations file is only replayable while each row's case is the file it was
 * transcribed against: a case edited since must be transcribed again.
 */
export function lintExpectations(file: string, cases: LoadedCase[]): string[] {
  const { data } = readJson(file);
  const problems = validate('expectations', data, display(file));
  if (problems.length) return problems;
  const rows = (data as { rows: Array<{ case: string; sha256: string }> }).rows;
  return rows.flatMap((row, i) => {
    const c = cases.find((x) => x.spec.id === row.case);
    if (!c) return [`${display(file)}: /rows/${i}/case: expected the id of an existing case, not "${row.case}"`];
    if (c.sha256 !== row.sha256) {
      return [`${display(file)}: /rows/${i}/sha256: expected ${c.sha256}, the digest of ${display(c.file)} as it is now (transcribe the row again if the case changed)`];
    }
    return [];
  });
}

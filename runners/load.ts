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

export function builtinProbeNames(): string[] {
  if (!fs.existsSync(PROBES_DIR)) return [];
  return fs
    .readdirSync(PROBES_DIR)
    .filter((d) => fs.existsSync(path.join(PROBES_DIR, d, 'probe.json')))
    .sort();
}

export function loadProbeDir(dir: string): LoadedProbe {
  const file = path.join(dir, 'probe.json');
  if (!fs.existsSync(file)) throw InputError.at(display(dir), '', 'expected a probe directory containing probe.json');
  const { data } = readJson(file);
  const problems = validate('probe', data, display(file));
  if (problems.length) throw new InputError(problems);
  const spec = data as ProbeSpec;
  if (!fs.existsSync(path.join(dir, spec.adapter))) {
    throw InputError.at(display(file), '/adapter', `expected the adapter file ${spec.adapter} beside probe.json`);
  }
  return { spec, dir: path.resolve(dir), file };
}

/** A probe by built-in name, or by directory (how users bring their own target). */
export function loadProbe(nameOrDir: string): LoadedProbe {
  const looksLikePath = nameOrDir.includes('/') || nameOrDir.startsWith('.');
  if (looksLikePath || !builtinProbeNames().includes(nameOrDir)) {
    if (fs.existsSync(nameOrDir) && fs.statSync(nameOrDir).isDirectory()) return loadProbeDir(nameOrDir);
    throw new InputError([`no probe "${nameOrDir}". Built-in probes: ${builtinProbeNames().join(', ')}; or give a directory with probe.json`]);
  }
  return loadProbeDir(path.join(PROBES_DIR, nameOrDir));
}

/**
 * Rules a schema cannot state: a known divergence must name a case that exists and a fact
 * that case asserts, or it could never match and would hide nothing but itself.
 */
export function lintProbe(probe: LoadedProbe, cases: LoadedCase[]): string[] {
  const problems: string[] = [];
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

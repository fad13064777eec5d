// Finding, reading and validating case files. Anything wrong stops the run before a
// single trial executes, with the file, the JSON pointer and what was expected.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { IMPLIED, type CaseSpec, type LoadedCase } from './case.ts';
import { InputError } from './errors.ts';
import { display, readJson } from './files.ts';
import { filesSignature, keptLoad } from './kept-loads.ts';
import { CASES_DIR } from './paths.ts';
import { caseKind, KIND_TRAITS } from './kinds/kind.ts';
import { checkKind } from './kinds/case-rules.ts';
import { clauseProblems } from './clause-definitions.ts';
import { validateRead } from './schemas.ts';

export const CASE_SUFFIX = '.case.json';

export function walk(dir: string, suffix: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full, suffix));
    else if (entry.name.endsWith(suffix)) out.push(full);
  }
  return out.sort();
}

/** Rules the schema cannot state: which trigger fields go with which trigger. */
function checkTrigger(spec: CaseSpec, file: string): void {
  const { trigger, call } = spec;
  if (trigger.after && trigger.kind !== 'abort') {
    throw InputError.at(file, '/trigger/after', `expected no "after" for a ${trigger.kind} trigger (only abort has one)`);
  }
  if (trigger.reason && trigger.kind !== 'abort' && trigger.kind !== 'pre-aborted') {
    throw InputError.at(file, '/trigger/reason', `expected no abort reason for a ${trigger.kind} trigger`);
  }
  if (trigger.after === 'signal' && call.timeoutMs === undefined) {
    throw InputError.at(file, '/call/timeoutMs', "expected a timeout: an abort after the child's first signal waits for the timeout to send it");
  }
  if (call.calls !== undefined && trigger.after === 'exit') {
    throw InputError.at(file, '/trigger/after', 'expected "ready" or "signal" for a case that makes several calls: the first exit seen would be an earlier call\'s child');
  }
  if (call.detached && !spec.requires.includes('detached')) {
    throw InputError.at(file, '/requires', 'expected "detached" among the features a case with call.detached requires');
  }
  if (call.ipc && !spec.requires.includes('ipc')) {
    throw InputError.at(file, '/requires', 'expected "ipc" among the features a case with call.ipc requires');
  }
  if (spec.child.ipc && !call.ipc) {
    throw InputError.at(file, '/call/ipc', 'expected true: a child that keeps its IPC channel needs a call that opens one');
  }
  if (call.stdin && !spec.requires.includes('stdin')) {
    throw InputError.at(file, '/requires', 'expected "stdin" among the features a case with call.stdin requires');
  }
  // A child that exits at the end of its stdin would be gone before it is ready, on a
  // target that hands it none or closes it at once.
  if (spec.child.stdin === 'exit-on-eof' && !call.stdin) {
    throw InputError.at(file, '/call/stdin', 'expected "pipe": a child that exits at the end of its stdin needs a call that holds one open');
  }
  if (trigger.kind === 'timeout' && call.timeoutMs === undefined) {
    throw InputError.at(file, '/call/timeoutMs', 'expected a timeout for a timeout trigger');
  }
}

export function loadCase(file: string, root = CASES_DIR): LoadedCase {
  const read = readJson(file);
  const { data, bytes } = read;
  const problems = validateRead('case', read, display(file));
  if (problems.length) throw new InputError(problems);
  const spec = data as CaseSpec;
  const rel = path.relative(root, file);
  const name = `${spec.id.split('/').pop()}${CASE_SUFFIX}`;
  if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
    const expectedId = rel.slice(0, -CASE_SUFFIX.length).split(path.sep).join('/');
    if (spec.id !== expectedId) throw InputError.at(display(file), '/id', `expected "${expectedId}", the file's path below cases/`);
  } else if (!file.endsWith(name)) {
    throw InputError.at(display(file), '/id', `expected the file to be named ${name}`);
  }
  checkKind(spec, display(file));
  checkTrigger(spec, display(file));
  const kind = caseKind(spec);
  // A caller's call settles, and leaves nothing running, whatever the case asks; a server is no call.
  const implied = KIND_TRAITS[kind].judgesACall ? IMPLIED.filter((i) => !spec.assertions.some((a) => a.clause === i.clause && a.fact === i.fact)) : [];
  spec.assertions = [...implied, ...spec.assertions];
  // Each assertion means its clause's words (model/clause-definitions.ts), or the case is refused.
  const wider = clauseProblems(spec.assertions, implied.length, spec.call.options);
  if (wider.length) throw new InputError(wider.map((w) => `${display(file)}: ${w.pointer}: ${w.message}`));
  return { spec, file, sha256: createHash('sha256').update(bytes).digest('hex'), kind, ...(implied.length ? { implied: implied.length } : {}) };
}

export function loadAllCases(root = CASES_DIR): LoadedCase[] {
  if (root === CASES_DIR) return keptLoad('cases', filesSignature([root]), () => casesUnder(root));
  return casesUnder(root);
}

function casesUnder(root: string): LoadedCase[] {
  const cases = walk(root, CASE_SUFFIX).map((f) => loadCase(f, root));
  const seen = new Map<string, string>();
  for (const c of cases) {
    const other = seen.get(c.spec.id);
    if (other) throw InputError.at(display(c.file), '/id', `expected a unique id; "${c.spec.id}" is also used by ${display(other)}`);
    seen.set(c.spec.id, c.file);
  }
  return cases;
}

/** A glob over ids and names: `*` stays within one path segment, `**` crosses them. */
/** `option` names what the pattern was given as, for the error an empty one gets. */
export function globMatcher(pattern: string, option = '--case'): (name: string) => boolean {
  if (pattern.trim() === '') throw new InputError([`${option} expects a name or a glob, not an empty string`]);
  // No case id or probe name comes near it; the glob library throws on longer ones.
  if (pattern.length > 1000) throw new InputError([`${option} expects a name or a glob of at most 1000 characters, not one of ${pattern.length}`]);
  return picomatch(pattern);
}

/**
 * Cases by id, glob, suite or path to a case file of the user's own; a pattern that
 * matches nothing is an input error listing the ids.
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
    const matches = globMatcher(pattern);
    const hits = all.filter((c) => matches(c.spec.id) || c.spec.id.startsWith(`${pattern}/`));
    if (hits.length === 0) {
      throw new InputError([`no case matches "${pattern}". Cases: ${all.map((c) => c.spec.id).join(', ')}`]);
    }
    hits.forEach((h) => chosen.add(h));
  }
  return [...all.filter((c) => chosen.has(c)), ...own];
}

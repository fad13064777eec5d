// Each clause's words as data: the facts that can show them true and the values that do.
// A case's assertion of a clause must accept no value outside its clause's definition, so
// a verdict that holds is the clause's own words come true, never a wider reading of them
// (cases/INTERPRETING.md, Clauses). Pure.

import { isDeepStrictEqual } from 'node:util';
import type { Assertion, FactName, FactValue } from './case.ts';
import type { Clause } from './clauses.ts';
import { SERVER_CLAUSE_DEFINITION } from './kinds/server-vocabulary.ts';

/** One way a fact shows a clause: every value it may take (`within`), or, for a list, an
 *  entry it must include (`includes`). */
type Shows = { readonly within: readonly FactValue[] } | { readonly includes: readonly FactValue[] };

interface ClauseDefinition {
  /** The facts that can show the clause, each with the values that show it. */
  facts: Partial<Record<FactName, readonly Shows[]>>;
  /** Facts a case's assertions of the clause must all name: the words need each of them. */
  needs: readonly FactName[];
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'];

export const CLAUSE_DEFINITION: Record<Clause, ClauseDefinition> = {
  settles: { facts: { settled: [{ within: ['resolved', 'rejected', 'threw'] }] }, needs: ['settled'] },
  'settles-after-exit': {
    facts: {
      'child.reapedAtSettle': [{ within: [true] }],
      'child.atSettle': [{ within: ['exited'] }],
      'child.markerAtSettle': [{ within: [true] }],
      'child.ipcOpenAtSettle': [{ within: [false] }],
    },
    needs: [],
  },
  'reason-preserved': {
    facts: {
      settled: [{ within: ['resolved', 'rejected', 'threw'] }],
      'error.reasonAt': [{ within: ['error', 'cause', 'cause.cause'] }],
      'error.isAbort': [{ within: [true, false] }],
      'error.isTimeout': [{ within: [true] }],
      'error.code': [{ within: ['ENOENT', 'EACCES'] }],
    },
    needs: [],
  },
  escalates: {
    facts: {
      'child.signals': [{ includes: ['SIGKILL'] }],
      'child.end': [{ within: ['killed'] }],
      'child.atSettle': [{ within: ['exited'] }],
    },
    needs: ['child.signals', 'child.end', 'child.atSettle'],
  },
  // The signal asked for among those sent; or exactly what was asked: none, or that one alone.
  'signals-as-asked': { facts: { 'child.signals': [{ includes: SIGNALS }, { within: [[], ...SIGNALS.map((s) => [s])] }] }, needs: ['child.signals'] },
  'validates-before-spawn': {
    facts: { 'spawn.attempts': [{ within: [0] }], settled: [{ within: ['rejected', 'threw'] }], spawned: [{ within: [false] }] },
    needs: ['spawn.attempts'],
  },
  'no-orphans': {
    facts: {
      'descendants.runningAtSettle': [{ within: [0] }],
      'descendants.runningAfterWindow': [{ within: [0] }],
      'child.outlivedCaller': [{ within: [false] }],
      'descendants.outlivedCaller': [{ within: [0] }],
    },
    needs: [],
  },
  'leaves-nothing-running': { facts: { 'runner.leftovers': [{ within: [0] }], 'child.end': [{ within: ['exit', 'killed', 'none'] }] }, needs: ['runner.leftovers'] },
  hygiene: { facts: { 'parent.abortListenersAfterSettle': [{ within: [0, null] }], 'parent.timersAfterSettle': [{ within: [0] }] }, needs: [] },
  ...SERVER_CLAUSE_DEFINITION,
};

const among = (values: readonly FactValue[], v: FactValue | undefined) => values.some((x) => isDeepStrictEqual(x, v));

/** Whether every value the assertion accepts shows its clause by one of these ways. */
function entails(a: Assertion, ways: readonly Shows[]): boolean {
  return ways.some((w) => {
    if ('includes' in w) return 'includes' in a && among(w.includes, a.includes);
    if ('equals' in a) return among(w.within, a.equals);
    if (a.oneOf) return a.oneOf.every((v) => among(w.within, v));
    return false;
  });
}

/** The signal a call asks its child to be stopped with: the kill signal its options name, else SIGTERM. */
const askedSignal = (options: Record<string, unknown> | undefined) => String(options?.killSignal ?? 'SIGTERM');

/** What is wrong with a case's assertions against their clauses' definitions: each with
 *  the JSON pointer of the assertion (or of the list, for a fact a clause needs). A
 *  signals-as-asked assertion names the signal the call asks for (`options`), none other. */
export function clauseProblems(assertions: Assertion[], implied = 0, options?: Record<string, unknown>): Array<{ pointer: string; message: string }> {
  const out: Array<{ pointer: string; message: string }> = [];
  assertions.forEach((a, i) => {
    const ways = CLAUSE_DEFINITION[a.clause].facts[a.fact];
    const pointer = `/assertions/${i - implied}`;
    const named = a.clause !== 'signals-as-asked' ? null : 'includes' in a ? a.includes : Array.isArray(a.equals) && a.equals.length ? a.equals[0] : null;
    if (named !== null && named !== askedSignal(options)) out.push({ pointer, message: `expected the signal the call asks for, ${askedSignal(options)} (call.options.killSignal, else SIGTERM), not ${JSON.stringify(named)}` });
    if (!ways) out.push({ pointer: `${pointer}/fact`, message: `expected a fact that can show ${a.clause} (${Object.keys(CLAUSE_DEFINITION[a.clause].facts).join(', ')}), not "${a.fact}"` });
    else if (!entails(a, ways)) out.push({ pointer, message: `expected an assertion that accepts only what shows ${a.clause}: ${a.fact} ${showsWords(ways)}` });
  });
  const clauses = [...new Set(assertions.map((a) => a.clause))];
  for (const c of clauses) {
    const missing = CLAUSE_DEFINITION[c].needs.filter((f) => !assertions.some((a) => a.clause === c && a.fact === f));
    if (missing.length) out.push({ pointer: '/assertions', message: `expected ${c} to assert ${missing.join(', ')} too: its words need each of ${CLAUSE_DEFINITION[c].needs.join(', ')}` });
  }
  return out;
}

/** The facts a clause's words need that these facts do not show: none, where a verdict of
 *  it that holds is its words come true. */
export function unshown(c: Clause, facts: Partial<Record<FactName, FactValue | 'unknown'>>): FactName[] {
  const d = CLAUSE_DEFINITION[c];
  return d.needs.filter((f) => {
    const value = facts[f];
    return !d.facts[f]!.some((w) => ('includes' in w ? Array.isArray(value) && w.includes.some((x) => among(value as FactValue[], x)) : value !== undefined && value !== 'unknown' && among(w.within, value)));
  });
}

function showsWords(ways: readonly Shows[]): string {
  return ways.map((w) => ('includes' in w ? `includes ${w.includes.length === 1 ? '' : 'one of '}${w.includes.map((v) => JSON.stringify(v)).join(', ')}` : `is ${w.within.map((v) => JSON.stringify(v)).join(' or ')}`)).join(', or ');
}

/** A clause's definition in the words INTERPRETING.md's Clauses table gives it. */
export function definitionWords(c: Clause): string {
  const d = CLAUSE_DEFINITION[c];
  const facts = Object.entries(d.facts).map(([f, ways]) => `\`${f}\` ${showsWords(ways!)}`);
  const needs = d.needs.length ? `; needs ${d.needs.map((f) => `\`${f}\``).join(', ')}` : '';
  return `${facts.join('; ')}${needs}`;
}

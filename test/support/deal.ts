// How the suite's files are dealt to test processes that run side by side, and how their
// summaries add up: pure, so that the dealing and the counting are tested on their own
// (test/suite/deal.unit.test.ts). One process runs its files' setups at import, all at once
// (support/suite.ts), but its own JavaScript on one core; two processes use both.

/** Test files in the tier: every `*.test.ts` below the test directory, the `*.full.test.ts` ones in the full tier only. */
export function tierFiles(all: readonly string[], full: boolean): string[] {
  return all.filter((f) => f.endsWith('.test.ts') && (full || !f.endsWith('.full.test.ts'))).sort();
}

/**
 * `files` in `count` hands of near-equal weight: heaviest first, each to the lightest hand
 * so far. A file with no weight recorded weighs what the median recorded one does.
 */
export function deal(files: readonly string[], weights: Readonly<Record<string, number>>, count: number): string[][] {
  const known = Object.values(weights).sort((a, b) => a - b);
  const fallback = known.length ? known[known.length >> 1] : 1;
  const weightOf = (f: string) => weights[f] ?? fallback;
  const hands = Array.from({ length: Math.max(1, Math.min(count, files.length)) }, () => ({ files: [] as string[], weight: 0 }));
  for (const f of [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))) {
    const lightest = hands.reduce((min, h) => (h.weight < min.weight ? h : min));
    lightest.files.push(f);
    lightest.weight += weightOf(f);
  }
  return hands.map((h) => h.files.sort());
}

/** uvu's pattern for exactly these files, as paths below the test directory. */
export function patternFor(files: readonly string[]): string {
  return `^(?:${files.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
}

export interface Summary {
  total: number;
  passed: number;
  skipped: number;
}

/** The counts of uvu's closing summary in `output`, or null where it never got there (a crash). */
export function summaryOf(output: string): Summary | null {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const count = (label: string) => {
    const all = [...plain.matchAll(new RegExp(`^\\s*${label}:\\s+(\\d+)\\s*$`, 'gm'))];
    return all.length ? Number(all[all.length - 1][1]) : null;
  };
  const [total, passed, skipped] = [count('Total'), count('Passed'), count('Skipped')];
  return total === null || passed === null ? null : { total, passed, skipped: skipped ?? 0 };
}

/** The processes' counts as one: a process that printed no summary counts as one test failed. */
export function addUp(summaries: ReadonlyArray<Summary | null>): Summary {
  return summaries.reduce<Summary>((sum, s) => (s ? { total: sum.total + s.total, passed: sum.passed + s.passed, skipped: sum.skipped + s.skipped } : { ...sum, total: sum.total + 1 }), { total: 0, passed: 0, skipped: 0 });
}

/** The summary in uvu's own words, so that what reads uvu's (.ci/run) reads this the same. */
export function summaryText(s: Summary, wallMs: number): string {
  return [`  Total:     ${s.total}`, `  Passed:    ${s.passed}`, `  Skipped:   ${s.skipped}`, `  Duration:  ${wallMs.toFixed(2)}ms`].join('\n');
}

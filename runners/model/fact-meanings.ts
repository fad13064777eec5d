// What each fact means, as cases/INTERPRETING.md defines it (its tables of facts: a fact's
// name in code, then how it is derived), so that a page which shows a fact's name defines
// it there, in the normative text's own words. Read once per process.

import fs from 'node:fs';
import path from 'node:path';
import { FACT_NAMES, type FactName } from './case.ts';
import { CASES_DIR } from './paths.ts';

const KNOWN = new Set<string>(FACT_NAMES);

/** Each fact's definition from a text laid out as INTERPRETING.md is: `| \`fact\` | meaning |`. Pure. */
function factMeaningsIn(markdown: string): Partial<Record<FactName, string>> {
  const out: Partial<Record<FactName, string>> = {};
  for (const [, name, meaning] of markdown.matchAll(/^\| `([\w.]+)` \| (.+) \|$/gm)) {
    if (KNOWN.has(name) && !(name in out)) out[name as FactName] = meaning.trim();
  }
  return out;
}

let read: Partial<Record<FactName, string>> | null = null;

export function loadFactMeanings(): Partial<Record<FactName, string>> {
  read ??= factMeaningsIn(fs.readFileSync(path.join(CASES_DIR, 'INTERPRETING.md'), 'utf8'));
  return read;
}

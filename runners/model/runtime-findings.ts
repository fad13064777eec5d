// What a runtime itself does, whatever library runs on it (probes/runtime-findings.json,
// schemas/runtime-findings.schema.json): each finding written once, with the fact and
// value that show it in a trial and the facts it changes there. A probe's divergence the
// finding causes names it rather than explaining it again.

import fs from 'node:fs';
import path from 'node:path';
import type { FactName, FactValue } from './case.ts';
import { InputError } from './errors.ts';
import { display, readJson } from './files.ts';
import { PROBES_DIR } from './paths.ts';
import type { Citation } from './probe.ts';
import { validateRead } from './schemas.ts';

export interface RuntimeFinding {
  id: string;
  title: string;
  /** Where it holds: `deno@2.9.6`, `bun@>=1.2`. */
  runtime: string;
  fact: FactName;
  value: FactValue;
  affects: FactName[];
  why: string;
  cites?: Citation[];
  observation?: boolean;
}

export const RUNTIME_FINDINGS_FILE = path.join(PROBES_DIR, 'runtime-findings.json');

const loaded = new Map<string, RuntimeFinding[]>();

/** The findings, validated; a file that is not there holds none. */
export function loadRuntimeFindings(file = RUNTIME_FINDINGS_FILE): RuntimeFinding[] {
  const known = loaded.get(file);
  if (known) return known;
  if (!fs.existsSync(file)) return [];
  const read = readJson(file);
  const problems = validateRead('runtime-findings', read, display(file));
  if (problems.length) throw new InputError(problems);
  const findings = (read.data as { findings: RuntimeFinding[] }).findings;
  findings.forEach((f, i) => {
    if (findings.findIndex((g) => g.id === f.id) !== i) throw InputError.at(display(file), `/findings/${i}/id`, `expected a unique id; "${f.id}" is used before`);
    if (!f.cites?.length && !f.observation) throw InputError.at(display(file), `/findings/${i}`, 'expected "cites" naming the runtime code this finding rests on, or "observation": true');
  });
  loaded.set(file, findings);
  return findings;
}

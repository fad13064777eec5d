// What `sweep --bisect` prints, for a package's versions or a runtime's releases alike.

import type { BisectResult } from '../engine/bisect.ts';
import type { SweptValue } from '../judge/same-fact.ts';
import { show } from '../judge/verdicts.ts';

/** Where the fact changed (or that it did not), then the versions run. `on`: ` on Bun`, say. */
export function bisectText(caseId: string, fact: string, found: BisectResult<SweptValue>, versions: string[], noun: string, on = ''): string {
  const value = (v: SweptValue) => show(v.value as never);
  const said = found.first
    ? `${caseId} ${fact}${on}: ${value(found.before)} before ${found.first}, ${value(found.after!)} from ${found.first}`
    : `${caseId} ${fact}${on}: ${value(found.before)} at both ends of ${versions[0]}–${versions.at(-1)}`;
  return `${said}\n${found.runs.length} of ${versions.length} ${noun} run: ${found.runs.map((r) => r.version).join(', ')}\n`;
}

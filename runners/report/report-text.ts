// How a report is written (and a sweep's table, a line per version): one line for each
// top-level field and one for each probe, case and trial, so that a report holds no
// indentation (two-space JSON made a report about two-thirds bigger), a trial's line is
// its link (`file.json#L120`), and a diff shows which trials changed. Any JSON reader
// reads it as it reads any JSON. Pure.

/** Arrays whose elements each get a line of their own. */
const LISTED = new Set(['probes', 'cases', 'trials']);
/** In a sweep's table (sweep.json): each version or release on a line of its own. */
export const SWEEP_LISTED: ReadonlySet<string> = new Set(['cases', 'versions', 'releases']);

export function reportText(report: object, listed: ReadonlySet<string> = LISTED): string {
  const fields = Object.entries(report).filter(([, v]) => v !== undefined);
  const lines = ['{'];
  fields.forEach(([key, value], i) => {
    const comma = i < fields.length - 1 ? ',' : '';
    if (listed.has(key) && Array.isArray(value) && value.length) {
      lines.push(`${JSON.stringify(key)}: [`, ...value.map((v, j) => `${JSON.stringify(v)}${j < value.length - 1 ? ',' : ''}`), `]${comma}`);
    } else {
      lines.push(`${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`);
    }
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** The 1-based line where each trial starts in a report as reportText writes it. */
export function trialLines(report: object): number[] {
  const fields = Object.entries(report).filter(([, v]) => v !== undefined);
  let line = 2;
  for (const [key, value] of fields) {
    if (key === 'trials') return Array.isArray(value) ? value.map((_, j) => line + 1 + j) : [];
    line += LISTED.has(key) && Array.isArray(value) && value.length ? value.length + 2 : 1;
  }
  return [];
}

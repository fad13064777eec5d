// What changed between two reports, as Markdown for release notes: the notes (semantics,
// identity, runtime, case files), then one row per fact that differs, trial by trial. Pure.

import type { ReportComparison } from '../compare.ts';

const cell = (v: unknown) => (v === undefined ? '(none)' : `\`${JSON.stringify(v)}\``.replace(/\|/g, '\\|'));

export function renderComparisonMarkdown(c: ReportComparison, names: [string, string]): string {
  const out = [`# What changed: ${names[0]} → ${names[1]}`, ''];
  if (c.notes.length) out.push(...c.notes.map((n) => `- ${n}`), '');
  if (c.differences.length) {
    out.push('| probe | case | fact | before | after |', '|---|---|---|---|---|');
    // Paired by case alone, the probe column names both probes as A|B.
    const text = (s: string) => s.replace(/\|/g, ' vs ');
    for (const d of c.differences) for (const f of d.differences) out.push(`| ${text(d.probe)} | ${d.case} | ${f.fact} | ${cell(f.a)} | ${cell(f.b)} |`);
    out.push('');
  }
  if (c.onlyIn.length) out.push(...c.onlyIn.map((o) => `- only in ${o.report === 'A' ? names[0] : names[1]}: ${o.probe} ${o.case}`), '');
  out.push(`${c.compared} trial(s) compared by ${c.alignedBy}: ${c.differences.length} with differences, ${c.onlyIn.length} unpaired.`);
  return `${out.join('\n')}\n`;
}

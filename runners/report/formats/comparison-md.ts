// What changed between two reports, as Markdown for release notes: the notes (semantics,
// identity, runtime, case files), then one row per fact that differs, trial by trial. Pure.

import type { ReportComparison } from '../compare-observed.ts';
import { mdCode, mdText } from './escape.ts';

const cell = (v: unknown) => (v === undefined ? '(none)' : mdCode(JSON.stringify(v)));

export function renderComparisonMarkdown(c: ReportComparison, names: [string, string]): string {
  const out = [`# What changed: ${mdText(names[0])} → ${mdText(names[1])}`, ''];
  if (c.notes.length) out.push(...c.notes.map((n) => `- ${mdText(n)}`), '');
  if (c.differences.length) {
    out.push('| probe | case | fact | before | after |', '|---|---|---|---|---|');
    // Paired by case alone, the probe column names both probes as A|B.
    const text = (s: string) => mdText(s.replace(/\|/g, ' vs '));
    for (const d of c.differences) for (const f of d.differences) out.push(`| ${text(d.probe)} | ${mdText(d.case)} | ${f.fact} | ${cell(f.a)} | ${cell(f.b)} |`);
    out.push('');
  }
  if (c.onlyIn.length) out.push(...c.onlyIn.map((o) => `- only in ${mdText(o.report === 'A' ? names[0] : names[1])}: ${mdText(`${o.probe} ${o.case}`)}`), '');
  out.push(`${c.compared} trial(s) compared by ${c.alignedBy}: ${c.differences.length} with differences, ${c.onlyIn.length} unpaired.`);
  return `${out.join('\n')}\n`;
}

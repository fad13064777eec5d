// The top of results/README.md, the same as the top of the findings page: the bottom line
// naming who holds, breaks and hangs on each headline clause, the verdict matrix in the
// page's order and words (the reference first, runtimes newest first, "not covered" with
// its reason), each row saying how its library was called and where to get it, then the
// clauses and the words defined. Pure: it returns Markdown lines.

import { CLAUSE_MEANING, clausesOf } from '../model/case.ts';
import { TRIAL_KINDS } from '../model/kinds/kind.ts';
import { KIND_WORDS } from './kinds/kind-words.ts';
import type { Report } from '../model/report-types.ts';
import { bottomLine } from './bottom-line.ts';
import { GLOSSARY } from './glossary.ts';
import { cellWords, newestFirst, optionsWords, runtimesWords, verdictRows, type VerdictRow } from './verdict.ts';
import { mdCode, mdText } from './formats/escape.ts';
import { clauseTables } from './formats/markdown.ts';
import { byRuntime } from './formats/group.ts';

/** A row's name cell: the library, its version, how it was called, where to get it, its runtimes. */
function nameCell(r: VerdictRow, section: (probe: string) => string | undefined): string {
  const parts = [`**${mdText(r.probe)}** ${mdText(r.version)}${r.reference ? ' (the reference)' : ''}`];
  const options = optionsWords(r.options);
  if (options) parts.push(`called with ${mdCode(options)}`);
  const links: string[] = [];
  if (r.package) links.push(`[npm](https://www.npmjs.com/package/${r.package.name}/v/${r.package.version})`);
  if (r.repository) links.push(`[source](${r.commit ? `${r.repository}/tree/${r.commit}` : r.repository})`);
  const at = section(r.probe);
  if (at) links.push(`[findings](#${at})`);
  if (links.length) parts.push(links.join(' · '));
  return `${parts.join('<br>')}<br>${runtimesWords(r.runtimes)}`;
}

export function findingsHead(reports: Report[], section: (probe: string) => string | undefined): string[] {
  const rows = verdictRows(byRuntime(reports).sort((a, b) => newestFirst(a.environment, b.environment)));
  const lines = ['## Bottom line', '', ...bottomLine(rows).map((l, i) => `${i + 1}. ${mdText(l)}`), ''];
  for (const kind of TRIAL_KINDS) {
    const mine = rows.filter((r) => r.kind === kind);
    if (!mine.length) continue;
    const clauses = clausesOf(kind);
    lines.push(`## ${KIND_WORDS[kind].matrixTitle}`, '');
    lines.push(...clauseTables(`${KIND_WORDS[kind].noun} and runtimes`, mine.map((r) => ({ name: nameCell(r, section), cells: clauses.map((c) => mdText(cellWords(r.cells[c]))) })), clauses));
  }
  const shown = [...new Set(rows.flatMap((r) => clausesOf(r.kind)))];
  lines.push('## The clauses', '', ...shown.map((c) => `- **${c}**: ${mdText(CLAUSE_MEANING[c])}`), '');
  lines.push('## Words used here', '', ...GLOSSARY.map((t) => `- **${mdText(t.term)}**: ${mdText(t.meaning)}`), '');
  return lines;
}

// A replay as a section a writer can paste into a post: what ran against what was
// published, the table of rows (published against today's, per implementation), each
// divergence with what it means, what was true when each call settled in plain words,
// and the commands that reproduce it. Short by design: one table, one line a row below it.
// Pure: it returns Markdown.

import { show } from '../../judge/verdicts.ts';
import type { FactName, FactValue } from '../../model/case.ts';
import { divergenceWhy, replayFailed, sourceWords, type Replay, type ReplayRow } from '../replay-words.ts';
import { mdCode, mdText } from './escape.ts';
import { plainWords } from './plain-words.ts';

const facts = (f: Partial<Record<FactName, FactValue>> | undefined, only?: string[]) =>
  Object.entries(f ?? {})
    .filter(([k]) => !only || only.includes(k))
    .map(([k, v]) => `${k} ${show(v as FactValue)}`)
    .join(', ');

function statusWords(row: ReplayRow): string {
  const s = row.status;
  if (s.status === 'reproduced') return 'reproduced';
  if (s.status === 'diverged') return `**diverged**: ${mdCode(s.fact)}`;
  return `not comparable: ${mdText(s.why)}`;
}

/** `command`: the replay as it was run, to be run again. */
export function renderReplayMarkdown(r: Replay, command: string, level = 2): string {
  const h = (n: number) => '#'.repeat(Math.min(6, level + n));
  const probes = [...new Set(r.rows.map((x) => x.probe))];
  const lines = [`${h(0)} Replaying ${mdText(r.title)}`, ''];
  const ran = `${r.runtime ?? 'this runtime'}${r.publication ? `; the publication ran on ${mdText(r.publication.runtime)}, ${mdText(r.publication.platform)}` : ''}`;
  lines.push(`Replayed with childproof on ${mdText(ran)}. ${replayFailed(r) ? 'The target **no longer does** what was published.' : r.unavailable ? `${mdText(r.targets[0])} itself did not run here (its source was not given), so its rows were checked against ${mdText(probes.join(' and '))}.` : 'Every row of the target reproduced or was not comparable.'}`, '');
  if (r.unavailable && r.source?.repository) lines.push(`${mdText(r.targets[0])}'s source: [${mdText(r.source.repository)}](${r.source.repository}${r.source.commit ? `/tree/${r.source.commit}` : ''})${r.source.commit ? ` at ${mdCode(r.source.commit.slice(0, 12))}` : ''}.`, '');
  // One table: a row per published row, a column per implementation that replayed it.
  const labels = [...new Set(r.rows.map((x) => x.label))];
  lines.push(`| row | published | ${probes.map((p) => mdText(p) + (r.targets.includes(p) ? '' : ' (cross-check)')).join(' | ')} |`, `|---|---|${probes.map(() => '---|').join('')}`);
  for (const label of labels) {
    const mine = r.rows.filter((x) => x.label === label);
    const published = mine[0]?.published;
    lines.push(`| ${mdText(label)} | ${mdText(facts(published))} | ${probes.map((p) => { const row = mine.find((x) => x.probe === p); return row ? statusWords(row) : ''; }).join(' | ')} |`);
  }
  lines.push('');
  const diverged = r.rows.filter((x) => x.status.status === 'diverged');
  if (diverged.length) {
    lines.push(`${h(1)} What each divergence means`, '');
    for (const row of diverged) {
      const s = row.status as Extract<ReplayRow['status'], { status: 'diverged' }>;
      lines.push(`- ${mdText(row.probe)}, ${mdText(row.label)}: ${mdCode(s.fact)} published ${mdCode(show(s.published))}, observed ${mdCode(show(s.observed as FactValue))}. ${mdText(divergenceWhy(r, row, false) ?? '')}`);
    }
    lines.push('');
  }
  // Rows whose call started a process: those refused before any spawn say only that.
  const settled = r.rows.filter((x) => x.trial?.facts && x.trial.facts.spawned !== false);
  const refused = r.rows.filter((x) => x.trial?.facts?.spawned === false);
  if (settled.length) {
    lines.push(`${h(1)} The moment each call settled`, '');
    for (const row of settled) lines.push(`- ${mdText(row.probe)}, ${mdText(row.label)}: ${mdText(plainWords(row.trial!))}`);
    // Counted per implementation, in the table's own rows, and named: a count a reader can check.
    for (const p of probes) {
      const its = refused.filter((x) => x.probe === p).map((x) => x.label);
      if (its.length) lines.push(`- ${mdText(p)}: in ${its.length === 1 ? 'row' : `${its.length} rows`} ${its.map(mdText).join(', ')}, the call was refused before any process was started.`);
    }
    lines.push('');
  }
  for (const n of r.notes) lines.push(`Note: ${mdText(n)}`, '');
  lines.push(`${h(1)} Reproduce it`, '', '```sh');
  if (r.unavailable) {
    const clone = sourceWords(r).replace(/^ \(|\)$/g, '');
    if (clone) lines.push(clone.replace(/PATH/g, 'source'));
    lines.push(`${command} --source ${r.targets[0]}=source`);
  } else lines.push(command);
  lines.push('```', '');
  return lines.join('\n');
}

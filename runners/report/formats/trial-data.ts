// What a site's page holds of its trials for its script to draw (timeline-script.ts): each
// trial's block as plain strings (trial-block.ts), its timeline's events as arrays, its
// facts and evidence, written small. Whatever the page's trials repeat (a case's title and
// verdicts on every runtime, a set of facts, a list of clauses) is one entry of the page's
// table, named by its place: a library's trials on five runtimes are mostly the same trial
// five times. Pure, and free of Node's modules: the page's script unpacks with this code.

import type { TrialResult } from '../../model/report-types.ts';
import { rerunCommand, type Block, type BlockText } from './trial-block.ts';

type Event = NonNullable<TrialResult['timeline']>[number];
type Packed = [number, string, string] | [number, string, string, Record<string, unknown>];

/** What the browser needs of a trial to draw it: renderTimeline and factsTable read nothing else. */
type TrialData = Pick<TrialResult, 'probe' | 'case' | 'kind' | 'facts' | 'evidence'> & Required<Pick<TrialResult, 'timeline' | 'leftovers'>>;

/** A trial as its page holds it: `text` (its block's, with its case, outcome and kind) and
 *  `facts` are places in the page's table; its words, which name times and so differ on
 *  every runtime, are its own. */
export interface Written {
  text: number;
  words?: string;
  rerun?: true;
  timeline?: Packed[];
  leftovers?: TrialData['leftovers'];
  facts?: number;
  evidence?: TrialData['evidence'];
}

/** What a page's table holds of a trial's block: the same for a case on every runtime that judged it alike. */
type Text = Omit<BlockText, 'words'> & Pick<Block, 'case' | 'outcome'> & Pick<TrialResult, 'kind'>;

/** Where a list of trials is on the page: its section's probe and runtime, and the flag
 *  that runs a trial again on that runtime. */
interface ListPlace {
  probe: string;
  runtime: string;
  flag: string;
}

const packed = (e: Event): Packed => (e.detail === undefined ? [e.ms, e.source, e.kind] : [e.ms, e.source, e.kind, e.detail]);
const unpacked = ([ms, source, kind, detail]: Packed): Event => (detail === undefined ? { ms, source, kind } : { ms, source, kind, detail });

// Inside a script element only `<` could end it early.
const inScript = (json: string) => json.replace(/</g, '\\u003c');

/** The values a page's trials repeat, each once: a trial names one by its place, and
 *  `script` is the table (#page-table) the page's script reads them from. */
export interface PageTable {
  place(value: unknown): number;
  script(): string;
  /** Where the page already shows `markup`, first met at `where`; undefined the first time. */
  shownAt(markup: string, where: string): string | undefined;
}

export function pageTable(): PageTable {
  const values: string[] = [];
  const at = new Map<string, number>();
  const shown = new Map<string, string>();
  return {
    shownAt(markup, where) {
      const first = shown.get(markup);
      if (first === undefined) shown.set(markup, where);
      return first;
    },
    place(value) {
      const text = JSON.stringify(value);
      if (!at.has(text)) at.set(text, values.push(text) - 1);
      return at.get(text)!;
    },
    script: () => (values.length ? `<script type="application/json" id="page-table">${inScript(`[${values.join(',')}]`)}</script>` : ''),
  };
}

/** A trial as its page holds it, its block's text and facts placed in the page's table. */
export function trialWritten(t: TrialResult, block: Block, table: PageTable): Written {
  const { probe: _p, runtime: _r, rerun, words, ...text } = block;
  const drawn = text.skipped === undefined;
  return {
    text: table.place({ ...text, kind: t.kind } satisfies Text),
    ...(words ? { words } : {}),
    ...(rerun ? { rerun: true as const } : {}),
    ...(drawn && t.timeline?.length ? { timeline: t.timeline.map(packed) } : {}),
    ...(drawn && t.leftovers?.length ? { leftovers: t.leftovers } : {}),
    ...(drawn && t.facts ? { facts: table.place(t.facts) } : {}),
    ...(drawn && t.evidence ? { evidence: t.evidence } : {}),
  };
}

/** A trial as its page holds it, whole again: its block, and the data its timeline and
 *  facts are drawn from. `table` is the page's table. */
export function trialRead(w: Written, list: ListPlace, table: readonly unknown[]): { block: Block; data: TrialData } {
  const { kind, ...text } = table[w.text] as Text;
  const block: Block = { ...text, ...(w.words ? { words: w.words } : {}), probe: list.probe, runtime: list.runtime, ...(w.rerun ? { rerun: rerunCommand(list.probe, text.case, list.flag) } : {}) };
  const facts = w.facts === undefined ? undefined : (table[w.facts] as TrialData['facts']);
  return { block, data: { probe: list.probe, case: text.case, kind, timeline: (w.timeline ?? []).map(unpacked), leftovers: w.leftovers ?? [], facts, evidence: w.evidence } };
}

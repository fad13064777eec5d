// What a site page holds of each trial for its script to draw when the trial is opened
// (timeline-script.ts), written small: a timeline's events as arrays, and each trial's
// facts once per page, since a case's trial mostly sees the same facts on every runtime.
// Timelines and facts were four fifths of that data, and the data half of the site. Pure,
// and free of Node's modules: the page's script unpacks with the same code.

import type { TrialResult } from '../../model/report-types.ts';

type Event = NonNullable<TrialResult['timeline']>[number];
type Packed = [number, string, string] | [number, string, string, Record<string, unknown>];

/** What the browser needs of a trial to draw it: renderTimeline and factsTable read nothing else. */
export type TrialData = Pick<TrialResult, 'probe' | 'case' | 'kind' | 'facts' | 'evidence'> & Required<Pick<TrialResult, 'timeline' | 'leftovers'>>;
/** As a page holds it: its facts are the page's table's, at this place. */
type Written = Omit<TrialData, 'timeline' | 'facts'> & { timeline: Packed[]; facts?: TrialData['facts'] | number };

const packed = (e: Event): Packed => (e.detail === undefined ? [e.ms, e.source, e.kind] : [e.ms, e.source, e.kind, e.detail]);
const unpacked = ([ms, source, kind, detail]: Packed): Event => (detail === undefined ? { ms, source, kind } : { ms, source, kind, detail });

// Inside a script element only `<` could end it early.
const inScript = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
const dataScript = (data: Written) => `<script type="application/json" class="trial-data">${inScript(data)}</script>`;
const DATA_SCRIPT = /<script type="application\/json" class="trial-data">(.*?)<\/script>/g;

export function trialData(t: TrialResult): string {
  return dataScript({ probe: t.probe, case: t.case, kind: t.kind, timeline: (t.timeline ?? []).map(packed), leftovers: t.leftovers ?? [], facts: t.facts, evidence: t.evidence });
}

/** A page whose trials' facts are each written once, in the table (#facts-table) its
 *  script reads them from: each trial's data names its facts by their place there. */
export function factsOnce(page: string): string {
  const table: string[] = [];
  const at = new Map<string, number>();
  const out = page.replace(DATA_SCRIPT, (_, json: string) => {
    const data = JSON.parse(json) as Written;
    if (data.facts === undefined) return dataScript(data);
    const text = JSON.stringify(data.facts);
    if (!at.has(text)) at.set(text, table.push(text) - 1);
    return dataScript({ ...data, facts: at.get(text) });
  });
  return table.length ? `${out}<script type="application/json" id="facts-table">${inScript(table.map((t) => JSON.parse(t)))}</script>` : out;
}

/** A trial's data as its page holds it (`text`), whole again: `table` is the page's facts table. */
export function trialDataRead(text: string, table: () => Array<TrialData['facts']>): TrialData {
  const data = JSON.parse(text) as Written;
  return { ...data, timeline: data.timeline.map(unpacked), facts: typeof data.facts === 'number' ? table()[data.facts] : data.facts };
}

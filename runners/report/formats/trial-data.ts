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
const inScript = (json: string) => json.replace(/</g, '\\u003c');

/** The sets of facts a page's trials saw, each once: a trial's data names its set by its
 *  place, and `script` is the table (#facts-table) the page's script reads them from. */
export interface PageFacts {
  place(facts: TrialData['facts']): number;
  script(): string;
}

export function pageFacts(): PageFacts {
  const sets: string[] = [];
  const at = new Map<string, number>();
  return {
    place(facts) {
      const text = JSON.stringify(facts);
      if (!at.has(text)) at.set(text, sets.push(text) - 1);
      return at.get(text)!;
    },
    script: () => (sets.length ? `<script type="application/json" id="facts-table">${inScript(`[${sets.join(',')}]`)}</script>` : ''),
  };
}

/** A trial's data for its page, its facts placed in the page's table. */
export function trialData(t: TrialResult, facts: PageFacts): string {
  const data: Written = { probe: t.probe, case: t.case, kind: t.kind, timeline: (t.timeline ?? []).map(packed), leftovers: t.leftovers ?? [], facts: t.facts === undefined ? undefined : facts.place(t.facts), evidence: t.evidence };
  return `<script type="application/json" class="trial-data">${inScript(JSON.stringify(data))}</script>`;
}

/** A trial's data as its page holds it (`text`), whole again: `table` is the page's facts table. */
export function trialDataRead(text: string, table: () => Array<TrialData['facts']>): TrialData {
  const data = JSON.parse(text) as Written;
  return { ...data, timeline: data.timeline.map(unpacked), facts: typeof data.facts === 'number' ? table()[data.facts] : data.facts };
}

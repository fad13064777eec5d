// An adapter init left to be finished (identity/skeleton-template.ts) is marked by one
// comment where the call goes; no verb runs it while the mark is there.

/** The mark of the line to finish: its presence is what makes an adapter a skeleton. */
export const UNFINISHED = 'TODO(childproof)';

/** The 1-based line of the mark, or null for a finished adapter. */
export function unfinishedLine(source: string): number | null {
  const at = source.split('\n').findIndex((l) => l.includes(`// ${UNFINISHED}:`));
  return at < 0 ? null : at + 1;
}

// How a sweep called its library: the options its probe added to every call, said once when
// every version had the same and run by run of versions when they differ. A sweep of a
// probe that adds none says so, so that "breaks in every version" is not read against a
// sibling probe that passes the option which holds (execa10's killDescendants). Pure.

import type { Report } from '../model/report-types.ts';
import { optionsWords } from './verdict.ts';
import { spanText } from './version-sweep.ts';

export interface VersionOptions {
  version: string;
  options?: Record<string, unknown>;
}

/** The options `probe` added to every call of the report's run; none is undefined. */
export function probeOptions(report: Report, probe: string): Record<string, unknown> | undefined {
  const options = report.probes.find((p) => p.name === probe)?.options;
  return options && Object.keys(options).length ? options : undefined;
}

const called = (words: string) => (words ? `with ${words}` : "with each case's options only, none of the probe's own");

/** "Every version was called with killDescendants: true." */
export function sweepOptionsSentence(versions: VersionOptions[], noun = 'version'): string {
  const runs: Array<{ words: string; from: string; to: string }> = [];
  for (const v of versions) {
    const words = optionsWords(v.options);
    const last = runs.at(-1);
    if (last && last.words === words) last.to = v.version;
    else runs.push({ words, from: v.version, to: v.version });
  }
  if (runs.length <= 1) return `Every ${noun} was called ${called(runs[0]?.words ?? '')}.`;
  return `Called ${runs.map((r) => `${called(r.words)} ${spanText(r.from, r.to, false)}`).join('; ')}.`;
}

/** `killDescendants: true`, or `no options of its own`: short, for a link's label. */
export function sweepOptionsLabel(versions: VersionOptions[]): string {
  const all = new Set(versions.map((v) => optionsWords(v.options)));
  if (all.size > 1) return 'options vary by version';
  const [words] = all;
  return words ? `with ${words}` : 'no options of its own';
}

// The sweeps published beside a page (sweeps/NAME/README.md and sweep.json, as `sweep
// --publish` writes them), read so the findings and the page can link each library to its
// own. Reads files; what it returns is plain data.

import fs from 'node:fs';
import path from 'node:path';
import { sweepOptionsLabel, type VersionOptions } from './sweep-options.ts';

/** Where a library's sweep over its releases is published, relative to the page. */
export interface SweepLink {
  probe: string;
  href: string;
  label: string;
  /** How it called the library: `with killDescendants: true`, `no options of its own`. */
  options: string;
}

type Summary = { probe?: unknown; versions?: VersionOptions[]; releases?: Array<{ release: string; options?: Record<string, unknown> }> };

/** Each sweep under `dir`/sweeps, named by its page's heading without the library's name. */
export function sweepLinks(dir: string): SweepLink[] {
  const root = path.join(dir, 'sweeps');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).sort().flatMap((name) => {
    const [summary, readme] = ['sweep.json', 'README.md'].map((f) => path.join(root, name, f));
    if (!fs.existsSync(summary) || !fs.existsSync(readme)) return [];
    let parsed: Summary;
    try {
      parsed = JSON.parse(fs.readFileSync(summary, 'utf8')) as Summary;
    } catch {
      return []; // Not a sweep childproof wrote: nothing to link.
    }
    const { probe } = parsed;
    const versions = Array.isArray(parsed.versions) ? parsed.versions : Array.isArray(parsed.releases) ? parsed.releases.map((r) => ({ version: r.release, options: r.options })) : [];
    const heading = /^# (.+)$/m.exec(fs.readFileSync(readme, 'utf8'))?.[1] ?? name;
    return typeof probe === 'string' ? [{ probe, href: `sweeps/${name}/README.md`, label: heading.replace(`${probe} `, ''), options: sweepOptionsLabel(versions) }] : [];
  });
}

// Where the files behind a report's trials are, for annotations that point at them: each
// case file and each probe's divergences.json, with the line of a JSON pointer in it, and
// each probe's adapter, at its `run`. Only
// a file inside the directory the command runs in (the user's repository) and outside
// node_modules is named: an annotation on a file the repository does not hold shows
// nowhere. Reads the files; formats/github.ts stays pure.

import fs from 'node:fs';
import path from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { LoadedCase } from '../model/case.ts';
import type { LoadedProbe } from '../model/probe.ts';
import { scopeCovers } from '../judge/scope.ts';
import type { Place, Places } from './formats/github.ts';

/** The file relative to `root`, or null when it is not one of the user's own. */
function ownFile(file: string, root: string): string | null {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel.split(path.sep).includes('node_modules')) return null;
  return rel.split(path.sep).join('/');
}

/** The 1-based line where the value at `pointer` starts, or null if the file does not hold it. */
export function lineOf(text: string, pointer: Array<string | number>): number | null {
  const tree = parseTree(text);
  const node = tree && findNodeAtLocation(tree, pointer);
  if (!node) return null;
  return text.slice(0, node.offset).split('\n').length;
}

const segments = (pointer: string) => pointer.split('/').slice(1).map((s) => (/^\d+$/.test(s) ? Number(s) : s));

export function placesOf(cases: LoadedCase[], probes: readonly Readonly<LoadedProbe>[], root = process.cwd()): Places {
  const texts = new Map<string, string | null>();
  const text = (file: string) => {
    if (!texts.has(file)) texts.set(file, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
    return texts.get(file)!;
  };
  const at = (file: string, pointer: Array<string | number> | null): Place | null => {
    const own = ownFile(file, root);
    if (own === null) return null;
    const body = pointer ? text(file) : null;
    return { file: own, line: body === null ? null : lineOf(body, pointer!) };
  };
  return {
    caseFile(caseId, index) {
      const c = cases.find((x) => x.spec.id === caseId);
      // An assertion the loader implied is in no line of the file: its place is the list's.
      const own = index === undefined ? undefined : index - (c?.implied ?? 0);
      return c ? at(c.file, own === undefined ? null : own < 0 ? ['assertions'] : ['assertions', own]) : null;
    },
    adapter(probe) {
      const p = probes.find((x) => x.spec.name === probe);
      if (!p?.spec.adapter) return null;
      const file = path.join(p.codeDir, p.spec.adapter);
      const place = at(file, null);
      const body = place && text(file);
      // The adapter's `run` (exported, or a key of the default export), at its first call of the target.
      const found = body ? /^(export (const|async function|function) run\b|\s+(async )?run(: | ?\())/m.exec(body) : null;
      if (!place || !found) return place && { file: place.file, line: null };
      const runLine = body!.slice(0, found.index + found[0].indexOf('run')).split('\n').length;
      const lines = body!.split('\n');
      const call = lines.findIndex((l, i) => i >= runLine - 1 && /\btarget\s*(\.|\[|\()/.test(l) && !/^\s*\/\//.test(l));
      return { file: place.file, line: call >= 0 ? call + 1 : runLine };
    },
    signature(probe, caseId, fact, on) {
      const p = probes.find((x) => x.spec.name === probe);
      const k = p?.knownDivergences.find((d) => d.case === caseId && d.fact === fact && scopeCovers(d.runtime, on));
      return p && k ? at(path.join(p.dir, 'divergences.json'), segments(k.pointer)) : null;
    },
  };
}

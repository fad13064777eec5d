// Citations: where in the pinned code an explanation's cause can be read. A cited file
// must be one of the probe's pinned files, and its lines are read from bytes whose blob
// id matches the pin, so an auditor reads exactly the code that ran.

import fs from 'node:fs';
import path from 'node:path';
import type { LoadedCase } from '../model/case.ts';
import { display } from '../model/files.ts';
import { lintProbe } from '../model/lint.ts';
import type { Citation, LoadedProbe } from '../model/probe.ts';
import type { CitedCode, ReportProbe } from '../model/report-types.ts';
import { git } from './git.ts';
import { packageSource } from './pinned-bytes.ts';
import { blobId } from './blob-id.ts';
import { locateRuntimeCode, runtimeCode } from './runtime-code.ts';
import { loadRuntimeFindings, RUNTIME_FINDINGS_FILE } from '../model/runtime-findings.ts';
import { specCovers } from '../model/runtime-spec.ts';
import type { SourceRuntime } from './runtime-source.ts';

/**
 * The pinned bytes of `file`, checked against the pin; a string says why they cannot be
 * had. `offline` reads no git object database, since that would start a process.
 */
function pinnedBytes(probe: LoadedProbe, file: string, offline = false): Buffer | string {
  const id = probe.spec.identity;
  if (id.kind === 'builtin') return `probe ${probe.spec.name} pins a Node builtin: cite its lib/ file with "node" and "function"`;
  const pin = id.paths.find((p) => p.path === file);
  if (!pin) return `"${file}" is not among the probe's pinned files`;
  let bytes: Buffer;
  try {
    if (id.kind === 'package') {
      const got = packageSource(id, probe.codeDir, probe.spec.name, offline);
      if ('unavailable' in got) return got.unavailable;
      bytes = fs.readFileSync(path.join(got.dir, file));
    } else if (id.kind === 'files') {
      if (id.root === undefined) return 'the probe names no root: its source is supplied at run time';
      bytes = fs.readFileSync(path.resolve(probe.codeDir, id.root, file));
    } else {
      if (id.checkout === undefined) return 'the probe names no checkout: its source is supplied at run time';
      if (offline) return 'a git checkout is not read offline';
      bytes = git(path.resolve(probe.codeDir, id.checkout), ['cat-file', 'blob', `${id.commit}:${file}`], `probe ${probe.spec.name}`);
    }
  } catch (err) {
    return `${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
  const found = blobId(bytes, pin.blob.length === 64 ? 'sha256' : 'sha1');
  return found === pin.blob ? bytes : `${file} is blob ${found}, not the pinned ${pin.blob}`;
}

/** The Node this runs on, whose lib a Node citation is checked against. */
const hostSource = (): SourceRuntime => ({ name: 'node', release: process.version.slice(1), execPath: process.execPath });

function isPinned(probe: LoadedProbe, file: string): boolean {
  const id = probe.spec.identity;
  return id.kind !== 'builtin' && id.paths.some((p) => p.path === file);
}

/**
 * Everything `validate` finds wrong with a probe, for the verbs that load one to use it
 * (run, verify, judge): the same message, whatever verb meets it first. `offline` reads no
 * package or checkout it would have to fetch: what cannot be read now is validate's.
 */
export function probeProblems(probe: LoadedProbe, cases: LoadedCase[], offline = false): string[] {
  // A probe at another version than it pins (NAME@VERSION) keeps the pinned version's
  // explanations, and their citations name that version's files: validate checks them there.
  return [...lintProbe(probe, cases), ...(probe.atVersion ? [] : citationProblems(probe, offline))];
}

function lineCount(bytes: Buffer): number {
  return bytes.toString('utf8').split('\n').length;
}

/**
 * Every explanation that neither cites code nor says it is an observation, and every
 * citation that names an unpinned file or a range the pinned file does not have.
 */
export function citationProblems(probe: LoadedProbe, offline = false): string[] {
  const problems: string[] = [];
  // Many explanations cite the same file: its bytes are read and checked against the pin once.
  const read = new Map<string, Buffer | string>();
  const bytesOf = (file: string) => read.get(file) ?? read.set(file, pinnedBytes(probe, file, offline)).get(file)!;
  const findings = loadRuntimeFindings();
  for (const e of probe.explanations) {
    if (e.runtimeFinding !== undefined) {
      const finding = findings.find((f) => f.id === e.runtimeFinding);
      const where = `${display(probe.divergencesFile)}: ${e.pointer}`;
      if (!finding) problems.push(`${where}/runtimeFinding: expected the id of a runtime finding in ${display(RUNTIME_FINDINGS_FILE)}; there is no "${e.runtimeFinding}"`);
      else if (finding.why !== e.why) problems.push(`${where}/why: expected the sentence of runtime finding ${finding.id}, which is written once, there`);
      continue;
    }
    if (!e.cites?.length && !e.observation) {
      problems.push(`${display(probe.divergencesFile)}: ${e.pointer}: expected "cites" naming the code this explanation rests on, or "observation": true if it only says what the facts show`);
    }
    (e.cites ?? []).forEach((c, i) => {
      const where = `${display(probe.divergencesFile)}: ${e.pointer}/cites/${i}`;
      // Node's own lib, in the Node this runs on: offline, no binary is started to read it.
      if ('node' in c) {
        if (offline) return;
        const found = locateRuntimeCode(c, hostSource());
        if ('missing' in found) problems.push(`${where}: expected a function of Node's own lib: ${found.missing}`);
        return;
      }
      if (!('path' in c)) return;
      const bytes = bytesOf(c.path);
      if (typeof bytes === 'string') {
        // Offline, a pinned file whose bytes are not to hand (or are not the pinned ones,
        // which verification says with its own exit code) is checked by validate instead.
        if (offline && isPinned(probe, c.path)) return;
        return problems.push(`${where}/path: expected a pinned file whose bytes match the pin: ${bytes}`);
      }
      const [first, last] = c.lines;
      const lines = lineCount(bytes);
      if (first > last || last > lines) problems.push(`${where}/lines: expected a range within the file's ${lines} lines, first to last, not ${first}-${last}`);
    });
  }
  return problems;
}

function withCode(probe: LoadedProbe, c: Citation, offline: boolean, on?: SourceRuntime): CitedCode {
  if ('path' in c) {
    const bytes = pinnedBytes(probe, c.path, offline);
    const code = typeof bytes === 'string' ? `(not shown: ${bytes})` : bytes.toString('utf8').split('\n').slice(c.lines[0] - 1, c.lines[1]).join('\n');
    return { ...c, code };
  }
  return on ? runtimeCode(c, on) : c;
}

/**
 * The probe's explanations that cite code, with the cited lines, for its report entry: a
 * runtime's own code as the binary of `on`, the release that ran, holds it.
 */
export function citedExplanations(probe: LoadedProbe, offline = false, on?: SourceRuntime): NonNullable<ReportProbe['explanations']> {
  // A runtime finding's explanation cites what the finding cites.
  const findings = loadRuntimeFindings();
  const citesOf = (e: (typeof probe.explanations)[number]) => (e.runtimeFinding ? findings.find((f) => f.id === e.runtimeFinding)?.cites : e.cites) ?? [];
  // A report carries what explains a divergence where it ran: Bun's code has no place in a
  // report made on Node.
  const covers = (scope: string | undefined) => !on || (scope === undefined ? on.name === 'node' : specCovers(scope, on));
  const holds = (e: (typeof probe.explanations)[number]) => probe.knownDivergences.some((k) => k.why === e.why && covers(k.runtime));
  return probe.explanations.filter((e) => citesOf(e).length && holds(e)).map((e) => ({ why: e.why, cites: citesOf(e).map((c) => withCode(probe, c, offline, on)) }));
}

// childproof's own files as a statement records them (its configuration's `tool` entries),
// compared with the installation doing the checking: any file that differs means the
// findings came from code this installation is not (another release, or a changed file of
// this one), and each is named. Pure: both lists in.

import type { OwnFile } from '../model/report-types.ts';
import type { Statement, TestResultPredicate } from '../model/statement.ts';

interface OwnFilesCheck {
  /** The release the statement names, and this installation's. */
  recorded: string | null;
  checking: string;
  /** How many files the statement records. */
  files: number;
  /** Each file whose bytes differ, is missing here, or is here and not recorded: one line each. */
  differ: string[];
}

/** The tool's own files a statement records, and the release they are of; null files where it records none. */
function recordedFiles(statement: Statement): { version: string | null; files: OwnFile[] | null } {
  const config = (statement.predicate as TestResultPredicate).configuration ?? [];
  const tool = config.filter((c) => c.annotations?.role === 'tool');
  const named = tool.find((c) => c.name === 'childproof' && !c.digest);
  const files = tool.filter((c) => c.digest?.sha256).map((c) => ({ path: c.name!, blob: c.digest!.gitBlob ?? '', sha256: c.digest!.sha256! }));
  return { version: typeof named?.annotations?.version === 'string' ? named.annotations.version : null, files: files.length ? files : null };
}

export function checkOwnFiles(statement: Statement, here: OwnFile[], version: string): OwnFilesCheck | null {
  const { version: recorded, files } = recordedFiles(statement);
  if (!files) return null;
  const mine = new Map(here.map((f) => [f.path, f]));
  const theirs = new Set(files.map((f) => f.path));
  const differ = [
    ...files.flatMap((f) => {
      const m = mine.get(f.path);
      if (!m) return [`${f.path}: recorded (sha256 ${f.sha256}), not in this installation`];
      return m.sha256 === f.sha256 ? [] : [`${f.path}: recorded sha256 ${f.sha256}, this installation's ${m.sha256}`];
    }),
    ...here.filter((f) => !theirs.has(f.path)).map((f) => `${f.path}: in this installation (sha256 ${f.sha256}), not recorded`),
  ];
  return { recorded, checking: version, files: files.length, differ };
}

// A statement's subjects read again from where each says its bytes come from: a package
// (installed into the cache, or a directory given with --source), a git checkout at the
// pinned commit (or a directory or the one file given for it), a directory of files, or a
// runtime's binary; each file's digests computed anew and set against the statement's.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { installTarget } from '../identity/install.ts';
import { runtimeFor } from '../identity/runtime.ts';
import { isCheckout } from '../identity/git.ts';
import { readFromGit } from '../identity/pinned-bytes.ts';
import { blobId } from '../identity/blob-id.ts';
import { checkPinnedPath } from '../identity/package-paths.ts';
import { InputError } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { readInput } from '../model/read-input.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { DigestSet, SubjectOrigin } from '../model/statement.ts';
import type { Subject } from './subjects.ts';

interface SubjectsCheck {
  /** One line per group of subjects checked: what, how many, from where. */
  checked: string[];
  /** A file whose bytes are not the statement's: exit 3. */
  changed: string[];
  /** A group whose bytes could not be had at all: exit 2. */
  unreadable: string[];
}

interface Places {
  /** --source NAME=PATH, by probe name (or, for a package, by the package's name). */
  sources: Record<string, string>;
  /** The probes this checkout (and --probe) knows, for where a git or files pin lives. */
  probes: LoadedProbe[];
}

/** The digests of `bytes` by each algorithm the set names that childproof computes. */
function digestsOf(bytes: Buffer, like: DigestSet): DigestSet {
  const found: DigestSet = {};
  if (like.sha256) found.sha256 = createHash('sha256').update(bytes).digest('hex');
  if (like.gitBlob) found.gitBlob = blobId(bytes, like.gitBlob.length === 64 ? 'sha256' : 'sha1');
  return found;
}

/** Each digest the statement gives, against what the bytes give: empty when all agree. */
function digestProblems(file: string, expected: DigestSet, bytes: Buffer): string | null {
  const found = digestsOf(bytes, expected);
  const algorithms = Object.keys(found);
  if (!algorithms.length) return `${file}: the statement gives no digest childproof computes (sha256 or gitBlob)`;
  const differ = algorithms.filter((a) => found[a] !== expected[a]);
  if (!differ.length) return null;
  return `${file}: ${differ.map((a) => `expected ${a} ${expected[a]} (the statement's), found ${found[a]}`).join('; ')}`;
}

const groupKey = (o: SubjectOrigin) => (o.pin === 'package' ? `package ${o.package}` : o.pin === 'builtin' ? `runtime ${o.runtime}@${o.release}` : `${o.pin} ${o.probes[0]} ${o.commit ?? ''}`);

/** Where a probe's git or files pin lives: --source, else the probe as this checkout has it. */
function placeOf(o: SubjectOrigin, places: Places): string {
  const given = o.probes.map((p) => places.sources[p]).find(Boolean);
  if (given) return given;
  const probe = places.probes.find((p) => o.probes.includes(p.spec.name));
  const id = probe?.spec.identity;
  const declared = id?.kind === 'files' ? id.root : id?.kind === 'git' ? id.checkout : undefined;
  if (!probe || declared === undefined) {
    throw new InputError([`probe ${o.probes[0]}: its ${o.pin === 'git' ? 'checkout' : 'files'} must be supplied: --source ${o.probes[0]}=PATH`]);
  }
  return path.resolve(probe.codeDir, declared);
}

function checkGroup(subjects: Subject[], places: Places, out: SubjectsCheck): void {
  const o = subjects[0].annotations;
  if (o.pin === 'builtin') {
    const runtime = runtimeFor(`${o.runtime}@${o.release}`, 'subject');
    const expected = subjects[0].digest.sha256;
    if (expected !== runtime.sha256) out.changed.push(`${display(runtime.execPath)}: expected sha256 ${expected} (the statement's), found ${runtime.sha256}`);
    out.checked.push(`${o.runtime} ${o.release} binary, for ${o.probes.join(', ')}`);
    return;
  }
  // A statement is anyone's file: its names stay below their root, as a pin's do, and a
  // link is no pinned file.
  for (const s of subjects) checkPinnedPath(o.probes[0], s.name);
  let read: (name: string) => { file: string; bytes: Buffer | null };
  let where: string;
  const place = o.pin === 'git' || o.pin === 'files' ? placeOf(o, places) : null;
  if (o.pin === 'git' && isCheckout(place!)) {
    // A checkout is read at the pinned commit, never its work tree, as a pin is.
    const files = readFromGit(o.probes[0], place!, o.commit!, subjects.map((s) => ({ path: s.name, blob: s.digest.gitBlob ?? '' })));
    read = (name) => ({ file: `${name} at ${o.commit}`, bytes: files.find((f) => f.path === name)!.bytes });
    where = `${display(place!)} at ${o.commit}`;
  } else if (place !== null && fs.existsSync(place) && fs.statSync(place).isFile()) {
    // The one pinned file, handed over alone.
    if (subjects.length !== 1) throw new InputError([`${display(place)}: expected a directory, since ${o.probes[0]} pins ${subjects.length} files`]);
    read = () => ({ file: display(place), bytes: readInput(place, { what: 'subject' }) });
    where = display(place);
  } else {
    let dir: string;
    if (o.pin === 'package') {
      const pkgName = o.package!.slice(0, o.package!.lastIndexOf('@'));
      const given = places.sources[pkgName] ?? o.probes.map((p) => places.sources[p]).find(Boolean);
      if (given) dir = given;
      else {
        const got = installTarget(pkgName, o.package!.slice(pkgName.length + 1), o.probes[0]);
        if ('unavailable' in got) throw new InputError([got.unavailable]);
        dir = got.dir;
      }
    } else dir = place!;
    read = (name) => {
      const file = path.join(dir, name);
      return { file: display(file), bytes: isRegular(file) ? readInput(file, { what: 'subject' }) : null };
    };
    where = o.pin === 'package' ? `${o.package} in ${display(dir)}` : display(dir);
  }
  for (const s of subjects) {
    const { file, bytes } = read(s.name);
    const problem = bytes === null ? `${file}: expected the file the statement names (${Object.entries(s.digest).map(([a, d]) => `${a} ${d}`).join(', ')}), found no regular file` : digestProblems(file, s.digest, bytes);
    if (problem) out.changed.push(problem);
  }
  out.checked.push(`${subjects.length} file(s) of ${where}, for ${o.probes.join(', ')}`);
}

/** Whether a regular file is there, not through a link; a name the system refuses (too long) is none. */
function isRegular(file: string): boolean {
  try {
    return fs.lstatSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

export function checkSubjects(subjects: Subject[], places: Places): SubjectsCheck {
  const groups = new Map<string, Subject[]>();
  for (const s of subjects) groups.set(groupKey(s.annotations), [...(groups.get(groupKey(s.annotations)) ?? []), s]);
  const out: SubjectsCheck = { checked: [], changed: [], unreadable: [] };
  for (const group of groups.values()) {
    try {
      checkGroup(group, places, out);
    } catch (err) {
      if (err instanceof InputError) out.unreadable.push(...err.problems);
      else throw err;
    }
  }
  return out;
}

// The protocol owns every entry of a trial directory: protocol/trial-dir.mjs names each one
// (ENTRIES), the schema lists the same (trial-dir.schema.json $defs/entry), and no other
// module of runners/ spells an entry's name itself.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, RUNNERS_DIR } from '../../runners/model/paths.ts';
import { ENTRIES } from '../../runners/protocol/trial-dir.mjs';
import { sources } from '../support/sources.ts';
import { finish } from '../support/suite.ts';

test('every entry of a trial directory is named by the protocol, and the schema lists the same', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', 'trial-dir.schema.json'), 'utf8')) as { $defs: { entry: { enum: string[] } } };
  assert.equal([...ENTRIES].sort(), [...schema.$defs.entry.enum].sort());
  // The layout's header names each too.
  const header = fs.readFileSync(path.join(RUNNERS_DIR, 'protocol', 'trial-dir.mjs'), 'utf8').split('\nimport ')[0];
  assert.equal(ENTRIES.filter((e) => !header.includes(e)), []);
});

/** Lines outside protocol/ that spell an entry's name as a string: a name only the protocol should hold. */
function spelled(files: Array<{ file: string; text: string }>, names: readonly string[]): string[] {
  return files.flatMap(({ file, text }) =>
    file.startsWith('protocol/') ? [] : text.split('\n').flatMap((line, i) => (names.some((n) => line.includes(`'${n}'`)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

test('no module of runners/ but the protocol spells the name of a trial directory\'s entry', () => {
  // A name that is also a word of the case vocabulary (call.command not-executable, say) is the case's there.
  const names = ENTRIES.filter((e) => e.includes('.') || e.startsWith('no-such-'));
  const files = sources(RUNNERS_DIR).map((f) => ({ file: path.relative(RUNNERS_DIR, f).split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));
  assert.equal(spelled(files, names), []);
  // And the check can fail.
  assert.equal(spelled([{ file: 'engine/w.ts', text: "fs.openSync(path.join(dir, 'worker.err'), 'w');" }], names).length, 1);
});

finish(test);

// Types and schemas from one source: the types in runners/model/schema-types/ are what
// bin/schema-types.ts generates from schemas/ now, and the hand-written types the code
// uses agree with them both ways (test/types/agreement.ts compiles).

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import ts from 'typescript';
import { generatedTypes, TYPES_DIR } from '../../bin/schema-types.ts';
import { ROOT } from '../../runners/model/paths.ts';
import { tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

const AGREEMENT = path.join(ROOT, 'test', 'types', 'agreement.ts');

const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
const host = ts.createCompilerHost(config.options);
const parsed = new Map<string, ts.SourceFile | undefined>();
const parse = host.getSourceFile.bind(host);
// Each check compiles the same types (the agreement, Node's, the schemas'): parsed once.
host.getSourceFile = (name, version, ...rest) => (parsed.has(name) ? parsed.get(name) : parsed.set(name, parse(name, version, ...rest)).get(name));

/** The type errors of compiling `file` with the project's options. */
function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], config.options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(ROOT, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

test('the committed schema types are what the schemas generate now, file for file', async () => {
  const generated = await generatedTypes();
  assert.equal(fs.readdirSync(TYPES_DIR).sort(), [...generated.keys()].sort(), 'one module per schema');
  for (const [file, text] of generated) assert.ok(fs.readFileSync(path.join(TYPES_DIR, file), 'utf8') === text, `${file} is stale: run make types`);
});

test("the code's types and the schemas' types are assignable both ways", () => {
  assert.equal(typeErrors(AGREEMENT), []);
});

test('the agreement check fails for two types that differ in one nullable field', () => {
  const dir = tempDir();
  const file = path.join(dir, 'differs.ts');
  fs.writeFileSync(file, `import type { Agree } from ${JSON.stringify(AGREEMENT)};\nexport const x: true = true as Agree<{ pgid: number }, { pgid: number | null }>;\n`);
  const errors = typeErrors(file);
  assert.ok(errors.some((e) => e.includes('not assignable')), errors.join('\n'));
});

finish(test);

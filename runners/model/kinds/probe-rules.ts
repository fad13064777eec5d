// What the schema cannot say of a probe's kind (model/kinds/kind.ts, probeKind): a
// library's probe has an adapter, a program's a command, never both; a program is pinned,
// and the file it runs is one of its pin.

import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.ts';
import type { ProbeSpec } from '../probe.ts';

export function checkProbeKind(spec: ProbeSpec, file: string, codeDir: string): void {
  if ((spec.adapter === undefined) === (spec.command === undefined)) {
    throw InputError.at(file, spec.adapter ? '/command' : '', spec.adapter ? 'expected an adapter or a command, not both' : 'expected an adapter (a library\'s probe) or a command (a program\'s)');
  }
  if (spec.adapter !== undefined && !fs.existsSync(path.join(codeDir, spec.adapter))) {
    throw InputError.at(file, '/adapter', `expected the adapter file ${spec.adapter} to exist`);
  }
  if (spec.command && spec.identity.kind === 'builtin') throw InputError.at(file, '/identity/kind', 'expected a pinned program: a builtin cannot be run as a command');
  if (spec.command && spec.identity.kind !== 'builtin' && !spec.identity.paths.some((p) => p.path === spec.command!.file)) {
    throw InputError.at(file, '/command/file', `expected a file of the pin; ${spec.command.file} is not among /identity/paths`);
  }
}

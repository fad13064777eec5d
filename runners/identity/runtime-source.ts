// A runtime's own JavaScript, read from the binary of the release that ran, so that an
// explanation of the runtime's behaviour cites the bytes that ran. Node keeps each lib/
// file whole in its binary (the builtins binding, reached with --expose-internals); Bun
// and Deno bundle theirs, and the text of a built-in export is what Function.prototype.
// toString gives. Each read starts the binary once; what it gives is kept in the cache
// by runtime and release, where `judge`, which starts no process, finds it.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileWhole } from '../model/files.ts';
import { CACHE_DIR } from '../model/paths.ts';
import type { RuntimeName } from '../model/runtime-spec.ts';

const SOURCE_DIR = path.join(CACHE_DIR, 'runtime-source');

export interface SourceRuntime {
  name: RuntimeName;
  release: string;
  /** The binary; absent when only the cache may be read. */
  execPath?: string;
}

const cacheFile = (on: SourceRuntime, what: string) => path.join(SOURCE_DIR, `${on.name}-${on.release}`, `${what.replace(/[^\w.-]+/g, '_')}.txt`);

/** What the binary prints for `script`, through the cache; a string that begins "unavailable: " says why not. */
function read(on: SourceRuntime, what: string, script: string): string {
  const file = cacheFile(on, what);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  if (!on.execPath) return `unavailable: ${what} of ${on.name} ${on.release} was never read on this machine`;
  const argv = on.name === 'node' ? ['--expose-internals', '--no-warnings', '-e', script] : on.name === 'deno' ? ['eval', '--no-config', script] : ['-e', script];
  let out: string;
  try {
    out = execFileSync(on.execPath, argv, { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' } });
  } catch (err) {
    return `unavailable: ${on.name} ${on.release} could not print ${what} (${(err as Error).message.split('\n')[0]})`;
  }
  if (out === '') return `unavailable: ${on.name} ${on.release} has no ${what}`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileWhole(file, out);
  return out;
}

/** A lib/ file of Node's own, as the binary holds it: `lib/child_process.js` is the builtin `child_process`. */
export function nodeLibSource(on: SourceRuntime, file: string): string {
  const id = file.replace(/^lib\//, '').replace(/\.js$/, '');
  const script = `process.stdout.write(require('internal/test/binding').internalBinding('builtins').natives[${JSON.stringify(id)}] ?? '')`;
  return read(on, file, script);
}

/** The text of a built-in module's export (`ChildProcess`, `ChildProcess.prototype.kill`) as Bun or Deno runs it. */
export function builtinExportSource(on: SourceRuntime, module: string, exported: string): string {
  const [name, , method] = exported.split('.');
  const pick = method ? `m[${JSON.stringify(name)}].prototype[${JSON.stringify(method)}]` : `m[${JSON.stringify(name)}]`;
  const script = `import(${JSON.stringify(module)}).then((ns) => { const m = ns.default ?? ns; const f = ${pick}; process.stdout.write(typeof f === 'function' ? Function.prototype.toString.call(f) : ''); })`;
  return read(on, `${module}#${exported}`, script);
}

export const unavailable = (text: string) => text.startsWith('unavailable: ');

/**
 * Where a function of Node's lib/ is defined and where it ends: the line that defines it
 * (`function NAME(`, `NAME = ...` or `const NAME = ...`, `X.prototype.NAME = function`, or a method), to the
 * first later line that closes a block at the same indentation. Node's lib is written so.
 */
export function locateFunction(source: string, name: string): [number, number] | null {
  const lines = source.split('\n');
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const def = new RegExp(`^(\\s*)(?:(?:async\\s+)?function\\*?\\s+${esc}\\s*\\(|(?:(?:const|let|var)\\s+)?${esc}\\s*=\\s*|(?:static\\s+)?(?:async\\s+)?${esc}\\s*\\([^)]*\\)\\s*\\{)`);
  for (let i = 0; i < lines.length; i++) {
    const m = def.exec(lines[i]);
    if (!m) continue;
    const close = new RegExp(`^${m[1]}\\}`);
    for (let j = i + 1; j < lines.length; j++) if (close.test(lines[j])) return [i + 1, j + 1];
    return null;
  }
  return null;
}

// V8's code cache for the two large scripts a command compiles at every start: the command
// line's own build (bin/cli-build.mjs, 1.2 MB) and the schemas' validators
// (model/compiled-schemas.ts, 1.7 MB). Node 20 keeps no compile cache of its own. A script
// compiled from the cache skips parsing, and each function the process that made the cache
// ran skips its compilation when first called: 60 to 80 ms of a short command's 300.
//
// The cache is named by a digest of the script's exact text and by V8's version: V8 checks
// only a script's length before taking a cache, so a file changed in place must never find
// the cache of its old text. A cache V8 refuses (another Node's flags) is made again. It is
// made as the process exits, so it holds what the process compiled, and kept whole or not
// at all: a cache that cannot be read or written costs only the compilation.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/**
 * The value of `source` (a function expression: a CommonJS module's wrapper) as this
 * process's own code, compiled with the cache kept in `dir` under `part`'s name, where one
 * script serves parts that each run different functions (a command line's verbs).
 * @param {string} source
 * @param {string} filename the file's URL, as a stack trace and a coverage report name it
 * @param {string} dir
 * @param {string} [part]
 * @param {() => boolean} [worthKeeping] asked as the process exits: whether its part's cache is worth a file
 * @returns {any}
 */
export function runCached(source, filename, dir, part = 'all', worthKeeping = () => true) {
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 20);
  const file = path.join(dir, `code-cache-${digest}-${part}-v8-${process.versions.v8}-${process.arch}`);
  /** @type {Buffer | undefined} */
  let cachedData;
  try {
    cachedData = fs.readFileSync(file);
  } catch {}
  const script = new vm.Script(source, { filename, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  if (cachedData === undefined || script.cachedDataRejected) process.once('exit', () => worthKeeping() && keep(script, file));
  return script.runInThisContext();
}

/**
 * Written aside, then renamed, as model/files.ts's writeFileWhole writes: this module is
 * plain JavaScript, loaded by bin/ before any TypeScript can be.
 * @param {vm.Script} script
 * @param {string} file
 */
function keep(script, file) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, script.createCachedData());
    fs.renameSync(temporary, file);
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {}
  }
}

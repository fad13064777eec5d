// A probe's TypeScript turned into the JavaScript its trials import, and whether that
// JavaScript imports only Node's builtins (identity/materialize.ts). Both are pure
// functions of the verified bytes and the tools that read them, and a run asks them of the
// same bytes as the last run did: each answer is kept in the cache's harness/ under a
// digest of everything it depends on, so a run of a known probe starts no esbuild. An
// answer that cannot be read or kept costs only its computation.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import nodeModule from 'node:module';
import path from 'node:path';
import { buildSync, esbuildVersion, transformSync } from '../model/esbuild-sync.ts';
import { writeFileWhole } from '../model/files.ts';
import { HARNESS_BUILD_DIR } from '../model/paths.ts';

/** Raised when what is kept changes shape, so an answer of the old shape is never read as new. */
const GENERATION = 1;

/** `compute`'s answer for `inputs`: read where it was kept in `dir`, else computed and kept there. */
function keptAnswer<T>(kind: string, inputs: string[], dir: string, compute: () => T): T {
  const hash = createHash('sha256').update(`${kind}\0${GENERATION}\0${esbuildVersion}\0${process.version}`);
  for (const input of inputs) hash.update('\0').update(input);
  const file = path.join(dir, `${kind}-${hash.digest('hex').slice(0, 32)}.json`);
  try {
    // A file of another shape (edited by hand) is no answer: computed again below.
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { answer?: T } | null;
    if (kept && typeof kept === 'object' && kept.answer !== undefined) return kept.answer;
  } catch {}
  const answer = compute();
  try {
    writeFileWhole(file, JSON.stringify({ answer }));
  } catch {
    // A full disk or a read-only cache: the next run computes it again.
  }
  return answer;
}

type Strip = (code: string, options: { mode: 'strip' | 'transform' }) => string;

/**
 * Node's own type stripping where the runtime has it (it leaves every line where it was),
 * else esbuild. Stripping refuses TypeScript that needs code generated (enums,
 * namespaces); esbuild handles those.
 */
export function transpile(code: string, file: string, dir = HARNESS_BUILD_DIR): { code: string; loader: string } {
  return keptAnswer('transpiled', [file, code], dir, () => {
    const strip = (nodeModule as unknown as { stripTypeScriptTypes?: Strip }).stripTypeScriptTypes;
    if (strip) {
      try {
        return { code: strip(code, { mode: 'strip' }), loader: `node ${process.version} type stripping` };
      } catch {
        // fall through to esbuild
      }
    }
    const out = transformSync(code, { loader: 'ts', format: 'esm', target: `node${process.versions.node.split('.')[0]}`, sourcefile: file });
    return { code: out.code, loader: `esbuild ${esbuildVersion} transpiling` };
  });
}

/**
 * Whether a module imports nothing but Node's builtins: then it needs no loader hooks. An
 * import of anything else, found or not, is another file in esbuild's graph or an import
 * that is no builtin, whatever directory the module sits in.
 */
export function importsOnlyBuiltins(code: string, dir = HARNESS_BUILD_DIR): boolean {
  // A dynamic import whose specifier is computed is not listed: it could need the hooks.
  if (/\bimport\s*\(\s*[^'"`\s]/.test(code)) return false;
  return keptAnswer('builtins-only', [code], dir, () => {
    let metafile;
    try {
      ({ metafile } = buildSync({
        stdin: { contents: code, loader: 'js', sourcefile: 'entry.js' },
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        write: false,
        metafile: true,
        logLevel: 'silent',
      }));
    } catch {
      // An import esbuild cannot follow: not standalone, and the loader says what is missing.
      return false;
    }
    const imports = Object.values(metafile.inputs).flatMap((input) => input.imports);
    return Object.keys(metafile.inputs).length === 1 && imports.every((i) => i.external && nodeModule.isBuiltin(i.path));
  });
}

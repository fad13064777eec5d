// Where in the adapter's own source an error was raised: the first frame of its stack in
// the adapter as built, mapped back through the build's inline source map to the file
// and line the probe's author wrote. Read only when the adapter has failed.

import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import * as nodeModule from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stackOf } from './describe-rejection.ts';

const FRAME = /\(?((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?\s*$/;
const INLINE_MAP = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

function framesIn(stack: string, file: string): Array<{ line: number; column: number }> {
  const frames: Array<{ line: number; column: number }> = [];
  for (const text of stack.split('\n').slice(1)) {
    const m = FRAME.exec(text.trim());
    if (!m) continue;
    const where = m[1].startsWith('file://') ? fileURLToPath(m[1]) : m[1];
    if (where === file) frames.push({ line: Number(m[2]), column: Number(m[3]) });
  }
  return frames;
}

// Deno before 2.8 has no module.SourceMap: the location is then the adapter's file alone.
const SourceMap = (nodeModule as { SourceMap?: typeof nodeModule.SourceMap }).SourceMap;

function sourceMapOf(built: string): InstanceType<typeof nodeModule.SourceMap> | null {
  try {
    const m = SourceMap && INLINE_MAP.exec(fs.readFileSync(built, 'utf8'));
    return SourceMap && m ? new SourceMap(JSON.parse(Buffer.from(m[1], 'base64').toString('utf8'))) : null;
  } catch {
    return null;
  }
}

/**
 * `built` is the file the worker imported; `source` the adapter as written (its map's
 * sources are relative to its directory); `base` the directory the location is shown from.
 * Null when no frame of the stack is in the adapter.
 */
export function adapterLocation(error: unknown, built: string, source: string, base: string): string | null {
  const stack = stackOf(error);
  if (!stack) return null;
  const [frame] = framesIn(stack, built);
  if (!frame) return null;
  const show = (file: string, line: number) => `${path.relative(base, file).split(path.sep).join('/')}:${line}`;
  if (built === source) return show(source, frame.line);
  const entry = sourceMapOf(built)?.findEntry(frame.line - 1, frame.column - 1) as { originalSource?: string; originalLine?: number } | undefined;
  if (!entry?.originalSource || entry.originalLine === undefined) return path.relative(base, source).split(path.sep).join('/');
  const original = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(source), entry.originalSource);
  return show(original, entry.originalLine + 1);
}

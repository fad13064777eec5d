// A command's own lines on stderr: folded to a terminal's width, with a hanging indent, so
// no line runs past its edge; off a terminal, a line each, for logs and greps.

import { DEFAULT_VIEW, wrap } from '../report/render-terminal.ts';

export function say(line: string, out: Pick<NodeJS.WriteStream, 'isTTY' | 'columns' | 'write'> = process.stderr): void {
  const width = out.isTTY ? (out.columns || DEFAULT_VIEW.width) - 1 : Infinity;
  out.write(`${wrap(`childproof: ${line}`, width, '  ').join('\n')}\n`);
}

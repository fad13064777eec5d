// What a run shows while it runs, on stderr so stdout stays the report's table. On a
// terminal: one status line, rewritten in place. Off a terminal, or with CI set: one line
// per finished trial, which a CI log keeps. --quiet: nothing.

import type { Progress } from '../engine/events.ts';
import type { TrialResult } from '../model/report-types.ts';
import { NOT_AS_EXPECTED } from '../report/build.ts';
import { plainText } from '../report/formats/escape.ts';

interface Reporter {
  progress(p: Progress): void;
  result(t: TrialResult): void;
  /** Clears the status line, so the table starts on a clean one. */
  end(): void;
}

type Mode = 'live' | 'lines' | 'quiet';

export function modeFor(stream: NodeJS.WriteStream, quiet: boolean, env: NodeJS.ProcessEnv = process.env): Mode {
  if (quiet) return 'quiet';
  return stream.isTTY && !env.CI ? 'live' : 'lines';
}

export function reporter(stream: NodeJS.WriteStream, mode: Mode, started = Date.now()): Reporter {
  let last: Progress = { done: 0, total: 0, running: 0 };
  let news = 0;
  let ticker: NodeJS.Timeout | null = null;
  const status = () => {
    const seconds = Math.round((Date.now() - started) / 1000);
    const line = `childproof: ${last.done}/${last.total} done, ${last.running} running, ${seconds} s, ${news} not as expected`;
    stream.write(`\r\u001b[2K${line.slice(0, (stream.columns || 100) - 1)}`);
  };
  return {
    progress(p) {
      last = p;
      if (mode !== 'live') return;
      // Only the elapsed time needs a clock; the counts change on events.
      ticker ??= setInterval(status, 1000).unref();
      status();
    },
    result(t) {
      if (NOT_AS_EXPECTED.has(t.outcome)) news++;
      if (mode === 'lines') stream.write(`[${last.done + 1}/${last.total}] ${plainText(`${t.probe} ${t.case}`)}: ${t.outcome}\n`);
    },
    end() {
      if (ticker) clearInterval(ticker);
      if (mode === 'live') stream.write('\r\u001b[2K');
    },
  };
}

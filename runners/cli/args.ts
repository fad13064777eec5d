// Parsing a verb's arguments: every mistake is an input error that ends with the usage.

import { parseArgs } from 'node:util';
import { InputError } from '../model/errors.ts';
import { TOOL_VERSION } from '../model/version.ts';
import { DEFAULT_VIEW, type View } from '../report/render-terminal.ts';

export const USAGE = `childproof ${TOOL_VERSION}: what is true when a child-process call is aborted or times out.

Usage:
  childproof run [--probe NAME|DIR|NAME@VERSION]... [--case ID|GLOB|FILE]... [--source [NAME=]PATH]...
                 [--runtime node|bun|deno[@V]] [--out FILE] [--jobs N] [--repeat N] [--shard K/N] [--keep] [--allow-skipped]
                 [--table auto|cases|probes] [--quiet]
  childproof report --from FILE.jsonl [--out FILE]
  childproof render REPORT... --format md|html|site|svg|junit|github|summary|badge [--trial PROBE:CASE] [--case FILE]... [--probe DIR]...
                 [--heading-level N] [--out FILE]
  childproof merge PART.json|PART.jsonl... --out FILE
  childproof clean
  childproof judge REPORT [--case ID|GLOB|FILE]... [--probe NAME|DIR]... [--out FILE]
  childproof verify [--probe NAME|DIR]... [--source [NAME=]PATH]... [--runtime node|bun|deno[@V]] [--calibrate]
  childproof verify --statement FILE [--report REPORT] [--pub KEY.pub | --no-require-signature] [--any-childproof]
                    [--source NAME=PATH]... [--probe DIR]...
  childproof attest REPORT [--out FILE] [--url URL] [--key KEY.pem] [--predicate FILE] [--checksums FILE]
  childproof init DIR (--file F... [--root DIR] | --checkout REPO --rev REV --path P... | --package NAME[@VERSION]
                  [--entry SUBPATH] [--with-dependencies])
                  [--export NAME [--call METHOD] [--construct JSON] | --command 'BIN ARGS'] [--name NAME] [--force]
  childproof check (NAME[@VERSION] | --pack DIR | --file F...) [--export NAME [--call METHOD]] [--construct JSON]
                 [--require CLAUSE,...] [--case ID|GLOB]... [--runtime node|bun|deno[@V]] [--probe-dir DIR] [--out FILE]
  childproof pin (--file F... [--root DIR] | --checkout REPO --rev REV --path P... | --package NAME [--with-dependencies])
                 [--probe-dir DIR]
  childproof pin --update DIR [--rev REV]
  childproof replay FILE [--source [NAME=]PATH]... [--probe NAME|DIR]... [--runtime node|bun|deno[@V]] [--format text|md] [--out FILE]
  childproof compare A.json B.json [--ignore-racy] [--format text|md]
  childproof bless REPORT... [--probe NAME]... [--why TEXT]
  childproof publish REPORT [--dir results] [--previous DIR] | publish --begin [--dir results] [--why TEXT]
  childproof sweep --probe NAME --versions RANGE [--case ID|GLOB]... [--latest-per minor|major]
                   [--bisect FACT] [--format table|md|json] [--out FILE] [--publish DIR] [--runtime node|bun|deno[@V]] [--jobs N]
  childproof stability [--runs N] [--hogs N] [--probe NAME|DIR]... [--case ID|GLOB]... [--runtime node|bun|deno[@V]] [--out FILE]
  childproof list
  childproof validate [FILE]...
  childproof help

Exit codes: 0 every outcome as expected; 1 some outcome is not (fail, unexpected-pass,
error, unknown, flaky), or judge, compare or replay found a difference; 2 a usage or
input error; 3 a probe's code is not the pinned code (or not a statement's subject, or a
statement's signature or report does not verify); 4 an unsupported platform
(Windows); 129, 130, 143 stopped by SIGHUP, SIGINT, SIGTERM (the finished trials are
written, marked interrupted).

--runtime names the runtime the trials run on: node@24, bun@1.4.4, deno@2 (a release or
an npm range; latest when none), installed from its registry package into the cache.
--node V is short for --runtime node@V.`;

type Options = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>;

/** What names the code to pin: `pin` and `init` take the same. */
export const PIN_OPTIONS = {
  file: { type: 'string', multiple: true },
  root: { type: 'string' },
  checkout: { type: 'string' },
  rev: { type: 'string' },
  path: { type: 'string', multiple: true },
  package: { type: 'string' },
  'with-dependencies': { type: 'boolean' },
} as const satisfies Options;

/** Parses `args`; `positionals` says how many are allowed and what they are, for the error. */
export function parse(args: string[], options: Options, positionals?: { min: number; max: number; what: string }) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new InputError([`${(err as Error).message}\n\n${USAGE}`]);
  }
  const n = parsed.positionals.length;
  if (!positionals && n > 0) throw new InputError([`unexpected argument "${parsed.positionals[0]}"\n\n${USAGE}`]);
  if (positionals && (n < positionals.min || n > positionals.max)) throw new InputError([`${positionals.what}\n\n${USAGE}`]);
  return { values: parsed.values as Record<string, string | string[] | boolean | undefined>, positionals: parsed.positionals };
}

/** How the terminal view is fitted: to the terminal's width, in colour unless NO_COLOR. */
export function terminalView(table: string | undefined, quiet: boolean): View {
  if (table !== undefined && !['auto', 'cases', 'probes'].includes(table)) throw new InputError([`--table expects auto, cases or probes, not "${table}"`]);
  const tty = process.stdout.isTTY === true;
  const width = (tty && process.stdout.columns) || Number(process.env.COLUMNS) || DEFAULT_VIEW.width;
  return { width, table: (table ?? 'auto') as View['table'], color: tty && !process.env.NO_COLOR, quiet };
}

export const strings = (v: unknown): string[] => (v as string[] | undefined) ?? [];

/**
 * `--file A B C` as the usage line reads: the words after a --file that no option takes
 * are more files. Anything left over without a --file is an argument too many.
 */
export function withFiles(values: Record<string, unknown>, extra: string[], command: string): void {
  if (extra.length === 0) return;
  if (strings(values.file).length === 0) throw new InputError([`${command}: unexpected argument "${extra[0]}" (files to pin follow --file: --file A B)`]);
  values.file = [...strings(values.file), ...extra];
}
export const string = (v: unknown): string | undefined => v as string | undefined;

/** The most any count option takes: beyond it a number is a typo, not a plan. */
const MOST = 10_000;

export function positiveInt(value: unknown, name: string, fallback: number, most = MOST): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^[1-9]\d*$/.test(value) || Number(value) > most) {
    throw new InputError([`--${name} expects a whole number from 1 to ${most}, not "${String(value)}"`]);
  }
  return Number(value);
}

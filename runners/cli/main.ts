// The command line: dispatch a verb, and turn every user mistake into one clear line and
// a distinct exit code.

import { checkCache } from '../model/cache.ts';
import { EXIT, InputError, IntegrityError } from '../model/errors.ts';
import { TOOL_VERSION } from '../model/version.ts';
import { assertSupportedPlatform, PlatformError } from '../os/platform.ts';
import { InvalidReportError } from '../report/report-file.ts';
import { USAGE } from './args.ts';
import { cmdBless } from './bless.ts';
import { cmdClean } from './clean.ts';
import { cmdCompare } from './compare.ts';
import { cmdInit } from './init.ts';
import { cmdJudge } from './judge.ts';
import { cmdList } from './list.ts';
import { cmdMerge } from './merge.ts';
import { cmdPin } from './pin.ts';
import { cmdPublish } from './publish.ts';
import { cmdRender } from './render.ts';
import { cmdReplay } from './replay.ts';
import { cmdReport } from './report.ts';
import { cmdRun } from './run.ts';
import { cmdStability } from './stability.ts';
import { cmdSweep } from './sweep.ts';
import { cmdValidate } from './validate.ts';
import { cmdVerify } from './verify.ts';

const VERBS: Record<string, (args: string[]) => number | Promise<number>> = {
  run: cmdRun,
  judge: cmdJudge,
  verify: cmdVerify,
  init: cmdInit,
  pin: cmdPin,
  replay: cmdReplay,
  compare: cmdCompare,
  bless: cmdBless,
  stability: cmdStability,
  sweep: cmdSweep,
  publish: cmdPublish,
  list: cmdList,
  report: cmdReport,
  render: cmdRender,
  merge: cmdMerge,
  clean: cmdClean,
  validate: cmdValidate,
};

/** The commands that build, install or download into the cache (model/cache.ts). */
const USE_CACHE = new Set(['run', 'verify', 'init', 'pin', 'replay', 'stability', 'sweep']);

export async function main(argv: string[]): Promise<number> {
  const [verb, ...rest] = argv;
  assertSupportedPlatform();
  const known = verb !== undefined && Object.hasOwn(VERBS, verb);
  // `childproof run --help` asks for help, not for a run with an unknown option.
  if (known && (rest.includes('--help') || rest.includes('-h'))) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (known) {
    if (USE_CACHE.has(verb)) checkCache();
    return VERBS[verb](rest);
  }
  if (verb === '--version') {
    process.stdout.write(`${TOOL_VERSION}\n`);
    return EXIT.ok;
  }
  if (verb === undefined || ['help', '--help', '-h'].includes(verb)) {
    process.stdout.write(`${USAGE}\n`);
    return verb === undefined ? EXIT.input : EXIT.ok;
  }
  throw new InputError([`unknown command "${verb}"\n\n${USAGE}`]);
}

export async function cli(argv: string[]): Promise<void> {
  let code: number;
  try {
    code = await main(argv);
  } catch (err) {
    if (err instanceof InputError || err instanceof IntegrityError) {
      process.stderr.write(`${err.problems.map((p) => `childproof: ${p}`).join('\n')}\n`);
      code = err.exitCode;
    } else if (err instanceof PlatformError) {
      process.stderr.write(`childproof: ${err.message}\n`);
      code = EXIT.platform;
    } else if (err instanceof InvalidReportError) {
      process.stderr.write(`${err.message}\n`);
      code = EXIT.internal;
    } else {
      throw err;
    }
  }
  process.exitCode = code;
}

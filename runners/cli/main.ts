// The command line: dispatch a verb, and turn every user mistake into one clear line and
// a distinct exit code.

import { checkCache } from '../model/cache.ts';
import { validatorsCachedFor } from '../model/compiled-schemas.ts';
import { EXIT, InputError, IntegrityError, InvalidReportError } from '../model/errors.ts';
import { TOOL_VERSION } from '../model/version.ts';
import { assertSupportedPlatform, PlatformError } from '../os/platform.ts';
import { USAGE } from './args.ts';

type Verb = (args: string[]) => number | Promise<number>;

// Each verb's modules load only when it is asked for: every command would otherwise pay,
// at every start, for loading what only `run` needs (about half of a short command's time).
const VERBS: Record<string, () => Promise<Verb>> = {
  run: async () => (await import('./run.ts')).cmdRun,
  judge: async () => (await import('./judge.ts')).cmdJudge,
  verify: async () => (await import('./verify.ts')).cmdVerify,
  attest: async () => (await import('./attest.ts')).cmdAttest,
  init: async () => (await import('./init.ts')).cmdInit,
  check: async () => (await import('./check.ts')).cmdCheck,
  pin: async () => (await import('./pin.ts')).cmdPin,
  replay: async () => (await import('./replay.ts')).cmdReplay,
  compare: async () => (await import('./compare.ts')).cmdCompare,
  bless: async () => (await import('./bless.ts')).cmdBless,
  stability: async () => (await import('./stability.ts')).cmdStability,
  sweep: async () => (await import('./sweep.ts')).cmdSweep,
  publish: async () => (await import('./publish.ts')).cmdPublish,
  list: async () => (await import('./list.ts')).cmdList,
  report: async () => (await import('./report.ts')).cmdReport,
  render: async () => (await import('./render.ts')).cmdRender,
  merge: async () => (await import('./merge.ts')).cmdMerge,
  clean: async () => (await import('./clean.ts')).cmdClean,
  validate: async () => (await import('./validate.ts')).cmdValidate,
};

/** The pipeline a run goes through, evaluated when asked for: a program that runs trials as
 *  `childproof run` does (the test suite's runner process) runs them from this same build. */
export const loadPipeline = () => import('../engine/pipeline.ts');

/** Whether `word` names one of the command line's verbs (bin/cli-build.mjs keeps a code cache for each). */
export const isVerb = (word: string): boolean => Object.hasOwn(VERBS, word);

/** The commands that build, install or download into the cache (model/cache.ts). */
const USE_CACHE = new Set(['run', 'verify', 'attest', 'init', 'check', 'pin', 'replay', 'stability', 'sweep']);

async function main(argv: string[]): Promise<number> {
  const [verb, ...rest] = argv;
  assertSupportedPlatform();
  const known = verb !== undefined && isVerb(verb);
  // `childproof run --help` asks for help, not for a run with an unknown option.
  if (known && (rest.includes('--help') || rest.includes('-h'))) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (known) {
    if (USE_CACHE.has(verb)) checkCache();
    validatorsCachedFor(verb);
    return (await VERBS[verb]())(rest);
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

/** A line with a hostile size in it (a name of 100,000 characters) echoes its start and says how long it was. */
const clipped = (line: string) => line.replace(/(\S{200,}?)([:,;]?)(?=\s|$)/g, (_, word: string, mark: string) => `${word.slice(0, 80)}… (${word.length} characters)${mark}`);

/** A command's exit code, every user mistake said in one line on stderr; a bug is thrown. */
export async function runCommand(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (err) {
    if (err instanceof InputError || err instanceof IntegrityError) {
      process.stderr.write(`${err.problems.map((p) => `childproof: ${clipped(p)}`).join('\n')}\n`);
      return err.exitCode;
    }
    if (err instanceof PlatformError) {
      process.stderr.write(`childproof: ${err.message}\n`);
      return EXIT.platform;
    }
    if (err instanceof InvalidReportError) {
      process.stderr.write(`${err.message}\n`);
      return EXIT.internal;
    }
    throw err;
  }
}

export async function cli(argv: string[]): Promise<void> {
  // A reader that stops reading (`| head`) has all it wanted: what follows is not written,
  // and the files the verb writes are written whole regardless (model/files.ts). Any other
  // failure to write standard output (a full disk, /dev/full) cut what it holds: said in
  // one line, exit 2, however the command itself ended.
  let cut: string | null = null;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || cut !== null) return;
    cut = err.code ?? err.message;
    process.stderr.write(`childproof: standard output could not be written (${cut}): what it holds is cut short\n`);
    process.exitCode = EXIT.input;
  });
  const code = await runCommand(argv);
  process.exitCode = cut === null ? code : EXIT.input;
}

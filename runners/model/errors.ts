// Errors that are the user's to fix: printed as one clear line each, never a stack trace,
// and each kind with its own exit code.

export const EXIT = {
  ok: 0,
  notAsExpected: 1,
  input: 2,
  integrity: 3,
  platform: 4,
  internal: 70,
  interrupted: 130,
} as const;

/** A run stopped by a signal exits as a shell reports a death by it: 128 + its number. */
export const SIGNAL_EXIT: Record<string, number> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

/** A file or argument the user gave is wrong: exit 2. */
export class InputError extends Error {
  readonly exitCode = EXIT.input;
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
  static at(file: string, pointer: string, expected: string): InputError {
    return new InputError([`${file}: ${pointer || '/'}: ${expected}`]);
  }
}

/** The code on disk is not the code that was pinned: exit 3, and nothing of it runs. */
export class IntegrityError extends Error {
  readonly exitCode = EXIT.integrity;
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** childproof built a report that does not validate: a bug of its own, never the user's. */
export class InvalidReportError extends Error {}

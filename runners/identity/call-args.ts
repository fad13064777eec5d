// What a call plan hands each parameter: a part of the generic call (the command in one
// of its forms, an option), an object of them, a kill handle, a callback, a value the
// user gave, or nothing. Plain data, read by call-roles.ts, call-given.ts and the
// adapter's writer (probe-template.ts).

import type { Placed } from './call-names.ts';

/** What a key of an object argument carries: an option, or the command in one of its forms. */
export type Role = Placed | 'file' | 'args' | 'argv' | 'line';

/** Where one part goes below an object argument: ['signal'], or ['nodeOptions', 'killSignal']. */
export interface Put {
  option: Role;
  path: string[];
  /** The value goes in an object of its one key, given only when the value is (`timeout: { block }`). */
  wrapped?: true;
}

export type Arg =
  | { kind: 'file' }
  | { kind: 'args' }
  /** The arguments one by one, into a rest parameter: `...call.args`. */
  | { kind: 'spread' }
  | { kind: 'argv' }
  | { kind: 'line' }
  | { kind: 'template' }
  | { kind: 'option'; option: Placed }
  /** An object of options; `json`: handed as the JSON text of that object (a tool call's arguments); `given`: the user's keys (--construct) beside them. */
  | { kind: 'options'; name: string; put: Put[]; fixed?: Record<string, string>; json?: true; given?: Record<string, unknown> }
  /** A value the user gave (--construct), as JSON writes it. */
  | { kind: 'value'; value: unknown }
  | { kind: 'blank'; type: 'string' | 'object' | 'array' }
  | { kind: 'callback' }
  /** A kill handle made with `new`, its stop method called when the call's signal aborts. */
  | { kind: 'handle'; class: string; stop: string }
  | { kind: 'absent' };

/** A parameter's argument while the plan is made: undefined until a part goes there. */
export type Slot = Arg | undefined;

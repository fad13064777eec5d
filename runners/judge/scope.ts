// Which known divergences speak for a trial's runtime. A signature names the runtime it was
// seen on and, after @, a range of its releases; one that names none was seen on Node,
// where every signature written before Bun and Deno came from. Pure.

import type { Signature } from '../model/probe.ts';
import { runtimeOf, runtimeText, specCovers, type RuntimeNamed } from '../model/runtime-spec.ts';

/** Whether `scope` (`bun@>=1.2`, `deno`, absent for Node) covers the runtime and release. */
export function scopeCovers(scope: string | undefined, on: { name: string; release: string }): boolean {
  return scope === undefined ? on.name === 'node' : specCovers(scope, on);
}

/** The divergences that hold where the trials ran. */
export function divergencesOn<K extends Signature>(known: K[], env: RuntimeNamed): K[] {
  const on = runtimeOf(env);
  return known.filter((k) => scopeCovers(k.runtime, on));
}

/** The scope `bless` writes for what it saw: the runtime and its release; none on Node. */
export function scopeSeen(env: RuntimeNamed): string | undefined {
  const on = runtimeOf(env);
  return on.name === 'node' ? undefined : `${on.name}@${on.release}`;
}

/** The runtime a report's trials are judged `on`: none on Node, whose clock every time is read on. */
export function judgedOn(env: RuntimeNamed): string | undefined {
  return runtimeOf(env).name === 'node' ? undefined : runtimeText(env);
}

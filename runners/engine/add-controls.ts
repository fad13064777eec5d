// The control trials a run adds: a probe whose chosen cases would not run a command (only
// refusals of invalid values, say, or a call aborted before it starts) gets the first
// control case it can express (judge/controls.ts), so its verdicts can be trusted or
// withheld. Pure.

import { CONTROL_CASES } from '../judge/controls.ts';
import { notExpressed, type LoadedCase } from '../model/case.ts';
import { KIND_TRAITS, probeKind } from '../model/kinds/kind.ts';
import type { LoadedProbe } from '../model/probe.ts';

/** A case whose correct call runs the command: not one whose spawn must fail (a missing
 *  command or working directory, a file that is not executable) or whose signal is aborted first. */
const runsCommand = (c: LoadedCase) => c.spec.call.command === 'fixture' && c.spec.call.cwd === undefined && c.spec.trigger.kind !== 'pre-aborted';
const expressible = (p: LoadedProbe, c: LoadedCase) => notExpressed(c.spec, p.spec.supports, p.spec.name) === null;

/** The cases to run: those chosen, then each control some probe needs and lacks. */
export function withControls(chosen: LoadedCase[], all: LoadedCase[], probes: LoadedProbe[]): { cases: LoadedCase[]; added: LoadedCase[] } {
  const added: LoadedCase[] = [];
  for (const p of probes) {
    // A program's probe is its own control: each trial starts it and sees it run (judge/controls.ts).
    if (KIND_TRAITS[probeKind(p.spec)].ownControl) continue;
    // A probe none of whose chosen cases it can express has no verdict to back.
    if (!chosen.some((c) => expressible(p, c))) continue;
    if (chosen.some((c) => runsCommand(c) && expressible(p, c))) continue;
    const control = CONTROL_CASES.map((id) => all.find((c) => c.spec.id === id)).find((c) => c && expressible(p, c));
    if (control && !chosen.includes(control) && !added.includes(control)) added.push(control);
  }
  return { cases: [...chosen, ...added], added };
}

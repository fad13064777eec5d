// The adapter init writes when it cannot show how the target is called: no call guessed,
// the target's own signature in a comment, what the generic call hands over, and one
// TODO where the call goes. Every verb that would run it refuses it, naming that line,
// until the TODO is gone (model/load-probes.ts). Pure: text in, text out.

import { UNFINISHED } from '../model/skeleton.ts';

interface Skeleton {
  /** "project's exec.mjs", "somelib 1.2.0". */
  target: string;
  typeImport: string | null;
  /** The export run() is to call, where one was chosen; its name goes in `uses`. */
  exportName: string | null;
  /** Why no call was written: one sentence. */
  why: string;
  /** The target's own signatures, one a line. */
  declared: string[];
  /** The call init wrote and calibrated, when it did not reach the target. */
  tried?: string;
}

const comment = (lines: string[]) => lines.map((l) => `//   ${l.trim()}`).join('\n');

export function skeletonAdapterSource(s: Skeleton): string {
  const type = s.typeImport ? `typeof import('${s.typeImport}')` : 'Record<string, any>';
  const callee = s.exportName ? `target.${s.exportName === 'default' ? 'default' : s.exportName}` : 'the target';
  return `// The adapter between childproof's generic call and ${s.target}: a skeleton to finish.
// childproof wrote no call: ${s.why}.
// Write the call in run() where the ${UNFINISHED} line is, and remove that line:
// \`childproof run\`, \`verify\` and \`pin\` refuse this file until then; then
// \`childproof verify --probe DIR --calibrate\` shows which options reach the target; keep
// those in probe.json's "supports".
//
// What the target declares:
${comment(s.declared.length ? s.declared : ['(no signature could be read)'])}
${s.tried ? `//\n// The call init wrote, which no trial showed reaching the target (no command ran):\n//   ${s.tried}\n` : ''}//
// What run() is handed (docs/writing-a-probe.md), each option only when the case sets it:
//   call.file, call.args    the command: a program and its arguments
//   commandLine(call)       the same quoted into one line, for a target that takes a string
//   call.cwd                the directory to run it in
//   call.signal             the case's AbortSignal          (probe.json "supports": signal)
//   call.timeout            milliseconds                    (timeout)
//   call.options.killSignal the signal to stop the child with (killSignal)
//   call.shell              call.file is then a shell line  (shell)
// run() returns what the call settles with: a promise that rejects where the target fails.

import { commandLine, definedOnly, type Adapter } from 'childproof';

type Target = ${type};

const adapter: Adapter<Target> = {
  uses: [${s.exportName ? `'${s.exportName}'` : ''}],
  run: async (call, target) => {
    // ${UNFINISHED}: call ${callee} with the command and the options it takes, and return its promise.
    void [call, target, commandLine, definedOnly];
    throw new Error('adapter.ts is a skeleton: finish run() where its ${UNFINISHED} line is');
  },
};

export default adapter;
`;
}

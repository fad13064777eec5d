// What `childproof init` writes: a probe.json around a pin, and an adapter that calls the
// chosen export with the generic call, typed, each option a reader will want to map
// marked. Pure: text in, text out.

import type { Identity, ProbeSpec } from '../model/probe.ts';
import type { Arg, CallPlan, Put, Role } from './call-plan.ts';

/** A probe's name from the target's: lowercase letters, digits and dashes. */
export function probeName(target: string): string {
  const name = target.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return /^[a-z0-9]/.test(name) ? name : `probe-${name}`;
}

/** `supports` as guessed, unless the target's types said where each option goes. */
export function probeJson(name: string, identity: Identity, target: string, supports: ProbeSpec['supports'] = ['signal', 'timeout', 'killSignal', 'exit-status']): ProbeSpec {
  return {
    name,
    title: `${target}, called with the generic call`,
    identity,
    adapter: 'adapter.ts',
    supports,
  };
}

/**
 * `typeImport` is what `typeof import(...)` names for the target's types (a relative path
 * for pinned files, the package's name), or null where there is nothing to name.
 */
export function adapterSource(exportName: string, target: string, typeImport: string | null): string {
  // \`target\` reads as "project's exec.mjs: exec()".
  const call = exportName === 'default' ? 'target.default' : `target.${exportName}`;
  const type = typeImport ? `typeof import('${typeImport}')` : `{ ${exportName}: (file: string, args: string[], options: object) => Promise<unknown> }`;
  return `// The adapter between childproof's generic call and ${target}.
// childproof hands run() the verified copy of the pinned code as \`target\`: call the code
// only through it, so what runs is what was pinned. \`uses\` names the exports run()
// calls; \`childproof verify\` checks the target has them. Guide: docs/writing-a-probe.md.

import { definedOnly, type Adapter } from 'childproof';

type Target = ${type};

const adapter: Adapter<Target> = {
  uses: ['${exportName}'],
  run: (call, target) =>
    ${call}(call.file, call.args, {
      cwd: call.cwd,
      // Map each option to the name the target uses, and list what it supports in
      // probe.json's "supports" so that the cases needing it run (others: unsupported).
      ...definedOnly({
        signal: call.signal, // "signal": the case's AbortSignal
        timeout: call.timeout, // "timeout": milliseconds, NaN and Infinity included
        killSignal: call.options.killSignal as NodeJS.Signals | undefined, // "killSignal": the signal to stop with
        // maxBuffer: call.maxBuffer, // "maxBuffer": the output limit in bytes
        // shell: call.shell !== undefined, // "shell": call.file is then a command line
      }),
    }),
};

export default adapter;
`;
}

const VALUE: Record<Role, string> = {
  signal: 'call.signal, // "signal": the case\'s AbortSignal',
  timeout: 'call.timeout, // "timeout": milliseconds, NaN and Infinity included',
  killSignal: 'call.options.killSignal as NodeJS.Signals | undefined, // "killSignal": the signal to stop with',
  shell: 'call.shell && true, // "shell": call.file is then a command line',
  maxBuffer: 'call.maxBuffer, // "maxBuffer": the output limit in bytes',
  detached: 'call.detached, // "detached": the child leads a process group of its own',
  cwd: 'call.cwd,',
  file: 'call.file,',
  args: 'call.args,',
  argv: '[call.file, ...call.args],',
  line: 'commandLine(call), // the file and its arguments quoted into one line, or the case\'s shell line',
};

/** The parts always given where they go; every other option only when the case gives it (definedOnly). */
const ALWAYS = new Set<Role>(['cwd', 'file', 'args', 'argv', 'line']);

/** An option's value alone, as an argument of its own or a builder's step takes it. */
const bare = (role: Role) => VALUE[role].replace(/,(\s*\/\/.*)?$/, '');

/** An options argument: each part at its place, nested objects as the target nests them. */
function objectText(puts: Put[], indent: string, fixed: Record<string, string> = {}, given?: Record<string, unknown>): string {
  if (puts.length === 0 && Object.keys(fixed).length === 0) return given ? JSON.stringify(given) : '{}';
  const inner = `${indent}  `;
  // The user's values first (--construct): where childproof places an option, the case's value is the one that counts.
  const set = [
    ...(given ? [`${inner}...${JSON.stringify(given)}, // --construct\n`] : []),
    ...Object.entries(fixed).map(([k, v]) => `${inner}${k}: ${JSON.stringify(v)}, // the shell runs the line\n`),
  ];
  const always = (p: Put) => ALWAYS.has(p.option);
  const top = puts.filter((p) => p.path.length === 1 || p.wrapped);
  const keys = [...new Set(puts.filter((p) => p.path.length > 1 && !p.wrapped).map((p) => p.path[0]))];
  const below = (k: string) => puts.filter((p) => p.path[0] === k && p.path.length > 1).map((p) => ({ option: p.option, path: p.path.slice(1) }));
  const nested = keys.map((k) => `${inner}${k}: ${objectText(below(k), inner)},\n`);
  const parts = top.filter(always).map((p) => `${inner}${p.path[0]}: ${VALUE[p.option]}\n`);
  const optional = top.filter((p) => !always(p)).map((p) => `${inner}  ${p.path[0]}: ${p.wrapped ? `${bare(p.option)} === undefined ? undefined : { ${p.path[1]}: ${bare(p.option)} },` : VALUE[p.option]}\n`);
  const defined = optional.length ? `${inner}...definedOnly({\n${optional.join('')}${inner}}),\n` : '';
  return `{\n${set.join('')}${parts.join('')}${defined}${nested.join('')}${indent}}`;
}

/** The variable a kill handle is held in: its class's name, lowercased. */
const handleVar = (a: { class: string }) => {
  const name = a.class.replace(/^./, (c) => c.toLowerCase());
  return ['call', 'target', 'settled', 'stop', 'built', 'resolve', 'reject'].includes(name) ? `${name}Handle` : name;
};

function argText(a: Arg, indent: string): string {
  if (a.kind === 'handle') return handleVar(a);
  if (a.kind === 'file' || a.kind === 'args' || a.kind === 'argv' || a.kind === 'line') return bare(a.kind);
  if (a.kind === 'template') return '...tagged([call.file, ...call.args])';
  if (a.kind === 'spread') return '...call.args';
  if (a.kind === 'option') return bare(a.option);
  if (a.kind === 'absent') return 'undefined';
  if (a.kind === 'value') return JSON.stringify(a.value);
  if (a.kind === 'blank') return a.type === 'string' ? "''" : a.type === 'array' ? '[]' : '{}';
  if (a.kind === 'callback') return '(error: unknown, ...results: unknown[]) => (error ? reject(error) : resolve(results))';
  const text = objectText(a.put, indent, a.fixed, a.given);
  return a.json ? `jsonArguments(${text})` : text;
}

/** Arguments one to a line, as a formatter would set a call this long. */
function argsText(args: Arg[], indent: string): string {
  if (args.length === 0) return '()';
  return `(\n${args.map((a) => `${indent}  ${argText(a, `${indent}  `)},\n`).join('')}${indent})`;
}

/** The helpers of 'childproof' a plan's adapter uses. */
function helpers(plan: CallPlan): string[] {
  const text = JSON.stringify(plan);
  const all = [...plan.args, ...(plan.construct ?? [])];
  return [
    ...(all.some((a) => a.kind === 'options' && a.put.some((p) => !ALWAYS.has(p.option))) ? ['definedOnly'] : []),
    ...(text.includes('"line"') ? ['commandLine'] : []),
    ...(all.some((a) => a.kind === 'template') ? ['tagged'] : []),
    ...(all.some((a) => a.kind === 'options' && a.json) ? ['jsonArguments'] : []),
    ...(plan.settle === 'close' ? ['settledOnClose'] : plan.settle === 'iterator' ? ['drained'] : []),
  ];
}

/** The kill handle a plan makes and drives, if any. */
const handleOf = (plan: CallPlan) => [...plan.args, ...(plan.construct ?? [])].find((a): a is Extract<Arg, { kind: 'handle' }> => a.kind === 'handle');

/**
 * The body of run(): the call as the plan makes it, its builder's steps, how it settles;
 * with a kill handle, the handle made first and the call's signal wired to its stop
 * method, as the target's caller wires it, and let go of before the call settles.
 */
function callBody(plan: CallPlan): string {
  const { before, settled } = callParts(plan);
  const handle = handleOf(plan);
  const lines = before.map((l) => `    ${l}\n`).join('');
  if (!handle) return before.length ? `{\n${lines}    return ${settled};\n  }` : `\n    ${settled}`;
  const v = handleVar(handle);
  return `{
    const ${v} = new target.${handle.class}();
${lines}    const settled = ${settled};
    const stop = () => ${v}.${handle.stop}();
    if (call.signal?.aborted) stop();
    else call.signal?.addEventListener('abort', stop, { once: true });
    return settled.finally(() => call.signal?.removeEventListener('abort', stop));
  }`;
}

/** The call as the plan makes it: the statements a builder takes first, and the promise it settles as. */
function callParts(plan: CallPlan): { before: string[]; settled: string } {
  const fn = `target${plan.export === 'default' ? '.default' : plan.export.split('.').map((p) => (/^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`)).join('')}`;
  const at = '      ';
  const made = plan.reach === 'call' ? `${fn}${argsText(plan.args, at)}` : `${plan.reach === 'new' ? 'new ' : ''}${fn}${argsText(plan.construct ?? [], at)}.${plan.method}${argsText(plan.args, at)}`;
  if (plan.steps.length || plan.finish) {
    const steps = plan.steps.map((s) => `if (call.${s.option === 'killSignal' ? 'options.killSignal' : s.option} !== undefined) built = built.${s.method}(${bare(s.option)});`);
    const end = wrapped(plan, `built${plan.finish ? `.${plan.finish}()` : ''}`);
    return { before: [`let built = ${made.replace(/\n {6}/g, '\n    ')};`, ...steps], settled: `Promise.resolve(${end})` };
  }
  if (plan.settle === 'callback') return { before: [], settled: `new Promise((resolve, reject) => {\n      ${made};\n    })` };
  return { before: [], settled: `Promise.resolve(\n      ${wrapped(plan, made)},\n    )` };
}

/** A child process is settled on its 'close', an iterator of output read to its end. */
function wrapped(plan: CallPlan, made: string): string {
  if (plan.settle === 'close') return `settledOnClose(${made})`;
  if (plan.settle === 'iterator') return `drained(${made})`;
  return made;
}

/** The call as one line, for the user to read what init will run. */
export function callLine(plan: CallPlan): string {
  return callBody(plan)
    .replace(/\s*\/\/[^\n]*/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\( /g, '(')
    .replace(/,? \)/g, ')')
    .replace(/,? }/g, ' }')
    .trim()
    .replace(/^\{ (.*) \}$|^Promise\.resolve\((.*)\)$/, '$1$2');
}

/** An adapter that calls the target as its types say it is called (identity/call-plan.ts). */
export function plannedAdapterSource(plan: CallPlan, target: string, typeImport: string | null): string {
  const from = plan.byName ? 'its parameters\' names (it has no types)' : 'the target\'s types';
  // An ES import of `module.exports = …` finds it as `default`.
  const type = !typeImport ? 'Record<string, any>' : plan.assigned && plan.export.split('.')[0] === 'default' ? `{ default: typeof import('${typeImport}') }` : `typeof import('${typeImport}')`;
  const body = callBody(plan);
  return `// The adapter between childproof's generic call and ${target}.
// childproof hands run() the verified copy of the pinned code as \`target\`: call the code
// only through it, so what runs is what was pinned. \`uses\` names the exports run()
// calls; \`childproof verify\` checks the target has them. Guide: docs/writing-a-probe.md.
//
// Written from ${from}, ${plan.signature}: the command and each option go where they
// take them, and probe.json's "supports" names the options found a place; init's
// calibration then showed which reach the target.

import { ${[...helpers(plan), 'type Adapter'].join(', ')} } from 'childproof';

type Target = ${type};

const adapter: Adapter<Target> = {
  uses: [${[plan.export, ...(handleOf(plan) ? [handleOf(plan)!.class] : [])].map((u) => `'${u}'`).join(', ')}],
  // Not async: a target that throws before it returns still throws, as its caller sees it.
  run: (call, target) =>${body.startsWith('{') ? ` ${body}` : `${body}`},
};

export default adapter;
`;
}

// What a module's exports take, read from its types by the TypeScript checker: a
// package's declarations (found through its `types` and `exports` as TypeScript finds
// them), a TypeScript source, or a JavaScript file's JSDoc. Each export is a function
// (its parameters and what it returns: a promise, a child process, an iterator, or an
// object whose methods go on with the call), a class (its constructor and its public
// methods), or a value (the functions inside it, two levels down); each parameter as
// typed-params.ts reduces it; and whether a spawn is reachable from each body
// (spawn-reach.ts). Node's own option types come from a small stand-in (node-types.ts),
// so a package need not ship @types/node to be read.

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { NODE_TYPES, NODE_TYPES_FILE } from './node-types.ts';
import { spawnReach } from './spawn-reach.ts';
import { internal, longest, paramsOf, returnOf, type Method, type Returned, type TypedParam } from './typed-params.ts';

export type { TypedParam } from './typed-params.ts';

export interface TypedExport {
  name: string;
  /** A value that is neither: a constant, an object. */
  kind: 'function' | 'class' | 'value';
  /** A function's parameters (its longest signature's), or a class's constructor's. */
  params: TypedParam[];
  /** `module.exports = …` (`export =`): what an ES import calls `default`, and what `typeof import()` names itself. */
  assigned?: true;
  /** A function's signature as the types write it. */
  text?: string;
  /** A function's other signatures. */
  overloads?: Method[];
  /** What a function gives back: a promise, a child process, an iterator, an object with methods (a factory's). */
  returns?: Returned;
  /** Whether a spawn is reachable from a function's body (null: no body read). */
  spawns?: boolean | null;
  /** A class's methods, by name, none of them private. */
  methods?: Record<string, Method>;
  /** A value's functions, by name, two levels down (playwright-core's `utils.spawnAsync`, `a.b.run`). */
  members?: Record<string, Method>;
}

const OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  checkJs: false,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  types: [],
  skipLibCheck: true,
  // `import child_process from 'child_process'`, as declarations written for @types/node do.
  allowSyntheticDefaultImports: true,
  esModuleInterop: true,
  maxNodeModuleJsDepth: 1,
};

const ROOT = '__childproof_target__.mts';

/**
 * The exports of `file`, or of the module `specifier` names as imported from the folder
 * `from`; null when the checker finds no module there (no types and no source it reads).
 */
export function typedExports(where: { file: string } | { from: string; specifier: string }): TypedExport[] | null {
  const root = 'file' in where ? path.resolve(where.file) : path.join(path.resolve(where.from), ROOT);
  const host = ts.createCompilerHost(OPTIONS);
  const virtual = new Map<string, string>([[path.resolve(NODE_TYPES_FILE), NODE_TYPES]]);
  if (!('file' in where)) virtual.set(root, `import * as target from ${JSON.stringify(where.specifier)};\nexport { target };\n`);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) => {
    const text = virtual.get(path.resolve(name));
    return text !== undefined ? ts.createSourceFile(name, text, lang, true) : getSourceFile(name, lang, ...rest);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => virtual.has(path.resolve(name)) || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => virtual.get(path.resolve(name)) ?? readFile(name);
  if ('file' in where && !fs.existsSync(root)) return null;
  let program: ts.Program;
  try {
    program = ts.createProgram({ rootNames: [root, path.resolve(NODE_TYPES_FILE)], options: OPTIONS, host });
  } catch {
    return null;
  }
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(root);
  if (!source) return null;
  let moduleSymbol: ts.Symbol | undefined;
  if ('file' in where) moduleSymbol = checker.getSymbolAtLocation(source);
  else {
    const decl = source.statements.find(ts.isImportDeclaration);
    moduleSymbol = decl ? checker.getSymbolAtLocation(decl.moduleSpecifier) : undefined;
  }
  if (!moduleSymbol) return null;
  return exportsOf(checker, moduleSymbol, source);
}

function exportsOf(checker: ts.TypeChecker, moduleSymbol: ts.Symbol, at: ts.Node): TypedExport[] {
  const out: TypedExport[] = [];
  const spawns = spawnReach(checker);
  // `module.exports = fn` (export =) is what an ES import calls `default`.
  const assigned = moduleSymbol.exports?.get('export=' as ts.__String);
  const named = checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s] as const);
  // In the order the declarations give them, as a reader of the module sees them.
  const at0 = (s: ts.Symbol) => {
    const d = (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s).declarations?.[0];
    return d ? `${d.getSourceFile().fileName}\u0000${String(d.getStart()).padStart(9, '0')}` : '';
  };
  named.sort(([, a], [, b]) => (at0(a) < at0(b) ? -1 : at0(a) > at0(b) ? 1 : 0));
  const all = assigned ? [['default', assigned] as const, ...named.filter(([n]) => n !== 'default')] : named;
  for (const [name, symbol] of all) {
    const real = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(real.flags & ts.SymbolFlags.Value)) continue;
    const type = checker.getTypeOfSymbolAtLocation(real, at);
    const shape = shapeOf(checker, name, type, at, spawns);
    out.push(symbol === assigned ? { ...shape, assigned: true } : shape);
  }
  return out;
}

type Spawns = (decl: ts.Declaration | undefined) => boolean | null;

const one = (checker: ts.TypeChecker, sig: ts.Signature, at: ts.Node, spawns: Spawns): Method => ({
  params: paramsOf(checker, sig, at),
  text: checker.signatureToString(sig, at, ts.TypeFormatFlags.NoTruncation),
  returns: returnOf(checker, sig, at, 0, spawns),
  spawns: spawns(sig.getDeclaration()),
});

/** The longest signature, the others beside it: an overloaded function (ez-spawn's thirty) is planned on the one that fits. */
function method(checker: ts.TypeChecker, sigs: readonly ts.Signature[], at: ts.Node, spawns: Spawns): Method {
  const main = longest(sigs);
  const others = sigs.filter((s) => s !== main).slice(0, 40);
  return { ...one(checker, main, at, spawns), ...(others.length ? { overloads: others.map((s) => one(checker, s, at, spawns)) } : {}) };
}

/** The functions of an object, and of the objects it holds, as `run` and `b.run`. */
function functionsOf(checker: ts.TypeChecker, type: ts.Type, at: ts.Node, spawns: Spawns, depth: number): Record<string, Method> {
  const out: Record<string, Method> = {};
  for (const prop of type.flags & ts.TypeFlags.Object ? checker.getPropertiesOfType(type) : []) {
    if (internal(prop)) continue;
    const t = checker.getTypeOfSymbolAtLocation(prop, at);
    const sigs = t.getCallSignatures();
    if (sigs.length) out[prop.name] = method(checker, sigs, at, spawns);
    else if (depth < 1 && !t.getConstructSignatures().length) {
      for (const [k, m] of Object.entries(functionsOf(checker, t, at, spawns, depth + 1))) out[`${prop.name}.${k}`] = m;
    }
  }
  return out;
}

function shapeOf(checker: ts.TypeChecker, name: string, type: ts.Type, at: ts.Node, spawns: Spawns): TypedExport {
  const construct = type.getConstructSignatures();
  if (construct.length) {
    const instance = construct[0].getReturnType();
    const methods: NonNullable<TypedExport['methods']> = {};
    for (const prop of checker.getPropertiesOfType(instance)) {
      if (internal(prop)) continue;
      const sigs = checker.getTypeOfSymbolAtLocation(prop, at).getCallSignatures();
      if (sigs.length) methods[prop.name] = method(checker, sigs, at, spawns);
    }
    return { name, kind: 'class', params: paramsOf(checker, longest(construct), at), methods };
  }
  const calls = type.getCallSignatures();
  if (calls.length) {
    const m = method(checker, calls, at, spawns);
    return { name, kind: 'function', params: m.params, text: m.text, returns: m.returns, spawns: m.spawns, ...(m.overloads ? { overloads: m.overloads } : {}) };
  }
  const members = functionsOf(checker, type, at, spawns, 0);
  return { name, kind: 'value', params: [], ...(Object.keys(members).length ? { members } : {}) };
}

// What a module's exports take, read from its types by the TypeScript checker: a
// package's declarations (found through its `types` and `exports` as TypeScript finds
// them), a TypeScript source, or a JavaScript file's JSDoc. Each parameter is reduced to
// what an adapter needs to know: a string, an array, a function, or an object with the
// keys it takes, and for each key whose value is an object, that object's keys too (one
// level: tinyexec's `nodeOptions`). Node's own option types come from a small stand-in
// (node-types.ts), so a package need not ship @types/node to be read.

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { NODE_TYPES, NODE_TYPES_FILE } from './node-types.ts';

export interface TypedParam {
  name: string;
  optional: boolean;
  type: 'string' | 'array' | 'object' | 'function' | 'unknown';
  /** An object's keys. */
  keys?: string[];
  /** For each key whose value is an object with keys of its own: those keys. */
  nested?: Record<string, string[]>;
  /** The keys whose value is an AbortSignal, whatever they are called (execa's `cancelSignal`). */
  abortSignals?: string[];
}

export interface TypedExport {
  name: string;
  /** A value that is neither: a constant, an object. */
  kind: 'function' | 'class' | 'value';
  /** A function's parameters (its longest signature's), or a class's constructor's. */
  params: TypedParam[];
  /** A function that returns a child process (Node's spawn does), not a promise. */
  returnsChild?: boolean;
  /** A class's methods, by name, each with its parameters. */
  methods?: Record<string, { params: TypedParam[]; returnsChild?: boolean }>;
  /** A value's functions, by name, one level down (playwright-core's `utils.spawnAsync`). */
  members?: Record<string, { params: TypedParam[]; returnsChild?: boolean }>;
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

/** A nested object is kept when it takes one of these: options passed on to a spawn. */
const OPTION_KEYS = new Set(['signal', 'timeout', 'killSignal', 'cwd', 'env', 'shell', 'detached', 'maxBuffer']);

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
    out.push(shapeOf(checker, name, type, at));
  }
  return out;
}

function shapeOf(checker: ts.TypeChecker, name: string, type: ts.Type, at: ts.Node): TypedExport {
  const construct = type.getConstructSignatures();
  if (construct.length) {
    const instance = construct[0].getReturnType();
    const methods: NonNullable<TypedExport['methods']> = {};
    for (const prop of checker.getPropertiesOfType(instance)) {
      if (prop.name.startsWith('_') || prop.name.startsWith('#')) continue;
      const sigs = checker.getTypeOfSymbolAtLocation(prop, at).getCallSignatures();
      if (sigs.length) methods[prop.name] = { params: paramsOf(checker, longest(sigs), at), ...childReturn(checker, longest(sigs)) };
    }
    return { name, kind: 'class', params: paramsOf(checker, longest(construct), at), methods };
  }
  const calls = type.getCallSignatures();
  if (calls.length) return { name, kind: 'function', params: paramsOf(checker, longest(calls), at), ...childReturn(checker, longest(calls)) };
  const members: NonNullable<TypedExport['members']> = {};
  for (const prop of type.flags & ts.TypeFlags.Object ? checker.getPropertiesOfType(type) : []) {
    const sigs = checker.getTypeOfSymbolAtLocation(prop, at).getCallSignatures();
    if (sigs.length) members[prop.name] = { params: paramsOf(checker, longest(sigs), at), ...childReturn(checker, longest(sigs)) };
  }
  return { name, kind: 'value', params: [], ...(Object.keys(members).length ? { members } : {}) };
}

/** A return value shaped as a child process: a pid, kill() and its pipes, and no then(). */
function childReturn(checker: ts.TypeChecker, sig: ts.Signature): { returnsChild?: true } {
  const names = new Set(checker.getPropertiesOfType(checker.getNonNullableType(sig.getReturnType())).map((p) => p.name));
  return names.has('pid') && names.has('kill') && names.has('stdout') && !names.has('then') ? { returnsChild: true } : {};
}

const longest = (sigs: readonly ts.Signature[]) => sigs.reduce((a, b) => (b.getParameters().length > a.getParameters().length ? b : a));

function paramsOf(checker: ts.TypeChecker, sig: ts.Signature, at: ts.Node): TypedParam[] {
  return sig.getParameters().map((p) => {
    const decl = p.valueDeclaration;
    const optional = !!decl && ts.isParameter(decl) && (!!decl.questionToken || !!decl.initializer || !!decl.dotDotDotToken || checker.isOptionalParameter(decl));
    // A JavaScript parameter with no JSDoc has no type, whatever its default's shape.
    const untyped = !!decl && ts.isParameter(decl) && /\.[cm]?jsx?$/.test(decl.getSourceFile().fileName) && !ts.getJSDocType(decl);
    const typed: Omit<TypedParam, 'name' | 'optional'> = untyped ? { type: 'unknown' } : typeOf(checker, checker.getTypeOfSymbolAtLocation(p, at), at, true);
    // `{ cwd, signal } = {}` in JavaScript: the keys the function takes are the pattern's own.
    const pattern = decl && ts.isParameter(decl) && ts.isObjectBindingPattern(decl.name) ? decl.name : null;
    if (!pattern) return { name: p.name, optional, ...typed };
    const keys = pattern.elements.flatMap((e) => (e.dotDotDotToken ? [] : [(e.propertyName ?? e.name).getText()]));
    return { name: `{ ${keys.join(', ')} }`, optional, ...typed, type: 'object', keys: [...new Set([...(typed.keys ?? []), ...keys])] };
  });
}

function typeOf(checker: ts.TypeChecker, raw: ts.Type, at: ts.Node, nest: boolean): Omit<TypedParam, 'name' | 'optional'> {
  // A generic parameter (`options?: O`, O extends SpawnOptions) is read as its constraint.
  const type = checker.getNonNullableType(raw.flags & ts.TypeFlags.TypeParameter ? (checker.getBaseConstraintOfType(raw) ?? raw) : raw);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { type: 'unknown' };
  // A string, or a string among other forms of a path (execa's `file: string | URL`).
  if (type.flags & ts.TypeFlags.StringLike || (type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.StringLike) && !type.types.some((t) => checker.isArrayType(t)))) return { type: 'string' };
  if (checker.isArrayType(type) || checker.isTupleType(type) || (type.isUnion() && type.types.some((t) => checker.isArrayType(t)))) return { type: 'array' };
  if (type.getCallSignatures().length) return { type: 'function' };
  // An object, or a union of objects (options given one of several shapes): every key any takes.
  const members = type.isUnion() ? type.types : [type];
  const objects = members.filter((t) => t.flags & ts.TypeFlags.Object || t.isIntersection());
  if (objects.length === 0) return { type: 'unknown' };
  const keys = new Set<string>();
  const nested: Record<string, string[]> = {};
  const abortSignals = new Set<string>();
  for (const t of objects) {
    for (const prop of checker.getPropertiesOfType(t)) {
      keys.add(prop.name);
      const propType = checker.getTypeOfSymbolAtLocation(prop, at);
      if (checker.getNonNullableType(propType).getSymbol()?.name === 'AbortSignal') abortSignals.add(prop.name);
      if (!nest) continue;
      const inner = typeOf(checker, propType, at, false);
      if (inner.type === 'object' && inner.keys?.some((k) => OPTION_KEYS.has(k))) nested[prop.name] = [...new Set([...(nested[prop.name] ?? []), ...inner.keys])];
    }
  }
  return { type: 'object', keys: [...keys], ...(Object.keys(nested).length ? { nested } : {}), ...(nest && abortSignals.size ? { abortSignals: [...abortSignals] } : {}) };
}

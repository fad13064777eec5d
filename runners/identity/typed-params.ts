// One parameter, one key, one return value, as the TypeScript checker types it, reduced to
// what a call plan needs (identity/call-plan.ts): a string, a number, an array, an
// AbortSignal, a tagged template's strings, a function, or an object with the keys it
// takes (and, one level down, the keys of each key that is an object of spawn options);
// a return value as a promise, a child process, an async iterator of output, or an
// object whose methods go on with the call (a builder, an instance a factory made).

import ts from 'typescript';

export type ParamType = 'string' | 'number' | 'array' | 'signal' | 'template' | 'object' | 'function' | 'unknown';

export interface TypedParam {
  name: string;
  optional: boolean;
  /** `...args`: every argument from here on. */
  rest?: true;
  type: ParamType;
  /** An object's keys. */
  keys?: string[];
  /** What each key of an object holds (its keys' own keys are in `nested`). */
  keyTypes?: Record<string, ParamType>;
  /** A key that takes one of a few strings (`language: 'sh' | 'python'`): those strings. */
  literals?: Record<string, string[]>;
  /** For each key whose value is an object with keys of its own: those keys. */
  nested?: Record<string, string[]>;
  /** The keys whose value is an AbortSignal, whatever they are called (execa's `cancelSignal`). */
  abortSignals?: string[];
  /** An object's keys that are functions: an object with methods is a handle, never an options bag to leave empty. */
  methods?: string[];
  /** A key whose value is an object of one required number (`timeout: { block: number }`): that number's key. */
  wraps?: Record<string, string>;
  /** An instance of a class with a method that stops what it was handed (`killSwitch.flip()`): a kill handle, driven by the call's signal where the module exports the class. */
  handle?: { class: string; stop: string };
  /** A string the function parses as JSON (a tool call's arguments): its keys are those of the object it parses to. */
  json?: true;
}

/** What a call gives back, as far as a call plan goes on from it. */
export interface Returned {
  /** `value`: a typed result that is none of the others (a string, a plain record): computed, not run and waited on. */
  kind: 'promise' | 'child' | 'iterator' | 'object' | 'value' | 'other';
  /** An object's methods: a builder's `.signal(s)`, an instance's `run(...)`. */
  methods?: Record<string, Method>;
  /** A method that gives back the object it was called on (`this`): a builder's step. */
  chains?: boolean;
  /** Awaitable as it is (zx's ProcessPromise has both `then` and methods). */
  thenable?: boolean;
}

export interface Method {
  params: TypedParam[];
  /** The signature as the types write it, `(file: string, args: string[]): Promise<number>`, for a reader. */
  text?: string;
  returns: Returned;
  /** Whether a spawn is reachable from its body: null where no body was read (declarations). */
  spawns?: boolean | null;
  /** Its other signatures, where it has several. */
  overloads?: Method[];
}

/** A nested object is kept when it takes one of these: options passed on to a spawn. */
const OPTION_KEYS = new Set(['signal', 'timeout', 'killSignal', 'cwd', 'env', 'shell', 'detached', 'maxBuffer']);

export const longest = (sigs: readonly ts.Signature[]) => sigs.reduce((a, b) => (b.getParameters().length > a.getParameters().length ? b : a));

/** A member a caller is not meant to reach: `private`, `protected`, `#x`, or `_x` by convention. */
export function internal(symbol: ts.Symbol): boolean {
  if (symbol.name.startsWith('_') || symbol.name.startsWith('#')) return true;
  const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (!decl) return false;
  const flags = ts.getCombinedModifierFlags(decl as ts.Declaration);
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0 || /@(private|internal)\b/.test(ts.getJSDocTags(decl).map((t) => `@${t.tagName.text}`).join(' '));
}

export function paramsOf(checker: ts.TypeChecker, sig: ts.Signature, at: ts.Node): TypedParam[] {
  return sig.getParameters().map((p) => {
    const decl = p.valueDeclaration;
    const optional = !!decl && ts.isParameter(decl) && (!!decl.questionToken || !!decl.initializer || !!decl.dotDotDotToken || checker.isOptionalParameter(decl));
    // A JavaScript parameter with no JSDoc has no type, whatever its default's shape.
    const untyped = !!decl && ts.isParameter(decl) && /\.[cm]?jsx?$/.test(decl.getSourceFile().fileName) && !ts.getJSDocType(decl);
    const own: Omit<TypedParam, 'name' | 'optional'> = untyped ? { type: 'unknown' } : typeOf(checker, checker.getTypeOfSymbolAtLocation(p, at), at, true);
    const typed = (own.type === 'string' || own.type === 'unknown') && decl && ts.isParameter(decl) ? (parsedAsJson(checker, decl, at) ?? own) : own;
    // `{ cwd, signal } = {}` in JavaScript: the keys the function takes are the pattern's own.
    const pattern = decl && ts.isParameter(decl) && ts.isObjectBindingPattern(decl.name) ? decl.name : null;
    if (!pattern) return { name: p.name, optional, ...(decl && ts.isParameter(decl) && decl.dotDotDotToken ? { rest: true as const } : {}), ...typed };
    const keys = pattern.elements.flatMap((e) => (e.dotDotDotToken ? [] : [(e.propertyName ?? e.name).getText()]));
    return { name: `{ ${keys.join(', ')} }`, optional, ...typed, type: 'object', keys: [...new Set([...(typed.keys ?? []), ...keys])] };
  });
}

/**
 * A string parameter its function hands to `JSON.parse`: the object it parses to, as the
 * code types it (`JSON.parse(input) as ShellArgs`, `const a: ShellArgs = JSON.parse(input)`)
 * or destructures it (`const { command, timeout } = JSON.parse(input)`); null where no
 * such parse is in the body.
 */
function parsedAsJson(checker: ts.TypeChecker, decl: ts.ParameterDeclaration, at: ts.Node): Omit<TypedParam, 'name' | 'optional'> | null {
  const fn = decl.parent;
  const body = ts.isFunctionLike(fn) ? (fn as ts.FunctionLikeDeclaration).body : undefined;
  const symbol = ts.isIdentifier(decl.name) ? checker.getSymbolAtLocation(decl.name) : undefined;
  if (!body || !symbol) return null;
  let found: ts.CallExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n) && n.expression.getText() === 'JSON.parse' && n.arguments[0] && ts.isIdentifier(n.arguments[0]) && checker.getSymbolAtLocation(n.arguments[0]) === symbol) found = n;
    else ts.forEachChild(n, visit);
  };
  visit(body);
  if (!found) return null;
  let at1: ts.Node = found.parent;
  let typeNode: ts.TypeNode | undefined;
  while (ts.isParenthesizedExpression(at1) || ts.isAsExpression(at1) || ts.isSatisfiesExpression(at1) || ts.isTypeAssertionExpression(at1)) {
    if (!ts.isParenthesizedExpression(at1)) typeNode ??= at1.type;
    at1 = at1.parent;
  }
  if (ts.isVariableDeclaration(at1)) typeNode ??= at1.type;
  const typed = typeNode ? typeOf(checker, checker.getTypeFromTypeNode(typeNode), at, true) : null;
  const pattern = ts.isVariableDeclaration(at1) && ts.isObjectBindingPattern(at1.name) ? at1.name.elements.flatMap((e) => (e.dotDotDotToken ? [] : [(e.propertyName ?? e.name).getText()])) : [];
  const keys = [...new Set([...(typed?.type === 'object' ? (typed.keys ?? []) : []), ...pattern])];
  if (keys.length === 0) return null;
  return { ...(typed?.type === 'object' ? typed : {}), type: 'object', keys, json: true };
}

const isSignal = (t: ts.Type) => t.getSymbol()?.name === 'AbortSignal';

/** A method that stops what a handle was given, called with nothing. */
const STOP = /^(kill|killAll|abort|cancel|stop|terminate|flip|trip|trigger|fire|interrupt)$/;

/** A class instance with a public stop method: its class's name and that method. */
function handleOf(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): TypedParam['handle'] | undefined {
  const symbol = type.getSymbol();
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Class)) return undefined;
  const stop = checker.getPropertiesOfType(type).find((p) => !internal(p) && STOP.test(p.name) && checker.getTypeOfSymbolAtLocation(p, at).getCallSignatures().some((s) => s.getParameters().every((q) => q.valueDeclaration && ts.isParameter(q.valueDeclaration) && checker.isOptionalParameter(q.valueDeclaration))));
  return stop ? { class: symbol.name, stop: stop.name } : undefined;
}

function typeOf(checker: ts.TypeChecker, raw: ts.Type, at: ts.Node, nest: boolean): Omit<TypedParam, 'name' | 'optional'> {
  // A generic parameter (`options?: O`, O extends SpawnOptions) is read as its constraint.
  const type = checker.getNonNullableType(raw.flags & ts.TypeFlags.TypeParameter ? (checker.getBaseConstraintOfType(raw) ?? raw) : raw);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { type: 'unknown' };
  if (type.getSymbol()?.name === 'TemplateStringsArray') return { type: 'template' };
  // A string, or a string among other forms of a path (execa's `file: string | URL`).
  if (type.flags & ts.TypeFlags.StringLike || (type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.StringLike) && !type.types.some((t) => checker.isArrayType(t)))) return { type: 'string' };
  if (type.flags & ts.TypeFlags.NumberLike) return { type: 'number' };
  if (checker.isArrayType(type) || checker.isTupleType(type) || (type.isUnion() && type.types.some((t) => checker.isArrayType(t)))) return { type: 'array' };
  if (isSignal(type)) return { type: 'signal' };
  if (type.getCallSignatures().length) return { type: 'function' };
  // An object, or a union of objects (options given one of several shapes): every key any takes.
  const members = type.isUnion() ? type.types : [type];
  const objects = members.filter((t) => t.flags & ts.TypeFlags.Object || t.isIntersection());
  if (objects.length === 0) return { type: 'unknown' };
  const keys = new Set<string>();
  const keyTypes: Record<string, ParamType> = {};
  const literals: Record<string, string[]> = {};
  const nested: Record<string, string[]> = {};
  const abortSignals = new Set<string>();
  const methods = new Set<string>();
  const wraps: Record<string, string> = {};
  for (const t of objects) {
    for (const prop of checker.getPropertiesOfType(t)) {
      keys.add(prop.name);
      const propType = checker.getTypeOfSymbolAtLocation(prop, at);
      const bare = checker.getNonNullableType(propType);
      if (isSignal(bare)) abortSignals.add(prop.name);
      if (bare.getCallSignatures().length && !(prop.flags & ts.SymbolFlags.Optional)) methods.add(prop.name);
      if (bare.isUnion() && bare.types.every((u) => u.isStringLiteral())) literals[prop.name] = bare.types.map((u) => (u as ts.StringLiteralType).value);
      else if (bare.isStringLiteral()) literals[prop.name] = [bare.value];
      if (!nest) continue;
      const inner = typeOf(checker, propType, at, false);
      keyTypes[prop.name] = inner.type;
      const required = inner.type === 'object' ? checker.getPropertiesOfType(bare).filter((q) => !(q.flags & ts.SymbolFlags.Optional)) : [];
      if (required.length === 1 && checker.getTypeOfSymbolAtLocation(required[0], at).flags & ts.TypeFlags.NumberLike) wraps[prop.name] = required[0].name;
      // Spawn options passed on (tinyexec's `nodeOptions`), or a value wrapped in an object of one key (`timeout: { block }`).
      if (inner.type === 'object' && (inner.keys?.some((k) => OPTION_KEYS.has(k)) || inner.keys?.length === 1)) nested[prop.name] = [...new Set([...(nested[prop.name] ?? []), ...inner.keys!])];
    }
  }
  const handle = objects.length === 1 ? handleOf(checker, objects[0], at) : undefined;
  return {
    type: 'object',
    keys: [...keys],
    ...(handle ? { handle } : {}),
    ...(nest && Object.keys(keyTypes).length ? { keyTypes } : {}),
    ...(Object.keys(literals).length ? { literals } : {}),
    ...(Object.keys(nested).length ? { nested } : {}),
    ...(nest && abortSignals.size ? { abortSignals: [...abortSignals] } : {}),
    ...(methods.size ? { methods: [...methods] } : {}),
    ...(Object.keys(wraps).length ? { wraps } : {}),
  };
}

/** What a signature gives back; `depth` bounds how far a returned object's methods are read. */
export function returnOf(checker: ts.TypeChecker, sig: ts.Signature, at: ts.Node, depth = 0, spawns?: (decl: ts.Declaration | undefined) => boolean | null): Returned {
  const type = checker.getNonNullableType(sig.getReturnType());
  const props = checker.getPropertiesOfType(type);
  const names = new Set(props.map((p) => p.name));
  const thenable = names.has('then');
  if (names.has('pid') && names.has('kill') && names.has('stdout') && !thenable) return { kind: 'child' };
  if (!thenable && props.some((p) => p.name.startsWith('__@asyncIterator'))) return { kind: 'iterator' };
  const methods: Record<string, Method> = {};
  if (depth < 2 && type.flags & ts.TypeFlags.Object) {
    for (const prop of props) {
      if (internal(prop) || prop.name === 'then' || prop.name === 'catch' || prop.name === 'finally' || prop.name.startsWith('__@')) continue;
      const sigs = checker.getTypeOfSymbolAtLocation(prop, at).getCallSignatures();
      if (!sigs.length) continue;
      const read = (s: ts.Signature): Method => {
        const returns = returnOf(checker, s, at, depth + 1, spawns);
        const back = checker.getNonNullableType(s.getReturnType());
        const same = back === type || (back.getSymbol() !== undefined && back.getSymbol() === type.getSymbol()) || (back as { isThisType?: boolean }).isThisType === true;
        return { params: paramsOf(checker, s, at), text: checker.signatureToString(s, at, ts.TypeFormatFlags.NoTruncation), returns: same ? { ...returns, chains: true } : returns, ...(spawns ? { spawns: spawns(s.getDeclaration()) } : {}) };
      };
      const main = longest(sigs);
      // Each overload of a method (simple-git's raw has nine) is a way to call it.
      const others = depth === 0 ? sigs.filter((x) => x !== main).slice(0, 40).map(read) : [];
      methods[prop.name] = { ...read(main), ...(others.length ? { overloads: others } : {}) };
    }
  }
  // Untyped, void or unknown says nothing; anything else typed is a value the call computes.
  const says = !(type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never | ts.TypeFlags.TypeParameter));
  const kind: Returned['kind'] = thenable ? 'promise' : Object.keys(methods).length ? 'object' : says ? 'value' : 'other';
  return { kind, ...(Object.keys(methods).length ? { methods } : {}), ...(thenable && Object.keys(methods).length ? { thenable } : {}) };
}

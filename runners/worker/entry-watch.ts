// Whether the call entered the target. The adapter receives the verified module with its
// exported functions and classes wrapped, so the first call or construction of any of
// them is recorded: an error raised before that moment is the adapter's, never the
// target's. The wrappers call straight through with the same `this` and arguments.

type Entered = (name: string) => void;

/** Each wrapper's original. */
const originals = new WeakMap<object, unknown>();

/** Properties whose values must be returned as they are (a Proxy's own invariant). */
function fixed(obj: object, key: PropertyKey): boolean {
  const d = Reflect.getOwnPropertyDescriptor(obj, key);
  return d !== undefined && d.configurable === false && d.writable === false;
}

/** A class (not a function that happens to be constructible): calling it without `new` throws at once. */
function isClass(fn: unknown): boolean {
  try {
    return /^class[\s{]/.test(Function.prototype.toString.call(fn));
  } catch {
    return false;
  }
}

function wrapValue(value: unknown, name: string, onEnter: Entered, seen: WeakMap<object, unknown>): unknown {
  if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) return value;
  const cached = seen.get(value);
  if (cached) return cached;
  const proxy: object = new Proxy(value, {
    apply(fn, thisArg, args) {
      // A class called without `new` is refused by the language before any of its code
      // runs: that is the caller's mistake, so it is not an entry (the TypeError then
      // names the adapter's line).
      if (!isClass(fn)) onEnter(name);
      // Called as a method of a wrapped export, it gets the export itself as `this`, so
      // private fields and brand checks see the object they belong to.
      return Reflect.apply(fn as (...a: unknown[]) => unknown, originals.get(thisArg) ?? thisArg, args);
    },
    construct(cls, args, newTarget): object {
      onEnter(name);
      // `new Wrapped()` builds the class itself; a subclass of the wrapper keeps its own.
      return Reflect.construct(cls as new (...a: unknown[]) => object, args, (newTarget === proxy ? cls : newTarget) as new (...a: unknown[]) => object);
    },
    get(obj, key, receiver) {
      const inner = Reflect.get(obj, key, receiver === proxy ? obj : receiver);
      // A function's prototype and constructor stay themselves, so instanceof and
      // subclassing see the real class.
      if (typeof key === 'symbol' || key === 'prototype' || key === 'constructor' || fixed(obj, key)) return inner;
      return typeof inner === 'function' ? wrapValue(inner, `${name}.${key}`, onEnter, seen) : inner;
    },
  });
  seen.set(value, proxy);
  originals.set(proxy, value);
  return proxy;
}

/** A module namespace's exports, each wrapped: a plain object, since a namespace is sealed. */
function wrapModule(mod: Record<string, unknown>, prefix: string, onEnter: Entered, seen: WeakMap<object, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(mod)) out[key] = wrapValue(mod[key], `${prefix}${key}`, onEnter, seen);
  return out;
}

/**
 * The target as the adapter sees it: one module, or several by name (`{ client, stdio }`),
 * each export wrapped. `onEnter` receives the export's name (`execFile`, `client.Client`).
 */
export function watchEntry(target: unknown, named: boolean, onEnter: Entered): unknown {
  const seen = new WeakMap<object, unknown>();
  if (!named) return wrapModule(target as Record<string, unknown>, '', onEnter, seen);
  const out: Record<string, unknown> = {};
  for (const [name, mod] of Object.entries(target as Record<string, Record<string, unknown>>)) out[name] = wrapModule(mod, `${name}.`, onEnter, seen);
  return out;
}

function lacks(target: unknown, name: string): boolean {
  let value: unknown = target;
  for (const part of name.split('.')) {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return true;
    value = (value as Record<string, unknown>)[part];
  }
  return value === undefined;
}

/**
 * The names in `uses` the target does not export: `execa`, or `client.Client` for a
 * named entry; `execa|default` is either (one API exported two ways across versions).
 */
export function missingExports(uses: readonly string[], target: unknown): string[] {
  return uses.filter((use) => use.split('|').every((name) => lacks(target, name)));
}

/** What a trial and `verify` say of exports the adapter uses and the target lacks. */
export function lacking(missing: string[], exports: string[]): string {
  return `${missing.join(', ')} (it exports: ${exports.slice(0, 12).join(', ') || 'nothing'})`;
}

// Module hooks for a trial worker (they run on Node's loader thread, so plain JavaScript).
// They report every module loaded, serve the run's transpiled copy of each verified
// TypeScript file, resolve the copy's own imports as TypeScript resolved them when it was
// pinned (`./x.js` naming x.ts, a tsconfig path), and let its bare imports resolve from
// where the pinned files came from, so its dependencies are found (and listed as unverified).

let port;
let materialUrl = null;
let originalRootUrl = null;
let transpiled = {};
let resolved = {};

export function initialize(data) {
  port = data.port;
  materialUrl = data.materialUrl;
  originalRootUrl = data.originalRootUrl;
  transpiled = data.transpiled ?? {};
  resolved = data.resolved ?? {};
}

function isBare(specifier) {
  return !/^(\.{1,2}\/|\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL;
  const mapped = parent ? resolved[parent]?.[specifier] : undefined;
  if (mapped) return { url: mapped, shortCircuit: true };
  if (materialUrl && originalRootUrl && parent?.startsWith(materialUrl) && isBare(specifier)) {
    const stand = originalRootUrl + parent.slice(materialUrl.length);
    return nextResolve(specifier, { ...context, parentURL: stand });
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  port.postMessage(url);
  const js = transpiled[url];
  if (js) {
    const { readFileSync } = await import('node:fs');
    return { format: 'module', source: readFileSync(js, 'utf8'), shortCircuit: true };
  }
  return nextLoad(url, context);
}

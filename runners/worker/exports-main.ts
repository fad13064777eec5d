// `childproof verify`'s look at what an adapter calls: in a process of its own, load the
// adapter and its verified target as a trial would, and write which of the exports the
// adapter declares in `uses` the target lacks. Nothing is called.

import fs from 'node:fs';
import { missingExports } from './entry-watch.ts';
import { loadAdapter, loadTarget, watchModules } from './load-target.ts';
import type { ExportsCheck, ExportsCheckSpec } from './messages.ts';

process.execArgv = process.execArgv.filter((a) => a !== '--expose-internals');

const spec: ExportsCheckSpec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

async function check(): Promise<ExportsCheck> {
  watchModules(spec.target, spec.hooks);
  let uses: readonly string[];
  try {
    uses = (await loadAdapter(spec.adapterPath)).uses;
  } catch (err) {
    return { uses: [], missing: [], error: `the adapter could not be loaded: ${(err as Error).message}` };
  }
  try {
    const target = await loadTarget(spec.target);
    return { uses, missing: missingExports(uses, target), exports: Object.keys(target as object) };
  } catch (err) {
    return { uses, missing: [], error: `the target could not be loaded: ${(err as Error).message}` };
  }
}

process.stdout.write(JSON.stringify(await check()));
process.exit(0);

// Whether each probe's target has every export its adapter declares in `uses`: each
// adapter and its verified copy loaded in a process of its own (worker/exports-main.ts),
// as a trial loads them, and nothing called. What `verify` adds to checking the bytes.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scriptArgv, type Runtime } from '../identity/runtime.ts';
import { LOADER_HOOKS } from '../model/paths.ts';
import type { ExportsCheck, ExportsCheckSpec } from '../worker/messages.ts';
import { buildAdapters, buildExportsCheck } from './bundle.ts';
import { prepareProbes, type Sources } from './prepare.ts';
import { readExportsCheck, writeExportsCheckSpec } from './trial-messages.ts';
import { withoutStartCosts } from './trial-env.ts';
import { lacking } from '../worker/entry-watch.ts';
import { adapterFile, displayBase, targetSpec } from './adapter-target.ts';
import type { LoadedProbe } from '../model/probe.ts';

interface ExportsFinding {
  probe: LoadedProbe;
  /** The adapter's file as shown to the user. */
  adapter: string;
  uses: readonly string[];
  /** What stopped the check (the adapter or the target did not load). */
  error?: string;
  /** The exports it uses and the target lacks, with what the target does export. */
  lacking?: string;
  /** Those exports, by name. */
  missing?: string[];
  /** The functions one level into the target's exported objects (`utils.spawnAsync`). */
  members?: string[];
  /** What the target exports, as loaded. */
  exports?: string[];
  /** The start of each loaded function's source, by name: its parameters, for init. */
  heads?: Record<string, string>;
}

/** Runs the check on `spec`; its answer, or why there is none. */
function runCheck(runtime: Runtime, script: string, dir: string, i: number, spec: Omit<ExportsCheckSpec, 'protocol' | 'out'>): Promise<Omit<ExportsCheck, 'protocol'>> {
  const specFile = path.join(dir, `check-${i}.json`);
  const out = path.join(dir, `check-${i}.answer.json`);
  writeExportsCheckSpec(specFile, { ...spec, out });
  return new Promise((resolve) => {
    // It imports the target as a trial's worker does, and starts as one does (engine/trial-env.ts).
    execFile(runtime.execPath, scriptArgv(runtime, script, [specFile], ['--expose-internals']), { cwd: dir, timeout: 60_000, env: withoutStartCosts(process.env) }, (err, _stdout, stderr) => {
      const read = readExportsCheck(out);
      if (read && 'output' in read) return resolve(read.output);
      const why = read ? `its answer was refused: ${read.refused}` : (stderr || String(err)).trim().split('\n').slice(-1)[0];
      resolve({ uses: [], missing: [], error: `the check did not finish: ${why}` });
    });
  });
}

/** Verified probes only: a probe that cannot be verified or run here is not checked. */
export async function checkExports(probes: LoadedProbe[], sources: Sources, runtime: Runtime): Promise<ExportsFinding[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'childproof-verify-'));
  try {
    // A program's probe has no adapter, and so no exports to check.
    const prepared = prepareProbes(probes, sources, dir, runtime).filter((p) => !p.unavailable && !p.unsupported && p.probe.spec.adapter);
    const adapters = buildAdapters(prepared.map((p) => adapterFile(p.probe)));
    const script = buildExportsCheck();
    return await Promise.all(
      prepared.map(async (p, i): Promise<ExportsFinding> => {
        const source = adapterFile(p.probe);
        const shown = path.relative(displayBase(source), source).split(path.sep).join('/');
        const built = adapters.get(source)!;
        if ('error' in built) return { probe: p.probe, adapter: shown, uses: [], error: built.error };
        const found = await runCheck(runtime, script, dir, i, { adapterPath: built.file, hooks: LOADER_HOOKS, target: targetSpec(p) });
        if (found.error) return { probe: p.probe, adapter: shown, uses: found.uses, error: found.error };
        if (found.missing.length) return { probe: p.probe, adapter: shown, uses: found.uses, lacking: lacking(found.missing, found.exports ?? []), missing: found.missing, members: found.members ?? [], exports: found.exports ?? [], heads: found.heads ?? {} };
        return { probe: p.probe, adapter: shown, uses: found.uses, exports: found.exports ?? [], members: found.members ?? [], heads: found.heads ?? {} };
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// `childproof verify`: checks probes' identities, then that each target has the exports
// its adapter declares it uses. It calls nothing: the check imports the adapter and the
// verified target in a process of their own, as a trial would, and looks. With
// --statement, it checks an attestation instead (cli/verify-statement.ts).

import { checkExports } from '../engine/exports-check.ts';
import { probeProblems } from '../identity/citations.ts';
import { fetchTargets } from '../identity/fetch-targets.ts';
import { parseSources, sourceFor } from '../engine/prepare.ts';
import { verifyTargets } from '../identity/prepare-target.ts';
import { runtimeUnsupported } from '../identity/target-fit.ts';
import { hostRuntime, runtimeFromFlags, type Runtime } from '../identity/runtime.ts';
import { EXIT, InputError, IntegrityError } from '../model/errors.ts';
import { loadAllCases } from '../model/load-cases.ts';
import type { LoadedProbe } from '../model/probe.ts';
import { chosenProbes } from '../model/selection.ts';
import { parse, string, strings } from './args.ts';
import { verifyStatement } from './verify-statement.ts';
import { calibrate, kept } from './init-calibrate.ts';
import { stopped } from './stop.ts';

export async function cmdVerify(args: string[]): Promise<number> {
  const { values } = parse(args, {
    probe: { type: 'string', multiple: true },
    source: { type: 'string', multiple: true },
    node: { type: 'string' }, runtime: { type: 'string' },
    statement: { type: 'string' }, report: { type: 'string' }, pub: { type: 'string' },
    'no-require-signature': { type: 'boolean' }, 'any-childproof': { type: 'boolean' },
    calibrate: { type: 'boolean' },
  });
  if (values.statement !== undefined) {
    if (values.node !== undefined || values.runtime !== undefined) throw new InputError(['--statement checks the runtime the statement names: give no --node or --runtime']);
    return verifyStatement(string(values.statement)!, {
      report: string(values.report),
      pub: string(values.pub),
      sources: strings(values.source),
      probes: strings(values.probe),
      requireSignature: values['no-require-signature'] !== true,
      anyChildproof: values['any-childproof'] === true,
    });
  }
  const withStatement = (['report', 'pub', 'no-require-signature', 'any-childproof'] as const).find((k) => values[k] !== undefined);
  if (withStatement) throw new InputError([`--${withStatement} goes with --statement F`]);
  const probes = chosenProbes(strings(values.probe));
  // What validate refuses in a probe, verify refuses too, in the same words.
  const cases = loadAllCases();
  const wrong = probes.flatMap((p) => probeProblems(p, cases, true));
  if (wrong.length) throw new InputError(wrong);
  const sources = parseSources(strings(values.source), probes.map((p) => p.spec.name));
  const runtime = runtimeFromFlags(values);
  await fetchTargets(probes.filter((p) => !p.atVersion && !sources.byProbe[p.spec.name]));
  for (const v of verifyTargets(probes, (p) => sourceFor(sources, p), runtime)) {
    const name = v.probe.spec.name.padEnd(24);
    if (v.status === 'unavailable') {
      process.stdout.write(`unavailable  ${name} ${v.reason}\n`);
      continue;
    }
    const elsewhere = runtimeUnsupported(v.probe, { name: runtime.name, release: runtime.release });
    if (elsewhere) {
      process.stdout.write(`unsupported  ${name} ${elsewhere}\n`);
      continue;
    }
    const w = v.verified;
    const what =
      w.kind === 'builtin'
        ? `${w.module} in ${w.runtime && !w.runtime.startsWith('node ') ? w.runtime : `node ${w.node}`} (binary sha256 ${w.nodeSha256})`
        : `${w.files.length} file(s) from ${w.source}${w.commit ? ` at ${w.commit}` : ''}${w.package ? ` of ${w.package.name}@${w.package.version}` : ''}`;
    process.stdout.write(`verified     ${name} ${w.kind}: ${what}\n`);
  }
  const problems: string[] = [];
  for (const f of await checkExports(probes, sources, runtime)) {
    if (f.error) problems.push(`${f.adapter}: ${f.error}`);
    else if (f.lacking) problems.push(`${f.adapter}: /uses: expected only exports of the target, but it lacks ${f.lacking}`);
    else if (f.uses.length === 0) process.stdout.write(`unchecked    ${f.probe.spec.name.padEnd(24)} ${f.adapter} declares no uses: the exports it calls are checked only when a trial calls them\n`);
    else process.stdout.write(`exports      ${f.probe.spec.name.padEnd(24)} ${f.uses.join(', ')}\n`);
  }
  if (problems.length) throw new InputError(problems);
  return values.calibrate === true ? reportCalibration(probes, runtime) : EXIT.ok;
}

/**
 * `verify --calibrate`: each probe's calibration trials run, and for every option it
 * declares, whether a trial showed it reach the target; exit 1 when one was seen not to
 * (its cases would be unsupported in every run, cases/INTERPRETING.md, Calibration).
 */
async function reportCalibration(probes: LoadedProbe[], runtime: Runtime): Promise<number> {
  let fine = true;
  for (const probe of probes.filter((p) => p.spec.adapter && !runtimeUnsupported(p, { name: runtime.name, release: runtime.release }))) {
    const found = await calibrate(probe, runtime);
    if (found.interrupted) return stopped('the calibration did not finish');
    for (const o of found.options) {
      if (!kept(o)) fine = false;
      // The cwd is every call's, declared or not: an adapter that drops it fails here too.
      process.stdout.write(`calibrated   ${probe.spec.name.padEnd(24)} ${o.option.padEnd(12)} ${o.state === 'not observable' ? 'not observable' : kept(o) ? 'reaches' : 'does not reach'}: ${o.how}\n`);
    }
  }
  return fine ? EXIT.ok : EXIT.notAsExpected;
}

/**
 * A probe just written (by init, or pin --update): its pins verified, then its target's
 * exports checked against what the adapter uses. Returns how many files were verified and
 * what is wrong with the exports, if anything; a pin that does not verify throws.
 */
export async function verifyWritten(probe: LoadedProbe): Promise<{ files: number; exportsProblem: string | null; missing: string[]; members: string[]; exports: string[]; heads: Record<string, string> }> {
  const [v] = verifyTargets([probe], () => undefined, hostRuntime());
  if (v.status === 'unavailable') throw new IntegrityError([v.reason]);
  const [exports] = await checkExports([probe], { byProbe: {} }, hostRuntime());
  const problem = exports?.error ?? (exports?.lacking ? `uses ${exports.lacking}, which the target does not export` : null);
  return { files: v.verified.files.length, exportsProblem: problem ? `${exports!.adapter}: ${problem}` : null, missing: exports?.missing ?? [], members: exports?.members ?? [], exports: exports?.exports ?? [], heads: exports?.heads ?? {} };
}

// `childproof bless REPORT...`: records reports' failures as the named probes' known
// divergences, judging each report again from its observations first, and says what it
// added, removed and changed, and any hang it now accepts.

import { EXIT, InputError } from '../model/errors.ts';
import { loadAllCases } from '../model/load-cases.ts';
import { loadProbes } from '../model/load-probes.ts';
import { display } from '../model/files.ts';
import { divergencesFrom, newHangs, writeDivergences } from '../report/bless-divergences.ts';
import { readReport } from '../report/report-file.ts';
import { rejudgeReport } from '../report/rejudge.ts';
import { blessChangeLines, blessChanges, changeCounts } from '../report/bless-changes.ts';
import { parse, string, strings } from './args.ts';

export function cmdBless(args: string[]): number {
  const { values, positionals } = parse(args, { probe: { type: 'string', multiple: true }, why: { type: 'string' } }, { min: 1, max: Infinity, what: 'bless takes one or more report files' });
  const stored = positionals.map((file) => ({ file, report: readReport(file) }));
  const named = strings(values.probe);
  const probes = loadProbes(named.length ? named : [...new Set(stored.flatMap(({ report }) => report.probes.map((p) => p.name)))]);
  const cases = loadAllCases();
  const reports = stored.map(({ file, report }) => {
    const r = rejudgeReport(report, cases, probes, (t) => probes.some((p) => p.spec.name === t.probe));
    const stale = r.trials.flatMap((t) => (t.status === 'cannot judge' ? [`${file}: ${t.probe} ${t.case}: cannot be blessed: ${t.why}`] : []));
    if (stale.length) throw new InputError(stale);
    return r.report;
  });
  const why = string(values.why);
  for (const probe of probes) {
    if (!reports.some((r) => r.probes.some((p) => p.name === probe.spec.name))) {
      throw new InputError([`no report has trials of probe ${probe.spec.name}`]);
    }
    const generated = new Set<string>();
    const observed = new Set(probe.explanations.filter((e) => e.observation).map((e) => e.why));
    const divergences = divergencesFrom(reports, probe.spec.name, (sentence) => why ?? (generated.add(sentence), sentence), probe.knownDivergences, observed);
    writeDivergences(probe, divergences, generated);
    const changes = blessChanges(probe.knownDivergences, divergences);
    process.stdout.write(`${probe.spec.name}: ${divergences.length} known divergence(s) written to ${display(probe.divergencesFile)}: ${changeCounts(changes)}\n`);
    for (const line of blessChangeLines(changes)) process.stdout.write(`${line}\n`);
    // A hang accepted is a call that never settles, and CI will stay green on it: said aloud.
    for (const h of newHangs(probe.knownDivergences, divergences)) process.stdout.write(`  accepts a new hang: ${h.case} never settled${h.runtime ? ` on ${h.runtime}` : ''}\n`);
  }
  return EXIT.ok;
}

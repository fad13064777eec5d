// `check` on a package childproof already has a probe for writes its own probe with no
// help (from the package's types, or its parameters' names) and gets the clause table the
// built-in probe gets: each clause's cell equal over the cases both ran, and every case
// only the built-in ran is one the written probe does not claim to support.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLAUSES } from '../../runners/model/clauses.ts';
import { readReport } from '../../runners/report/report-file.ts';
import { cellWords, verdictCell } from '../../runners/report/verdict.ts';
import { cliInstalling, tempDir } from '../support/helpers.ts';
import { concurrent, finish } from '../support/suite.ts';

// execa's options are typed (its signal is `cancelSignal`), nano-spawn's too, and
// cross-spawn has no types: its call is read from its parameters' names, and it returns
// a child process, settled on its 'close'.
const PACKAGES = [
  ['nano-spawn', '2.1.0'],
  ['execa', '9.6.1'],
  ['cross-spawn', '7.0.6'],
] as const;

for (const [name, version] of PACKAGES) {
  concurrent(test, `check ${name}@${version} gives the clause table of the built-in ${name} probe`, async () => {
    const dir = tempDir('childproof-check-builtin-');
    // The package may be installed first, and check runs its calibration and the core cases: the longer limit.
    const check = await cliInstalling('check', `${name}@${version}`, '--probe-dir', path.join(dir, 'made'), '--out', path.join(dir, 'check.json'));
    assert.ok(check.code === 0 || check.code === 1, check.stderr);
    // The written probe's trials are the check's own run, kept by --out; the built-in's are run beside them.
    const run = await cliInstalling('run', '--probe', name, '--case', 'core', '--case', 'control', '--out', path.join(dir, 'builtin.json'), '--quiet', '--allow-skipped');
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    const [checked, builtinRun] = [readReport(path.join(dir, 'check.json')), readReport(path.join(dir, 'builtin.json'))];
    assert.equal(checked.probes.map((p) => p.name), ['made'], 'the check kept the report of its own run');
    const report = { ...builtinRun, probes: [...checked.probes, ...builtinRun.probes], trials: [...checked.trials, ...builtinRun.trials] };
    const ran = (probe: string) => new Set(report.trials.filter((t) => t.probe === probe && t.outcome !== 'unsupported').map((t) => t.case));
    const [made, builtin] = [ran('made'), ran(name)];
    assert.equal([...made].filter((c) => !builtin.has(c)), [], 'the written probe runs nothing the built-in does not');
    const supports = new Set(JSON.parse(fs.readFileSync(path.join(dir, 'made', 'probe.json'), 'utf8')).supports);
    // A control for probes without a signal is not run by one with it (cases/INTERPRETING.md, onlyWithout).
    for (const t of report.trials.filter((x) => x.probe === 'made' && x.outcome === 'unsupported' && builtin.has(x.case) && !/this control is for a probe without/.test(x.reason ?? ''))) {
      const feature = /does not support (\S+)/.exec(t.reason ?? '')?.[1];
      assert.ok(feature && !supports.has(feature), `${t.case}: unsupported for a feature the written probe does not claim (${t.reason}; it supports ${[...supports].join(', ')})`);
    }
    const both = (probe: string) => report.trials.filter((t) => t.probe === probe && made.has(t.case));
    for (const clause of CLAUSES) {
      assert.is(cellWords(verdictCell(report, both('made'), clause)), cellWords(verdictCell(report, both(name), clause)), `${clause}`);
    }
  });
}

finish(test);

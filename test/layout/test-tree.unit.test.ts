// test/ mirrors runners/: each test file sits in the folder of what it tests, and its name
// says its tier: `.unit` (pure: it starts no process), `.process` (real processes) or
// `.full` (the full tier, in CI). test/support is the one place for setups.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, RUNNERS_DIR } from '../../runners/model/paths.ts';
import { finish } from '../support/suite.ts';

const TEST_DIR = path.join(ROOT, 'test');

/** Folders of test/ that test no one folder of runners/: behaviour families run end to end
 *  (trials), the tree itself (layout), and the suite's own machinery (suite). */
const BEYOND_RUNNERS = ['trials', 'layout', 'suite'];
/** Folders of test/ that hold no tests: setups, and the inputs the tests are given. */
const NOT_TESTS = ['support', 'corpus', 'cases', 'probes', 'types'];
const TIERS = ['unit', 'process', 'full'];

/** Helpers and modules that start processes: a unit test imports none of them. */
const STARTS_PROCESSES = /\b(?:startFixture|exitOf|shellInRunning|cliIn|cliWith|cliInRunning|cliWithRunning|cliInstalling|inSlot|eager|concurrent|runPipeline|runTrials|runInRunner)\b|'node:child_process'|'zx'/;
/** The verbs support/helpers.ts runs in this process; `cli` runs any other as a real command. */
const IN_PROCESS_VERBS = ['validate', 'render', 'judge', 'compare', 'list', 'verify', 'publish', 'merge', '--version'];

/** Tests that run trials on their own main thread, and why: each other runs them in the
 *  runner process (support/runner-process.ts), where no test's synchronous work holds the runner. */
const RUNS_IN_PROCESS: Record<string, string> = {
  'identity/pinned-identity.process.test.ts': "acts on the run's start event at once, before the trial imports its target",
};

/** What is wrong with where a test file sits and what it is named, for each one wrong. */
function misplaced(files: Array<{ rel: string; text: string }>, runnersFolders: string[]): string[] {
  return files.flatMap(({ rel, text }) => {
    const [folder, ...rest] = rel.split('/');
    if (NOT_TESTS.includes(folder)) return [];
    const problems: string[] = [];
    if (rest.length !== 1) problems.push('expected test/FOLDER/NAME.TIER.test.ts');
    else if (!runnersFolders.includes(folder) && !BEYOND_RUNNERS.includes(folder)) problems.push(`${folder}/ is no folder of runners/`);
    const tier = /\.(\w+)\.test\.ts$/.exec(rel)?.[1];
    if (!tier || !TIERS.includes(tier)) problems.push(`expected its tier in its name (${TIERS.map((t) => `.${t}`).join(', ')})`);
    if (/\b(?:runPipeline|runTrials)\(/.test(text) && !RUNS_IN_PROCESS[rel]) problems.push('runs trials on its own main thread, not in the runner process');
    if (tier === 'unit') {
      const imports = text.split('\n').filter((l) => /^import\b|^\} from /.test(l)).join('\n');
      if (STARTS_PROCESSES.test(imports)) problems.push('a unit test imports what starts processes');
      for (const [, verb] of text.matchAll(/\bcli\(\s*'([^']+)'/g)) if (!IN_PROCESS_VERBS.includes(verb)) problems.push(`a unit test runs \`${verb}\` as a command line`);
    }
    return problems.map((p) => `test/${rel}: ${p}`);
  });
}

test('every test file sits in the folder of what it tests, its tier in its name; a unit test starts no process; trials run in the runner process', () => {
  const rels = fs.readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/')).filter((f) => f.endsWith('.test.ts'));
  const files = rels.map((rel) => ({ rel, text: fs.readFileSync(path.join(TEST_DIR, rel), 'utf8') }));
  assert.ok(files.length > 90, `${files.length} test files read`);
  assert.equal(misplaced(files, fs.readdirSync(RUNNERS_DIR)), []);
  // Every tier is there, and every folder of test/ is one the lists above name.
  for (const tier of TIERS) assert.ok(rels.some((r) => r.endsWith(`.${tier}.test.ts`)), tier);
  const folders = fs.readdirSync(TEST_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  assert.equal(folders.filter((f) => ![...fs.readdirSync(RUNNERS_DIR), ...BEYOND_RUNNERS, ...NOT_TESTS].includes(f)), []);
  // And the check can fail: a flat file, a folder runners/ lacks, a name with no tier, a unit test that spawns.
  const made = [
    { rel: 'facts.test.ts', text: '' },
    { rel: 'verbs/run.process.test.ts', text: '' },
    { rel: 'judge/facts.test.ts', text: '' },
    { rel: 'judge/a.unit.test.ts', text: "import { spawn } from 'node:child_process';\n" },
    // (Spelt so that this file's own text is no such call.)
    { rel: 'cli/b.unit.test.ts', text: `import { cli } from '../support/helpers.ts';\nawait ${'cli'}('run', '--probe', 'x');\n` },
    { rel: 'cli/c.unit.test.ts', text: "import { cli } from '../support/helpers.ts';\nawait cli('render', 'r.json');\n" },
    { rel: 'trials/d.process.test.ts', text: `const run = eager(() => ${'runPipeline'}({ probes, cases }));\n` },
  ];
  assert.equal(misplaced(made, ['judge', 'cli']).map((p) => p.split(':')[0]), ['test/facts.test.ts', 'test/facts.test.ts', 'test/verbs/run.process.test.ts', 'test/judge/facts.test.ts', 'test/judge/a.unit.test.ts', 'test/cli/b.unit.test.ts', 'test/trials/d.process.test.ts']);
});

finish(test);

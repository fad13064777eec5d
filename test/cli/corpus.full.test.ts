// The calls people write, one small package of ours per shape (test/corpus/README.md):
// `init` with no file written by hand gives each a probe whose control reaches the target
// and whose calibration says which options reached, every adapter it writes typechecks
// against the target's types, and where no call can be shown to reach the target it
// writes a skeleton, exits 2 naming the line, and takes the probe once that line is done.

import fs from 'node:fs';
import path from 'node:path';
import { $ } from 'zx';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bounded } from '../support/bounded.ts';
import { cliIn, cliInRunning, inSlot, ROOT, tempDir } from '../support/helpers.ts';
import { concurrent, finish } from '../support/suite.ts';

const CORPUS = path.join(ROOT, 'test', 'corpus');

/** Each shape, its entry, and what calibration leaves in "supports". */
const WORKS: Record<string, { entry: string; supports: string[]; form: RegExp; flags?: string[] }> = {
  'object-command': { entry: 'index.ts', supports: ['signal', 'timeout', 'exit-status'], form: /execute\(\{ command: call\.file, args: call\.args,.*timeoutMs: call\.timeout/ },
  'code-runner': { entry: 'index.ts', supports: ['timeout', 'exit-status', 'shell'], form: /language: "sh", code: commandLine\(call\)/ },
  'hook-config': { entry: 'index.ts', supports: ['timeout', 'exit-status', 'shell'], form: /executeHook\(\{ command: commandLine\(call\).*\}, '', undefined\)/ },
  'signal-first': { entry: 'index.mjs', supports: ['signal', 'timeout', 'exit-status', 'shell'], form: /shell\(call\.signal, commandLine\(call\), call\.timeout\)/ },
  'constructor-signal': { entry: 'index.ts', supports: ['signal', 'timeout', 'exit-status'], form: /new target\.Executor\(\{.*signal: call\.signal.*\}\)\.run\(call\.file, call\.args\)/ },
  builder: { entry: 'index.ts', supports: ['signal', 'timeout', 'exit-status'], form: /built = built\.signal\(call\.signal\).*built\.run\(\)/ },
  'exec-callback': { entry: 'index.js', supports: ['timeout', 'killSignal', 'exit-status', 'shell'], form: /new Promise\(\(resolve, reject\) => \{ target\.exec\(commandLine\(call\),.*reject\(error\)/ },
  'argv-array': { entry: 'index.ts', supports: ['signal', 'timeout', 'exit-status'], form: /run\(\[call\.file, \.\.\.call\.args\]/ },
  'tagged-template': { entry: 'index.ts', supports: ['signal', 'timeout', 'exit-status'], form: /target\.\$\(\.\.\.tagged\(\[call\.file, \.\.\.call\.args\]\)\)/ },
  'git-wrapper': { entry: 'index.ts', supports: ['signal', 'timeout', 'exit-status'], form: /simpleRunner\(\{ binary: call\.file,.*\{ block: call\.timeout \}.*\.raw\(call\.args\)/ },
  'factory-class': { entry: 'index.ts', supports: ['signal', 'timeout', 'killSignal', 'exit-status'], form: /createRunner\(\{ cwd: call\.cwd \}\)\.exec\(call\.file/ },
  'line-generator': { entry: 'index.ts', supports: ['signal', 'timeout', 'exit-status'], form: /drained\(target\.lines\(/ },
  'untyped-positional': { entry: 'index.js', supports: ['signal', 'timeout', 'killSignal', 'exit-status'], form: /target\.default\(call\.file, call\.args,/ },
  'json-tool': { entry: 'index.ts', supports: ['signal', 'timeout', 'exit-status'], form: /target\.shellTool\.invoke\(jsonArguments\(\{ command: call\.file, args: call\.args, \.\.\.definedOnly\(\{ timeout_ms: call\.timeout \}\) \}\), \{ \.\.\.definedOnly\(\{ signal: call\.signal \}\) \}\)/ },
  'pool-constructor': { entry: 'index.ts', flags: ['--construct', '[2, { "label": "trials" }]'], supports: ['signal', 'timeout', 'exit-status'], form: /new target\.WorkerPool\(2, \{"label":"trials"\}\)\.run\(call\.file, call\.args, \{ \.\.\.definedOnly\(\{ signal: call\.signal, timeout: call\.timeout \}\) \}\)/ },
  'kill-controller': { entry: 'index.ts', supports: ['signal', 'exit-status'], form: /const killSwitch = new target\.KillSwitch\(\);.*target\.launch\(\{ exe: call\.file, argv: call\.args \}, killSwitch\).*const stop = \(\) => killSwitch\.flip\(\);.*addEventListener\('abort', stop.*finally\(\(\) => call\.signal\?\.removeEventListener\('abort', stop\)\)/ },
};

/**
 * The type errors of an adapter, checked as the user's editor would, against the target's
 * own types: by tsc in a process of its own, in a slot like every command line, so that
 * checking fifteen adapters never holds this process's event loop (and its bounds) still.
 */
async function typeErrors(adapter: string): Promise<string[]> {
  const config = path.join(path.dirname(adapter), 'tsconfig.check.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        allowJs: true,
        allowImportingTsExtensions: true,
        skipLibCheck: true,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules', '@types')],
        paths: { childproof: [path.join(ROOT, 'runners', 'model', 'adapter.ts')] },
      },
      files: [adapter],
    }),
  );
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = await inSlot(() => bounded(`tsc on ${adapter}`, $({ nothrow: true, quiet: true })`${process.execPath} ${tsc} -p ${config} --pretty false`));
  return r.stdout.split('\n').filter((l) => /error TS\d+/.test(l)).map((l) => l.replace(/^.*[\\/]/, ''));
}

/** A copy of one shape's package, where init is run on it. */
function copyOf(shape: string): string {
  const root = tempDir('childproof-corpus-');
  fs.cpSync(path.join(CORPUS, shape), path.join(root, shape), { recursive: true });
  return root;
}

// init and verify --calibrate run the calibration's trials: a suite's length under load, as check's (support/helpers.ts).
for (const [shape, s] of Object.entries(WORKS)) {
  concurrent(test, `${shape}: init writes a call that reaches the target, shows it as one line, and calibrates what reached`, async () => {
    const root = copyOf(shape);
    const init = await cliInRunning(root, 'init', 'made', '--file', path.join(shape, s.entry), ...(s.flags ?? []));
    assert.is(init.code, 0, init.stderr + init.stdout);
    const line = /childproof: the call: (.*)/.exec(init.stderr)?.[1] ?? '';
    assert.match(line, s.form, init.stderr);
    const probe = JSON.parse(fs.readFileSync(path.join(root, 'made', 'probe.json'), 'utf8'));
    assert.equal(probe.supports, s.supports, init.stdout);
    for (const option of s.supports.filter((o) => o === 'signal' || o === 'timeout')) assert.is(probe.calibration[option].state, 'reached', `${option}: ${init.stdout}`);
    assert.equal(await typeErrors(path.join(root, 'made', 'adapter.ts')), []);
    // The control, run as any user runs it: the call entered the target and the command ran.
    const run = await cliIn(root, 'run', '--probe', 'made', '--case', 'control/plain-call', '--out', 'report.json', '--quiet');
    const [trial] = JSON.parse(fs.readFileSync(path.join(root, 'report.json'), 'utf8')).trials;
    assert.is(trial.outcome, 'pass', run.stdout + run.stderr);
    assert.ok(trial.observations.fixtures.records.length > 0, 'the case\'s command recorded itself');
  });
}

const TODO = /^ *\/\/ TODO\(childproof\):.*\n(.*\n)*? *throw new Error\('adapter\.ts is a skeleton.*\n/m;

concurrent(test, 'a handle the module gives no class to make has no call a reader can be sure of: a skeleton, exit 2, taken once its line is written', async () => {
  const root = copyOf('session-handle');
  const init = await cliInRunning(root, 'init', 'made', '--file', 'session-handle/index.ts');
  assert.is(init.code, 2, init.stderr);
  const adapter = path.join(root, 'made', 'adapter.ts');
  const text = fs.readFileSync(adapter, 'utf8');
  const at = text.split('\n').findIndex((l) => l.includes('// TODO(childproof):')) + 1;
  assert.match(init.stderr, `finish the call at made/adapter.ts:${at}`);
  assert.match(init.stderr, /session: a handle with methods/);
  assert.not.match(init.stderr, /calling it as its parameters are named/, 'names read from the loaded source give no value the types refused');
  assert.match(text, /runIn\(session: Session, command: string, args: string\[\], signal\?: AbortSignal\): Promise<number>/, 'the real signature, in a comment');
  assert.equal(await typeErrors(adapter), []);
  for (const verb of [['run', '--probe', 'made', '--case', 'core/success'], ['verify', '--probe', 'made'], ['pin', '--update', 'made']]) {
    const refused = await cliIn(root, ...verb);
    assert.is(refused.code, 2, `${verb[0]}: ${refused.stderr}`);
    assert.match(refused.stderr, `made/adapter.ts:${at}: expected a finished adapter`);
  }
  // Finished as a person would: a session opened for the call, and closed after it.
  const call = `const session = target.openSession();
    try {
      return await target.runIn(session, call.file, call.args, call.signal);
    } finally {
      session.close();
    }
`;
  // The check can fail: a call its types refuse is named.
  fs.writeFileSync(adapter, text.replace(TODO, 'return target.runIn(call.file, call.file, call.args);\n'));
  assert.match((await typeErrors(adapter)).join('\n'), /adapter\.ts\(\d+,\d+\): error TS2345/);
  fs.writeFileSync(adapter, text.replace(TODO, call).replace("uses: [],", "uses: ['runIn', 'openSession'],"));
  assert.equal(await typeErrors(adapter), []);
  // Taken as it is now; its calibration says what reaches: the signal, never a timeout it has no place for.
  const calibrated = await cliInRunning(root, 'verify', '--probe', 'made', '--calibrate');
  assert.match(calibrated.stdout, /signal +reaches: reached the target/, calibrated.stderr + calibrated.stdout);
  assert.match(calibrated.stdout, /timeout +does not reach/);
  assert.not.match(calibrated.stderr, /expected a finished adapter/);
});

concurrent(test, 'a constructor that needs a value no name explains gets a skeleton that names --construct, and --construct that is no list of arguments is refused in one line', async () => {
  const root = copyOf('pool-constructor');
  const init = await cliInRunning(root, 'init', 'made', '--file', 'pool-constructor/index.ts');
  assert.is(init.code, 2, init.stderr);
  assert.match(init.stderr, /size: a number it has no name for\): give its arguments with --construct JSON/);
  for (const [given, said] of [['[2', /--construct: expected JSON \(an array of the constructor's arguments, or one object for its first\): /], ['"two"', /--construct: expected an array of the constructor's arguments, or one object for its first; got "two"/]] as const) {
    const bad = await cliIn(root, 'init', 'bad', '--file', 'pool-constructor/index.ts', '--construct', given);
    assert.is(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, said);
    assert.not.match(bad.stderr, /\n\s+at /, 'no stack trace');
    assert.not.ok(fs.existsSync(path.join(root, 'bad')), 'nothing left behind');
  }
});

concurrent(test, 'a function shaped like a runner that runs nothing gets no plan: its calibration saw no command, so a skeleton says so', async () => {
  const root = copyOf('parses-only');
  const init = await cliInRunning(root, 'init', 'made', '--file', 'parses-only/index.ts');
  assert.is(init.code, 2, init.stderr);
  assert.match(init.stderr, /ran no command in any of its \d+ calibration trials/);
  const text = fs.readFileSync(path.join(root, 'made', 'adapter.ts'), 'utf8');
  assert.match(text, /The call init wrote, which no trial showed reaching the target[^\n]*\n\/\/ {3}target\.run\(call\.file, call\.args/);
  assert.match(text, /\/\/ TODO\(childproof\):/);
  const run = await cliIn(root, 'run', '--probe', 'made', '--case', 'core');
  assert.is(run.code, 2, 'no verdict comes of it');
});

finish(test);

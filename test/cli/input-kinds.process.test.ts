// Every file a user hands in is a regular file of bounded size, or refused at once: a FIFO
// (which would block for ever), /dev/zero (which never ends), a directory, a sparse file
// larger than any report, in every place a verb reads a file. And a file under /proc, a
// regular file that says it is empty, is read like any other and refused for what it
// holds. Each kind runs every verb in one child process (support/verbs-on.mjs), bounded,
// so a verb that blocks fails this test instead of hanging the suite.

import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../runners/model/paths.ts';
import { bounded } from '../support/bounded.ts';
import { inSlot, offlineEnv, tempDir } from '../support/helpers.ts';
import { STACK } from '../support/pinned.ts';
import { concurrent, finish } from '../support/suite.ts';

const REPORT = path.join(ROOT, 'results', 'execa', '9.6.1@node-v20.20.2.json');
const VERBS_ON = path.join(ROOT, 'test', 'support', 'verbs-on.mjs');

const scratch = tempDir('childproof-kinds-');
const key = path.join(scratch, 'key.pem');
const { privateKey } = generateKeyPairSync('ed25519');
fs.writeFileSync(key, privateKey.export({ type: 'pkcs8', format: 'pem' }));

/** Every place a verb reads a file the user names, with F standing for that file. */
const PLACES: Array<{ args: string[]; file?: string; irregularOnly?: true }> = [
  { args: ['validate', 'F'] },
  { args: ['render', 'F', '--format', 'md'] },
  { args: ['judge', 'F'] },
  { args: ['compare', 'F', REPORT] },
  { args: ['compare', REPORT, 'F'] },
  { args: ['merge', 'F', '--out', 'OUT/merged.json'] },
  { args: ['report', '--from', 'F', '--out', 'OUT/rebuilt.json'] },
  { args: ['verify', '--statement', 'F'] },
  { args: ['verify', '--statement', 'SIGNED', '--pub', 'F'] },
  { args: ['attest', 'F', '--out', 'OUT/statement.json'] },
  { args: ['attest', REPORT, '--key', 'F', '--out', 'OUT/signed.json'] },
  { args: ['replay', 'F'] },
  { args: ['bless', 'F'] },
  { args: ['publish', 'F', '--dir', 'OUT/results'] },
  { args: ['run', '--probe', 'reference', '--case', 'F', '--out', 'OUT/run.json'], file: 'in.case.json' },
  { args: ['run', '--probe', 'PROBE', '--case', 'core/success', '--out', 'OUT/run.json'], file: 'probe.json' },
  { args: ['verify', '--probe', 'PROBE'], file: 'probe.json' },
  { args: ['validate', 'F'], file: 'probe.json' },
  // An adapter that is a regular file but no code is the adapter's error (a trial's), not a refusal: these places take the irregular kinds only.
  { args: ['run', '--probe', 'PROBE', '--case', 'core/success', '--out', 'OUT/run.json'], file: 'adapter.ts', irregularOnly: true },
  { args: ['verify', '--probe', 'PROBE'], file: 'helper.ts', irregularOnly: true },
];

/** A probe of the reference's code whose adapter (or a file its adapter imports) is the file under test. */
function probeAround(dir: string, file: 'adapter.ts' | 'helper.ts'): void {
  const reference = JSON.parse(fs.readFileSync(path.join(ROOT, 'probes', 'reference', 'probe.json'), 'utf8'));
  const identity = { ...reference.identity, root: path.join(ROOT, 'probes', 'reference') };
  fs.writeFileSync(path.join(dir, 'probe.json'), JSON.stringify({ ...reference, $schema: undefined, name: 'kinds', identity }));
  if (file === 'helper.ts') fs.writeFileSync(path.join(dir, 'adapter.ts'), "import './helper.ts';\nexport const run = () => Promise.resolve();\n");
}

/** Puts a file of `kind` at `file`. */
const MAKE: Record<string, (file: string) => void> = {
  fifo: (file) => execFileSync('mkfifo', [file]),
  'char device': (file) => fs.symlinkSync('/dev/zero', file),
  directory: (file) => fs.mkdirSync(file),
  'file too large': (file) => fs.truncateSync((fs.writeFileSync(file, ''), file), 300 * 1024 * 1024),
};

const EXPECTED: Record<string, RegExp> = {
  fifo: /expected a regular file as the [^;]+; it is a FIFO, which could block for ever/,
  'char device': /expected a regular file as the [^;]+; it is a character device, which need never end/,
  directory: /expected a regular file as the [^;]+; it is a directory|is a directory|expected a directory/,
  'file too large': /expected a regular file as the [^;]+; it is 300 MiB, more than the (256|16|1) MiB childproof reads/,
};

interface Called {
  args: string[];
  code?: number;
  stderr?: string;
  threw?: string;
}

/** Runs every place on a file of `kind`, in one child process, within the helpers' bound. */
async function onKind(kind: string, make: (file: string) => void, regular = false): Promise<Called[]> {
  const dir = path.join(scratch, kind.replace(/\W/g, '-'));
  const calls = PLACES.filter((p) => !(regular && p.irregularOnly)).map(({ args, file = 'in.json' }, i) => {
    const own = path.join(dir, String(i));
    fs.mkdirSync(path.join(own, 'probe'), { recursive: true });
    const inProbe = file === 'probe.json' || file === 'adapter.ts' || file === 'helper.ts';
    const target = inProbe ? path.join(own, 'probe', file) : path.join(own, file);
    if (file === 'adapter.ts' || file === 'helper.ts') probeAround(path.join(own, 'probe'), file);
    make(target);
    const named: Record<string, string> = { F: target, PROBE: path.join(own, 'probe'), SIGNED: path.join(dir, 'signed.json') };
    return args.map((a) => named[a] ?? a.replace('OUT/', `${own}/`));
  });
  // First a signed envelope of a real report, for --pub.
  const sign = ['attest', REPORT, '--key', key, '--out', path.join(dir, 'signed.json')];
  const result = path.join(dir, 'called.json');
  // Started in a slot, as every command line is (support/helpers.ts): the five kinds, begun at
  // import beside every other suite's work, once each started at once and waited out their
  // bound for a core while a cold loader compiled the runner five times over.
  let err = '';
  const [code, signal] = await inSlot(() => {
    const child = spawn(process.execPath, [VERBS_ON, result, JSON.stringify([sign, ...calls])], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: offlineEnv() });
    child.stderr!.on('data', (d) => (err += d));
    return bounded(`every verb on a ${kind}`, once(child, 'close'), () => child.kill('SIGKILL'));
  });
  // The child writes its results whole, or not at all: no file is a child that died first.
  assert.ok(fs.existsSync(result), `the child running the verbs wrote no results: it ended with ${signal ?? `exit ${code}`}, saying ${err.slice(-2000) || 'nothing'}`);
  const [signed, ...called] = JSON.parse(fs.readFileSync(result, 'utf8')) as Called[];
  assert.is(signed.code, 0, `the envelope for --pub was made: ${signed.stderr ?? signed.threw}`);
  return called;
}

for (const [kind, make] of Object.entries(MAKE)) {
  concurrent(test, `every verb refuses a ${kind} where it reads a file: exit 2, one line naming it, never a wait`, async () => {
    for (const r of await onKind(kind, make)) {
      const what = r.args.join(' ');
      assert.is(r.threw, undefined, `${what} threw`);
      assert.is(r.code, 2, `${what}: ${r.stderr}`);
      assert.match(r.stderr!, EXPECTED[kind], what);
      assert.not.match(r.stderr!, STACK, what);
    }
  });
}

concurrent(test, 'a file under /proc is read to its end like any other, and refused for what it holds', async () => {
  for (const r of await onKind('proc file', (file) => fs.symlinkSync('/proc/self/status', file), true)) {
    const what = r.args.join(' ');
    assert.is(r.threw, undefined, `${what} threw`);
    assert.is(r.code, 2, `${what}: ${r.stderr}`);
    assert.not.match(r.stderr!, STACK, what);
  }
});

finish(test);

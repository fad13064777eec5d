// Sweeps over a package's versions, against a registry of our own: a test package whose
// nine versions are tarballs built here, served over HTTP on this machine, so nothing
// depends on the public registry. From 1.0.5 on, an aborted call waits for the child's
// exit; before, it settles at once.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bisect } from '../../runners/engine/bisect.ts';
import { pickVersions } from '../../runners/identity/versions.ts';
import { cliWith, cliWithRunning, tempDir, writeJson } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

const NAME = 'childproof-sweep-target';
const VERSIONS = Array.from({ length: 9 }, (_, i) => `1.0.${i}`);
const CHANGED_IN = '1.0.5';

// Settles at once on abort, as execFile does; from CHANGED_IN, only once the child has exited.
const source = (waits: boolean) => `import { execFile, spawn } from 'node:child_process';
export function exec(file, args, { cwd, signal } = {}) {
  return new Promise((resolve, reject) => {
    ${waits
      ? `const child = spawn(file, args, { cwd, stdio: 'ignore' });
    const onAbort = () => child.kill();
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', reject);
    child.on('close', (code) => { signal?.removeEventListener('abort', onAbort); signal?.aborted ? reject(signal.reason) : code === 0 ? resolve() : reject(new Error('exit ' + code)); });`
      : `execFile(file, args, { cwd, signal }, (e) => (e ? reject(e) : resolve()));`}
  });
}
`;

async function registry(dir: string): Promise<{ url: string; close: () => void }> {
  await Promise.all(
    VERSIONS.map(async (v) => {
      const pkg = path.join(dir, 'src', v);
      writeJson(path.join(pkg, 'package.json'), { name: NAME, version: v, type: 'module', exports: './index.js' });
      fs.writeFileSync(path.join(pkg, 'index.js'), source(v >= CHANGED_IN));
      await promisify(execFile)('npm', ['pack', '--pack-destination', dir, '--loglevel=error'], { cwd: pkg });
    }),
  );
  const server = http.createServer((req, res) => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (decodeURIComponent(req.url ?? '') === `/${NAME}`) {
      const versions = Object.fromEntries(
        VERSIONS.map((v) => {
          const tgz = fs.readFileSync(path.join(dir, `${NAME}-${v}.tgz`));
          const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`;
          return [v, { name: NAME, version: v, exports: './index.js', dist: { tarball: `${url}/tarballs/${NAME}-${v}.tgz`, integrity } }];
        }),
      );
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ name: NAME, 'dist-tags': { latest: VERSIONS.at(-1) }, versions }));
    }
    const file = path.join(dir, path.basename(req.url ?? ''));
    if (req.url?.startsWith('/tarballs/') && fs.existsSync(file)) return res.end(fs.readFileSync(file));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

const work = eager(async () => {
  const dir = tempDir('childproof-sweep-');
  const reg = await registry(dir);
  const env = { npm_config_registry: reg.url, npm_config_cache: path.join(dir, 'npm-cache'), CHILDPROOF_CACHE: path.join(dir, 'cache') };
  const cp = (...args: string[]) => cliWith(dir, env, ...args);
  // init and sweep install each version they run with npm: commands that install, bounded as such.
  const installing = (...args: string[]) => cliWithRunning(dir, env, ...args);
  try {
    const init = await installing('init', 'probe', '--package', `${NAME}@1.0.0`);
    const bisected = await installing('sweep', '--probe', 'probe', '--versions', '>=1.0.0', '--case', 'core/cooperative-abort', '--bisect', 'child.reapedAtSettle');
    const swept = await installing('sweep', '--probe', 'probe', '--versions', '1.0.3 - 1.0.6', '--case', 'core/cooperative-abort', '--out', 'sweep.json', '--publish', 'published');
    const md = await installing('sweep', '--probe', 'probe', '--versions', '>=1.0.0', '--case', 'core/cooperative-abort', '--format', 'md', '--out', 'latest.json');
    const valid = await cp('validate', 'sweep.json');
    return { dir, init, bisected, swept, md, valid };
  } finally {
    reg.close();
  }
});

test('versions are picked from a range, oldest first, prereleases left out, or the latest of each minor or major', () => {
  const all = ['0.9.0', '1.0.0', '1.0.1', '1.1.0-beta.1', '1.1.0', '1.1.2', '2.0.0'];
  assert.equal(pickVersions(all, '>=1.0.0 <2'), ['1.0.0', '1.0.1', '1.1.0', '1.1.2']);
  assert.equal(pickVersions(all, '*', 'minor'), ['0.9.0', '1.0.1', '1.1.2', '2.0.0']);
  assert.equal(pickVersions(all, '*', 'major'), ['0.9.0', '1.1.2', '2.0.0']);
});

test('bisect runs the ends, then halves the span whose ends differ: a logarithmic number of versions', async () => {
  const ran: string[] = [];
  const found = await bisect(VERSIONS, async (v) => (ran.push(v), v >= CHANGED_IN));
  assert.is(found.first, CHANGED_IN);
  assert.equal(ran, ['1.0.0', '1.0.8', '1.0.4', '1.0.6', '1.0.5']);
  assert.is((await bisect(VERSIONS, async () => 1)).first, null);
});

test('sweep --bisect finds the first version where a fact changed, installing each version it runs from the registry', async () => {
  const { init, bisected } = await work;
  assert.is(init.code, 0, init.stderr);
  assert.is(bisected.code, 0, bisected.stderr);
  assert.match(bisected.stdout, /core\/cooperative-abort child\.reapedAtSettle: false before 1\.0\.5, true from 1\.0\.5/);
  assert.match(bisected.stdout, /5 of 9 versions run: 1\.0\.0, 1\.0\.8, 1\.0\.4, 1\.0\.6, 1\.0\.5/);
});

test('a sweep says per case and fact where the value changed, writes a report that validates, and links each row to its trials', async () => {
  const { dir, swept, md, valid } = await work;
  assert.is(swept.code, 0, swept.stderr);
  assert.match(swept.stdout, /core\/cooperative-abort child\.reapedAtSettle: false in 1\.0\.3–1\.0\.4, true from 1\.0\.5/);
  assert.match(swept.stdout, /^Every version was called with each case's options only, none of the probe's own\.$/m, 'it says how it called the library');
  assert.is(valid.code, 0, valid.stderr);
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'sweep.json'), 'utf8'));
  assert.equal(report.probes.map((p: { identity: { version: string } }) => p.identity.version).sort(), ['1.0.3', '1.0.4', '1.0.5', '1.0.6']);
  assert.ok(report.probes.every((p: { verified?: { tree?: unknown[] } }) => p.verified?.tree?.length === 1), 'each version with its resolved tree');
  assert.match(md.stdout, /\| core\/cooperative-abort \| child\.reapedAtSettle \| \[false\]\(latest\.json#\/trials\/\d+\) in 1\.0\.0–1\.0\.4, \[true\]\(latest\.json#\/trials\/\d+\) from 1\.0\.5 \|/);
});

test('a published sweep keeps every version\'s facts in one file, full reports only where a fact changed, and says where each clause held', async () => {
  const { dir } = await work;
  const published = path.join(dir, 'published', 'probe');
  const files = fs.readdirSync(published).sort();
  assert.equal(files.filter((f) => f.endsWith('.json') && f !== 'sweep.json').map((f) => f.split('@')[0]), ['1.0.3', '1.0.5']);
  const compact = JSON.parse(fs.readFileSync(path.join(published, 'sweep.json'), 'utf8'));
  assert.equal(compact.versions.map((v: { version: string }) => v.version), ['1.0.3', '1.0.4', '1.0.5', '1.0.6']);
  assert.is(compact.versions[1].trials['core/cooperative-abort'].facts['child.reapedAtSettle'], false);
  const page = fs.readFileSync(path.join(published, 'README.md'), 'utf8');
  assert.match(page, /Every version was called with each case's options only, none of the probe's own\. Generated by/);
  assert.match(page, /\| settles-after-exit \| breaks in 1\.0\.3–1\.0\.4, holds from 1\.0\.5 \|/);
  assert.match(page, /\[true\]\(1\.0\.5@node-v[\d.]+\.json#L\d+\) from 1\.0\.5/);
  assert.match(page, /^### From 1\.0\.5 \(after 1\.0\.4\): \d+ changes?/m);
  assert.match(page, /^\| child\.reapedAtSettle \| `false` → `true` \| \d+: \[core\/cooperative-abort\]\(1\.0\.5@node-v[\d.]+\.json#L\d+\)/m);
  for (const f of files.filter((f) => f.includes('@node-'))) assert.is((await cliWith(dir, {}, 'validate', path.join(published, f))).code, 0, f);
});

finish(test);

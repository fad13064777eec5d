// Every test process works in a temporary directory of its own: TMPDIR is pointed at it
// before any test runs, so every run the suite starts, in process or through the command
// line, puts its run directory there (runners/os/run-dir.ts), and so do the scratch
// directories (helpers.ts). A run directory below this root is proof that the run is the
// suite's (suite.ts): no other run on this machine, of another checkout or of another
// process of the same make test, can have put one here.
//
// Imported first by helpers.ts and suite.ts, so that it is evaluated before any module
// of a test file asks where the temporary directory is.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SCRATCH_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'childproof-suite-'));
// Others may pass through, as through /tmp, to a directory a test made theirs (a run as an
// unprivileged user: escapes.test.ts); they may not list it.
fs.chmodSync(SCRATCH_ROOT, 0o711);
process.env.TMPDIR = SCRATCH_ROOT;
// Removed, with whatever the tests left in it, when the process exits.
process.once('exit', () => fs.rmSync(SCRATCH_ROOT, { recursive: true, force: true }));

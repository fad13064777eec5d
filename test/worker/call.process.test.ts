// The command line of shell mode must reach the command word for word, through a real shell.

import { execFileSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shellCommandLine, shellQuote } from '../../runners/worker/call.ts';
import { finish } from '../support/suite.ts';

const words = ['plain', "it's", 'a b', '$HOME', '`x`', '"q"', '', 'a;b&&c', 'tab\there'];

test('a quoted word reaches the command unchanged, whatever shell syntax it holds', () => {
  const script = `printf '%s\\n' ${words.map(shellQuote).join(' ')}`;
  assert.equal(execFileSync('/bin/sh', ['-c', script], { encoding: 'utf8' }).split('\n').slice(0, -1), words);
});

test('plain words are left unquoted, so the command line stays readable', () => {
  assert.is(shellQuote('/usr/bin/node'), '/usr/bin/node');
  assert.is(shellQuote('--spec'), '--spec');
  assert.is(shellQuote('a b'), "'a b'");
});

test('the shell-mode line changes directory first, then runs the command with its arguments', () => {
  const line = shellCommandLine('/tmp', '/bin/sh', ['-c', 'pwd; printf "%s" "$0"', 'a b']);
  assert.is(execFileSync('/bin/sh', ['-c', line], { encoding: 'utf8' }), '/tmp\na b');
});

finish(test);

'use strict';
const childProcess = require('node:child_process');

// Node's own shape, without its signal: a command line, options, and a callback.
function exec(commandLine, options, callback) {
  const child = childProcess.spawn(commandLine, { shell: true, cwd: options.cwd, timeout: options.timeout, stdio: 'ignore' });
  let done = false;
  child.on('error', (err) => {
    if (!done && child.pid === undefined) (done = true), callback(err);
  });
  child.on('close', (code, signal) => {
    if (done) return;
    done = true;
    callback(code === 0 ? null : Object.assign(new Error(`${commandLine}: ${code ?? signal}`), { code, signal }), code);
  });
  return child;
}

module.exports = { exec };

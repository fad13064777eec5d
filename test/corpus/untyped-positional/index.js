'use strict';
const { spawn } = require('node:child_process');

module.exports = function runCommand(program, params, options) {
  options = options || {};
  return new Promise((resolve, reject) => {
    const child = spawn(program, params, { cwd: options.cwd, signal: options.signal, timeout: options.timeout, killSignal: options.killSignal, stdio: 'ignore' });
    child.on('error', (err) => {
      if (child.pid === undefined) reject(err);
    });
    child.on('close', (code, sig) => (code === 0 ? resolve(code) : reject(Object.assign(new Error(`${program}: ${code ?? sig}`), { code, signal: sig }))));
  });
};

// What npm said was wrong, from its standard error: its error code and the first line
// that explains it, never the pointer to its log file that npm prints last. Pure.

/** Lines npm prints around an error that say nothing of its cause. */
const NOISE = /^(A complete log of this run|Log files were not written|You can rerun|For a full report|syscall |errno |path |dest |\d{3}$|$)/;

export function npmCause(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.replace(/^npm (error|ERR!)\s*/i, '').trim());
  const code = lines.find((l) => /^code E[A-Z0-9_]+$/.test(l));
  const detail = lines.find((l) => l !== code && !/^code /.test(l) && !NOISE.test(l) && !/^npm (warn|WARN|notice)/.test(l));
  return [code, detail].filter(Boolean).join(': ') || 'npm gave no reason';
}

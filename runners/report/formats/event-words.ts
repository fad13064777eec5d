// One timeline event in words, as a mark's hover and a Markdown row say it. Pure, and
// free of Node's modules: the site's pages draw timelines with it in the browser.

import type { TimelineEntry } from '../../model/report-types.ts';

/** One timeline event in words. */
export function eventWords(e: TimelineEntry): string {
  const who = e.source === 'worker' ? 'the caller' : e.source.replace(/:(\d+)$/, ' $1');
  const d = e.detail ?? {};
  switch (e.kind) {
    case 'spawn':
      if (e.source === 'client') return d.error ? `the client could not start the program: ${String(d.error)}` : `the client started the program (pid ${d.pid})`;
      return d.error ? `the target tried to spawn the command: ${String(d.error)}` : `the target spawned the command (pid ${d.pid})`;
    case 'ready': return `${who} was ready`;
    case 'abort': return 'the caller aborted';
    case 'timeout-start': return 'the caller handed the target its timeout, starting the call';
    case 'signal': return `${who} received ${d.signal}`;
    case 'signal-sent': return `the client sent ${d.signal}`;
    case 'client-close': return "the client (the MCP SDK's) closed";
    case 'marker': return `${who} wrote its cleanup marker`;
    case 'exit': return `${who} exited${d.code !== undefined ? ` with code ${d.code}` : ''}`;
    case 'child-exit': return `${e.source === 'client' ? 'the client' : "the caller's process"} saw pid ${d.pid} exit (${d.signal ? `signal ${d.signal}` : `code ${d.code}`})`;
    case 'rejected': case 'resolved': case 'threw': return `the call ${e.kind === 'threw' ? 'threw' : `settled: ${e.kind}`}`;
    case 'seen-gone': return `pid ${d.pid} was seen gone`;
    case 'still-running': return `pid ${d.pid}${d.name ? ` (${String(d.name)})` : ''} was still running when the watch ended`;
    case 'watch-end': return `${who} stopped watching (the window closed, or nothing was left running)`;
    case 'handshake-sent': return 'the client sent initialize';
    case 'answered': return 'the server answered initialize';
    case 'awaiting-line': return 'the client began waiting for a line on stdout';
    case 'first-line': return 'the server wrote its first line';
    case 'stdin-closed': return "the client closed the server's stdin";
    case 'parent-killed': return 'the runner killed the client with SIGKILL';
    default: return `${who}: ${e.kind}`;
  }
}

// What the error a call settled with says of itself: a timeout, an abort. Pure.

import type { WorkerObservations } from '../model/observations.ts';

type ErrorSeen = NonNullable<WorkerObservations['settlement']['error']>;

/** The MCP JSON-RPC error code for a request that timed out (ErrorCode.RequestTimeout). */
const MCP_REQUEST_TIMEOUT = -32001;

/** The error says it is a timeout: by its code, its own flag, or its cause. */
function isTimeoutError(error: ErrorSeen): boolean {
  return (
    error.code === 'ETIMEDOUT' ||
    error.code === MCP_REQUEST_TIMEOUT ||
    error.timedOut === true ||
    error.name === 'TimeoutError' ||
    error.cause?.name === 'TimeoutError' ||
    error.cause?.code === 'ETIMEDOUT'
  );
}

/**
 * Whether the error says it is a timeout where a caller can test it (isTimeoutError), or
 * only in words: a message that says it timed out, which no caller can branch on reliably.
 */
export function timeoutFact(error: ErrorSeen): boolean | 'message-only' {
  if (isTimeoutError(error)) return true;
  return /\btimed[ -]?out\b/i.test(error.message ?? '') ? 'message-only' : false;
}

/** The error carries the abort reason, or calls itself an abort without saying it is a timeout. */
export function isAbortError(error: ErrorSeen): boolean {
  if (error.reasonAt !== null && error.reasonAt !== 'nowhere') return true;
  return (error.name === 'AbortError' || error.code === 'ABORT_ERR') && !isTimeoutError(error);
}

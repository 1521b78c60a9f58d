/**
 * Whether an unhandled rejection is only a cancellation: an `AbortError` (a request or a wait cancelled by its
 * signal, Node's and ours: rpc/nodeError.ts's `cancelledRequest`), or an error whose cause is one.
 */
export function isCancellation(reason: unknown, depth = 0): boolean {
  if (typeof reason !== 'object' || reason === null || depth > 4) return false;
  const { name, kind, cause } = reason as { name?: unknown; kind?: unknown; cause?: unknown };
  return name === 'AbortError' || name === 'TimeoutError' || kind === 'cancelled' || isCancellation(cause, depth + 1);
}

/**
 * Keeps the process up when a promise that was only cancelled is left unread (a read-ahead of a page the person
 * left: issue 38's crash of the web host), and says so in the log; any other unhandled rejection still ends the
 * process as Node does (it is thrown again, as an uncaught exception). For the web host's entry point, once
 * (Electron's main keeps Electron's own handling of rejections).
 */
export function surviveCancelledRejections(log: (line: string) => void): void {
  process.on('unhandledRejection', (reason) => {
    if (!isCancellation(reason)) throw reason;
    log(`app: a cancelled request's answer was left unread (${(reason as Error).message ?? String(reason)})`);
  });
}

import type { AbortSignalLike } from '../../../src-shared/api/types';

/** Resolves once `signal` aborts (at once if it already has). */
export function whenAborted(signal: AbortSignalLike): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

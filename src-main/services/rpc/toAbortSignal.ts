import type { AbortSignalLike } from '../../../src-shared/api/types';

/** A Node `AbortSignal` that aborts with `like` (the contract's minimal signal), for services that need a real one. */
export function toAbortSignal(like: AbortSignalLike): AbortSignal {
  if (like instanceof AbortSignal) return like;
  const controller = new AbortController();
  if (like.aborted) controller.abort(like.reason);
  else like.addEventListener('abort', () => controller.abort(like.reason), { once: true });
  return controller.signal;
}

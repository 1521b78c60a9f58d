import type { AbortSignalLike } from './types';

/** The part of `AbortController` the dispatcher needs. */
export interface AbortControllerLike {
  readonly signal: AbortSignalLike;
  abort(reason?: unknown): void;
}

/**
 * A new AbortController from the runtime (Node, Electron and browsers all have one); src-shared is
 * compiled without DOM or Node types, so the global is reached through `globalThis`.
 */
export function newAbortController(): AbortControllerLike {
  const Controller = (globalThis as unknown as { AbortController: new () => AbortControllerLike }).AbortController;
  return new Controller();
}

import type { ApiError } from './apiError';

/**
 * Whether an error says the node (or the service in front of it) is gone for now rather than refusing the
 * request: its kind is `unreachable` (errorKinds.ts): nothing listens, the connection broke, a proxy answered
 * 502/503/504, a gateway's node failed under it (-32603 that is no revert), or the Local sandbox is not running.
 * Work that meets one waits and tries again by itself (a log run, an open page) instead of giving up.
 */
export function isNodeGone(error: Pick<ApiError, 'kind'>): boolean {
  return error.kind === 'unreachable';
}

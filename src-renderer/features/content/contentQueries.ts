import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/createApiClient';
import { networkKey } from '../../queries/queryKeys';

/** What is at a place (content is immutable: a CID's answer never changes; its pin may). */
export function contentNodeQuery(api: ApiClient, networkId: string, cid: string, path: readonly string[]) {
  return queryOptions({
    queryKey: networkKey(networkId, 'content', 'node', cid, ...path),
    queryFn: ({ signal }) => withSignal(signal, () => api.call('content.resolve', { networkId, cid, path: [...path] })),
    staleTime: 30_000,
    retry: false,
  });
}

/** A file's preview (its first bytes read as what they look like). */
export function contentPreviewQuery(api: ApiClient, networkId: string, cid: string, maxBytes: number, name: string | undefined) {
  return queryOptions({
    queryKey: networkKey(networkId, 'content', 'preview', cid, maxBytes, name ?? ''),
    queryFn: () => api.call('content.preview', { networkId, cid, path: [], maxBytes, ...(name ? { name } : {}) }),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

export const pinsKey = (networkId: string) => networkKey(networkId, 'content', 'pins');

/** The store's recursive and direct pins, as sets for marking entries. */
export function contentPinsQuery(api: ApiClient, networkId: string) {
  return queryOptions({
    queryKey: pinsKey(networkId),
    queryFn: async () => {
      const pins = await api.call('content.pins', { networkId });
      return { recursive: new Set(pins.recursive), direct: new Set(pins.direct), truncated: pins.truncated };
    },
    staleTime: 30_000,
    retry: false,
  });
}

export const recentKey = (networkId: string) => networkKey(networkId, 'content', 'recent');

/** The places opened most recently on a network (the landing's list). */
export function recentContentQuery(api: ApiClient, networkId: string) {
  return queryOptions({ queryKey: recentKey(networkId), queryFn: () => api.call('content.recent', { networkId, limit: 12 }) });
}

/** The places under one CID that were opened before (the root's entry holds the name it was opened by). */
export function recentOfCidQuery(api: ApiClient, networkId: string, cid: string) {
  return queryOptions({ queryKey: [...recentKey(networkId), cid], queryFn: () => api.call('content.recent', { networkId, cid, limit: 50 }), staleTime: 30_000, retry: false });
}

/** A call that gives up when react-query cancels the query (the person moved on). */
function withSignal<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return run();
}

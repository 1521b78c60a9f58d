import { QueryClient } from '@tanstack/react-query';
import { isNodeGone } from '../../src-shared/api/nodeGone';
import { apiErrorOf } from '../lib/apiErrorOf';

/** While a read failed because the node is gone (killed, restarting), it is tried again this often. */
export const NODE_GONE_REFETCH_MS = 2_000;

/**
 * The app's query client. Calls go over local IPC or a loopback socket, so a failure is a real answer
 * (the main side already retried its network work): retry once, not three times, and show the error. A read
 * that failed because the node is gone keeps being tried every {@link NODE_GONE_REFETCH_MS} while its error
 * shows, so an open page comes back by itself once the node does.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 1,
        staleTime: 5_000,
        refetchOnWindowFocus: false,
        refetchInterval: (query) => (query.state.status === 'error' && isNodeGone(apiErrorOf(query.state.error)) ? NODE_GONE_REFETCH_MS : false),
      },
      mutations: { retry: false },
    },
  });
}

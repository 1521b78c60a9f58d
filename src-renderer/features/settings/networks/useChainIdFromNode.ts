import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '../../../../src-shared/api/apiError';
import { useApi } from '../../../api/useApi';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { formatChainId } from '../../../lib/formatChainId';
import type { NetworkFormValues } from './networkFormValues';

/** What reading a chain id from the node came to, for the form to say under the field. */
export type ChainIdRead = { state: 'idle' } | { state: 'reading' } | { state: 'read'; chainId: string } | { state: 'failed'; error: ApiError };

/**
 * Reads the chain id from the JSON-RPC address typed (`networks.chainIdAt`), with the key the network will use;
 * `onRead` hears it as the form writes it (a number for EVM, the short string for Starknet).
 */
export function useChainIdFromNode(onRead: (chainId: string) => void): { read(values: NetworkFormValues): void; status: ChainIdRead } {
  const api = useApi();
  const mutation = useMutation({
    mutationFn: (values: NetworkFormValues) => api.call('networks.chainIdAt', { rpcUrl: values.rpcUrl.trim(), family: values.family, credential: values.credential }),
    onSuccess: ({ chainId }) => onRead(formatChainId(chainId)),
  });
  const status: ChainIdRead = mutation.isPending
    ? { state: 'reading' }
    : mutation.isError
      ? { state: 'failed', error: apiErrorOf(mutation.error) }
      : mutation.data
        ? { state: 'read', chainId: formatChainId(mutation.data.chainId) }
        : { state: 'idle' };
  return { read: (values) => mutation.mutate(values), status };
}

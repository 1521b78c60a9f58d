import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NetworkView } from '../../../src-shared/api/networks';
import { useApi } from '../../api/useApi';
import { networksKey } from '../../queries/networks';

/** Selects the network the app shows; the list marks it at once and is refetched after the call. */
export function useSelectNetwork() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (networkId: string) => api.call('networks.select', { networkId }),
    onMutate: async (networkId) => {
      await queryClient.cancelQueries({ queryKey: networksKey });
      const previous = queryClient.getQueryData<NetworkView[]>(networksKey);
      queryClient.setQueryData<NetworkView[]>(networksKey, (list) => list?.map((network) => ({ ...network, selected: network.id === networkId })));
      return { previous };
    },
    onError: (_error, _networkId, context) => {
      if (context?.previous) queryClient.setQueryData(networksKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: networksKey }),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { NetworkView } from '../../src-shared/api/networks';
import { useApi } from '../api/useApi';
import { networksQuery } from '../queries/networks';

/** The network the app shows now, once the list has loaded. */
export function useSelectedNetwork(): NetworkView | undefined {
  const api = useApi();
  const networks = useQuery(networksQuery(api));
  return networks.data?.find((network) => network.selected);
}

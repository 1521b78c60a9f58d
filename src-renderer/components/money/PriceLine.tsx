import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/useApi';
import { ethPriceQuery } from '../../queries/ethPrice';
import { PriceSource } from './PriceSource';

/** The network's ETH price and where it came from, on a line of its own (or nothing until it is read). */
export function PriceLine({ networkId }: { networkId: string }) {
  const api = useApi();
  const view = useQuery(ethPriceQuery(api, networkId)).data;
  return view ? <PriceSource view={view} /> : null;
}

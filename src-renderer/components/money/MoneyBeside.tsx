import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/useApi';
import { ethPriceQuery } from '../../queries/ethPrice';
import { FiatAmount } from './FiatAmount';

/**
 * An amount of wei in the network's price currency, to sit beside its ETH amount (`· $0.41`); nothing while the
 * price loads or when the network has none (the page's price line says why).
 */
export function MoneyBeside({ networkId, wei, testId }: { networkId: string; wei: string | null | undefined; testId?: string }) {
  const api = useApi();
  const price = useQuery(ethPriceQuery(api, networkId)).data?.price;
  if (!price || wei === null || wei === undefined) return null;
  return (
    <span className="muted">
      {' '}
      · <FiatAmount wei={wei} price={price} {...(testId ? { testId } : {})} />
    </span>
  );
}

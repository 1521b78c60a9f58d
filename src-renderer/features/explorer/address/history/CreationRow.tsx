import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../api/useApi';
import { AddressLink, BlockLink, TxLink } from '../../../../components/chain/ChainLinks';
import { InfoRow } from '../../../../components/InfoRow';
import { apiErrorOf } from '../../../../lib/apiErrorOf';
import { formatNumber } from '../../../../lib/formatChain';
import { LOCAL_NETWORK_ID } from '../../../../../src-shared/networks/localNetwork';
import { networkKey } from '../../../../queries/queryKeys';
import { untilSandboxRuns } from '../../../../queries/untilSandboxRuns';
import { latestBlocksKept, useLocalStatesKept } from './localStatesKept';

/**
 * A contract's "Created" row: the block where its code first appears (bisection on eth_getCode at past blocks) and
 * the transaction that deployed it, or that another contract made it inside a call. Found when the page opens.
 */
export function CreationRow({ networkId, address }: { networkId: string; address: string }) {
  const api = useApi();
  const kept = useLocalStatesKept();
  const found = useQuery({
    queryKey: networkKey(networkId, 'history', 'creation', address.toLowerCase()),
    queryFn: () => api.call('history.creation', { networkId, address }),
    staleTime: Number.POSITIVE_INFINITY,
    ...untilSandboxRuns,
  });
  const creation = found.data?.creation;
  return (
    <InfoRow label="Created">
      {found.isPending ? <span className="muted">Finding the block where its code first appears…</span> : null}
      {found.isError ? <span className="muted">Not found: {apiErrorOf(found.error).shortMessage}</span> : null}
      {found.data && !creation ? <span className="muted">It holds no code now.</span> : null}
      {creation?.notKept ? (
        <span>
          somewhere in blocks <BlockLink number={creation.notKept.from} hash={null} />–<BlockLink number={creation.block} hash={null} />
          <span className="muted">
            {' '}
            · this node keeps no state of blocks {formatNumber(creation.notKept.from)}–{formatNumber(creation.notKept.to)}, so the block of its
            creation cannot be told{networkId === LOCAL_NETWORK_ID ? ` (the Local sandbox keeps the state of its seeded blocks and of ${latestBlocksKept(kept)})` : ' (an archive endpoint would tell)'}
          </span>
        </span>
      ) : null}
      {creation && !creation.notKept ? (
        // Plain inline text: in a flex box (chain-value) the spaces around "by" and "from" were dropped.
        <span>
          in block <BlockLink number={creation.block} hash={null} />
          {creation.transactionHash ? (
            <>
              {' by '}
              <TxLink hash={creation.transactionHash} copy={false} />
              {creation.creator ? (
                <>
                  {' from '}
                  <AddressLink address={creation.creator} copy={false} />
                </>
              ) : null}
            </>
          ) : (
            <span className="muted"> · made by a contract inside a call (no transaction of that block deployed it)</span>
          )}
        </span>
      ) : null}
    </InfoRow>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { TokenHolderRow } from '../../../../../src-shared/api/history';
import { useApi } from '../../../../api/useApi';
import { AddressLink } from '../../../../components/chain/ChainLinks';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadingState } from '../../../../components/LoadingState';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { apiErrorOf } from '../../../../lib/apiErrorOf';
import { formatNumber, formatTokenAmount } from '../../../../lib/formatChain';
import { networkKey } from '../../../../queries/queryKeys';
import { untilSandboxRuns } from '../../../../queries/untilSandboxRuns';
import './history.css';
import { countOf } from '../../../../../src-shared/text/countOf';

/** A token's holders seen in its Transfer logs, largest first (history.holders). */
export function TokenHolders({ networkId, token }: { networkId: string; token: string }) {
  const api = useApi();
  const holders = useQuery({
    queryKey: networkKey(networkId, 'history', 'holders', token.toLowerCase()),
    queryFn: () => api.call('history.holders', { networkId, token }),
    staleTime: 15_000,
    ...untilSandboxRuns,
  });
  const data = holders.data;
  const columns: DataColumn<TokenHolderRow & { rank: number }>[] = [
    { id: 'rank', header: '#', width: '56px', align: 'end', value: (row) => row.rank, text: (row) => String(row.rank) },
    { id: 'address', header: 'Holder', width: 'minmax(180px, 2fr)', value: (row) => row.address, text: (row) => row.address, cell: (row) => <AddressLink address={row.address} copy={false} /> },
    { id: 'balance', header: 'Balance by its transfers', width: 'minmax(160px, 1fr)', align: 'end', value: (row) => BigInt(row.balance), text: (row) => formatTokenAmount(row.balance, data?.decimals ?? null, data?.symbol ?? null) },
    { id: 'transfers', header: 'Transfers', width: '96px', align: 'end', value: (row) => row.transfers, text: (row) => formatNumber(row.transfers) },
  ];
  return (
    <section className="card explorer-section history-section" aria-labelledby="holders-title">
      <h2 id="holders-title" className="section-title">
        Holders{' '}
        {data ? (
          <span className="muted explorer-at">
            {formatNumber(data.holders)} with a balance, from {countOf(data.transfers, 'transfer')} up to block {formatNumber(data.head)}
          </span>
        ) : null}
      </h2>
      <p className="muted history-how">
        Every address this token’s Transfer logs name, with what it received minus what it sent (mints and burns included), largest
        first: found with eth_getLogs over the whole chain, no indexer.{data && data.holders > data.rows.length ? ` The ${data.rows.length} largest are listed.` : ''}
      </p>
      {holders.isPending ? <LoadingState label="Reading the token’s transfers…" /> : null}
      {holders.isError ? <ErrorNotice error={apiErrorOf(holders.error)} title="The holders could not be read" onRetry={() => void holders.refetch()} /> : null}
      {data && data.rows.length === 0 ? <p className="muted">No ERC-20 transfer of this contract leaves anyone a balance: it may not be an ERC-20 token.</p> : null}
      {data && data.rows.length > 0 ? <DataTable rows={data.rows.map((row, index) => ({ ...row, rank: index + 1 }))} columns={columns} rowKey={(row) => row.address} label="holders" maxHeight={560} /> : null}
    </section>
  );
}

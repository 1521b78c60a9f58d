import { useQuery } from '@tanstack/react-query';
import { DroppedBlocksNote } from '../../../../components/DroppedBlocksNote';
import type { HoldingRow } from '../../../../../src-shared/api/history';
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

const STANDARD_LABEL: Record<HoldingRow['standard'], string> = { erc20: 'ERC-20', erc721: 'ERC-721', erc1155: 'ERC-1155' };

const COLUMNS: DataColumn<HoldingRow>[] = [
  { id: 'token', header: 'Token', width: 'minmax(160px, 1.2fr)', value: (row) => row.symbol ?? row.token, text: (row) => `${row.symbol ?? ''} ${row.token}`, cell: (row) => <AddressLink address={row.token} label={row.symbol ?? undefined} isContract copy={false} /> },
  { id: 'standard', header: 'Standard', width: '120px', value: (row) => row.standard, text: (row) => STANDARD_LABEL[row.standard] },
  {
    id: 'balance',
    header: 'Balance now',
    width: 'minmax(150px, 1fr)',
    align: 'end',
    value: (row) => BigInt(row.balance),
    text: (row) =>
      row.standard === 'erc721'
        ? `${formatNumber(row.balance)} ${row.balance === '1' ? 'token' : 'tokens'}`
        : row.standard === 'erc1155'
          ? `${formatNumber(row.balance)} in all, of ${row.tokenIds.length === 1 ? '1 id' : `${row.tokenIds.length} ids`}`
          : formatTokenAmount(row.balance, row.decimals, row.symbol),
  },
  { id: 'ids', header: 'Token ids held', width: 'minmax(140px, 1fr)', value: (row) => row.tokenIds.join(' '), text: (row) => (row.tokenIds.length > 0 ? row.tokenIds.map((id) => `#${id}`).join(', ') : row.standard === 'erc20' ? '' : 'none') },
  { id: 'transfers', header: 'Transfers', width: '116px', align: 'end', value: (row) => row.transfers, text: (row) => formatNumber(row.transfers) },
];

/** Every token the address ever received, with its balance now (history.holdings). */
export function Holdings({ networkId, address }: { networkId: string; address: string }) {
  const api = useApi();
  const holdings = useQuery({
    queryKey: networkKey(networkId, 'history', 'holdings', address.toLowerCase()),
    queryFn: () => api.call('history.holdings', { networkId, address }),
    staleTime: 15_000,
    ...untilSandboxRuns,
  });
  return (
    <section className="card explorer-section history-section" aria-labelledby="holdings-title">
      <h2 id="holdings-title" className="section-title">
        Holdings{' '}
        {holdings.data ? <span className="muted explorer-at">at block {formatNumber(holdings.data.block)}</span> : null}
      </h2>
      <p className="muted history-how">
        Every token this address ever received (from its token transfers), with its balance now: balanceOf for ERC-20 and ERC-1155,
        and for ERC-721 each token id it received, checked with ownerOf.
      </p>
      {holdings.isPending ? <LoadingState label="Reading its token transfers and balances…" /> : null}
      {holdings.isError ? <ErrorNotice error={apiErrorOf(holdings.error)} title="The holdings could not be read" onRetry={() => void holdings.refetch()} /> : null}
      <DroppedBlocksNote networkId={networkId} dropped={holdings.data?.dropped} what="a token that moved only in them is not listed" />
      {holdings.data && holdings.data.holdings.length === 0 ? <p className="muted">This address never received a token.</p> : null}
      {holdings.data && holdings.data.holdings.length > 0 ? <DataTable rows={holdings.data.holdings} columns={COLUMNS} rowKey={(row) => `${row.standard}:${row.token}`} label="holdings" maxHeight={480} /> : null}
    </section>
  );
}

import { useNavigate } from '../../../../components/Link';
import { useQuery } from '@tanstack/react-query';
import { DroppedBlocksNote } from '../../../../components/DroppedBlocksNote';
import type { ApprovalRow } from '../../../../../src-shared/api/history';
import { countOf } from '../../../../../src-shared/text/countOf';
import { useApi } from '../../../../api/useApi';
import { AddressLink, TxLink } from '../../../../components/chain/ChainLinks';
import { Timestamp } from '../../../../components/chain/Timestamp';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadingState } from '../../../../components/LoadingState';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { apiErrorOf } from '../../../../lib/apiErrorOf';
import { formatNumber, formatTokenAmount } from '../../../../lib/formatChain';
import { networkKey } from '../../../../queries/queryKeys';
import { untilSandboxRuns } from '../../../../queries/untilSandboxRuns';
import './history.css';

const STANDARD_LABEL = { erc20: 'ERC-20', erc721: 'ERC-721', erc1155: 'ERC-1155' } as const;
const standardOf = (row: ApprovalRow) => (row.standard ? STANDARD_LABEL[row.standard] : 'NFT');

/** What the approval lets the spender take now, in words. */
export function allowanceText(row: ApprovalRow): string {
  if (row.kind === 'token') return row.active ? `token #${row.tokenId}` : `token #${row.tokenId}, no longer`;
  if (row.kind === 'operator') return row.active ? 'every token' : 'none';
  if (row.unlimited) return 'Unlimited';
  return row.allowance === null ? 'not answered' : formatTokenAmount(row.allowance, row.decimals, row.symbol);
}

/** Whether the approval stands now, or what ended it. */
export function statusOf(row: ApprovalRow): 'standing' | 'revoked' | 'used up' | 'moved' {
  if (row.active) return 'standing';
  if (row.kind === 'token') return 'moved';
  if (row.kind === 'operator' || row.granted === '0') return 'revoked';
  return 'used up';
}

const NFT_LABEL = { erc721: 'ERC-721', erc1155: 'ERC-1155' } as const;
const everyToken = (row: ApprovalRow) => (row.standard === 'erc721' || row.standard === 'erc1155' ? `every ${NFT_LABEL[row.standard]} token` : 'every token');
const grantedText = (row: ApprovalRow) =>
  row.kind === 'allowance' ? (BigInt(row.granted ?? '0') >= 2n ** 255n ? 'Unlimited' : formatTokenAmount(row.granted ?? '0', row.decimals, row.symbol)) : row.kind === 'token' ? `ERC-721 #${row.tokenId}` : everyToken(row);
const timeText = (row: ApprovalRow) => (row.timestamp ? new Date(Number(BigInt(row.timestamp)) * 1000).toISOString() : '');
/** The allowance now, and what ended an approval that no longer stands. */
const nowText = (row: ApprovalRow) => `${row.unlimited && row.allowance ? `Unlimited (${row.allowance})` : allowanceText(row)}${row.active ? '' : ` · ${statusOf(row)}`}`;

// Six columns that fit a 1,360-pixel window whole: the status rides in the allowance's cell, the block in the time's
// cell (its text, for the filter and copying, and its title).
const COLUMNS: DataColumn<ApprovalRow>[] = [
  {
    id: 'token',
    header: 'Token',
    width: 'minmax(140px, 1fr)',
    value: (row) => row.symbol ?? row.token,
    text: (row) => `${row.symbol ?? ''} ${row.token} ${standardOf(row)}`,
    cell: (row) => <AddressLink address={row.token} label={row.symbol ?? undefined} isContract copy={false} />,
  },
  {
    id: 'spender',
    header: 'Spender',
    width: 'minmax(150px, 1.2fr)',
    value: (row) => row.spenderName ?? row.spender,
    text: (row) => `${row.spenderName ?? ''} ${row.spender}${row.kind === 'operator' ? ' operator' : ''}`,
    cell: (row) => (
      <span className="chain-value">
        <AddressLink address={row.spender} label={row.spenderName ?? undefined} copy={false} />
        {row.kind === 'operator' ? <span className="muted"> operator</span> : null}
      </span>
    ),
  },
  {
    id: 'allowance',
    header: 'Allowance now',
    width: '140px',
    align: 'end',
    value: (row) => (row.kind === 'allowance' ? BigInt(row.allowance ?? '0') : row.active ? 1n : 0n),
    text: nowText,
    cell: (row) =>
      row.unlimited && row.active ? (
        <span className="badge badge-warn" title={`${row.allowance ?? row.granted} in the token's smallest unit: spending does not use it up`}>
          Unlimited
        </span>
      ) : (
        <span title={row.allowance ?? undefined} className={row.active ? undefined : 'muted'}>
          {nowText(row)}
        </span>
      ),
  },
  { id: 'granted', header: 'Approved', width: '124px', align: 'end', value: (row) => BigInt(row.granted ?? '0'), text: grantedText, cell: (row) => <span title={row.granted ?? undefined}>{grantedText(row)}</span> },
  {
    id: 'time',
    header: 'When granted',
    width: '144px',
    value: (row) => BigInt(row.timestamp ?? '0') * 1_000_000n + BigInt(row.blockNumber),
    text: (row) => `${timeText(row)} block ${BigInt(row.blockNumber).toString(10)}`,
    cell: (row) => (
      <span title={`Block ${formatNumber(row.blockNumber)}`}>
        <Timestamp seconds={row.timestamp} />
      </span>
    ),
  },
  { id: 'tx', header: 'Transaction', width: '160px', value: (row) => row.transactionHash, text: (row) => row.transactionHash, cell: (row) => <TxLink hash={row.transactionHash} copy={false} /> },
];

/** The approvals the address granted, each as it stands now (history.approvals). */
export function Approvals({ networkId, address }: { networkId: string; address: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const approvals = useQuery({
    queryKey: networkKey(networkId, 'history', 'approvals', address.toLowerCase()),
    queryFn: () => api.call('history.approvals', { networkId, address }),
    staleTime: 15_000,
    ...untilSandboxRuns,
  });
  const rows = approvals.data?.rows ?? [];
  const standing = rows.filter((row) => row.active).length;
  const unlimited = rows.filter((row) => row.active && row.unlimited).length;
  return (
    <section className="card explorer-section history-section" aria-labelledby="approvals-title">
      <h2 id="approvals-title" className="section-title">
        Approvals{' '}
        {approvals.data ? (
          <span className="muted explorer-at">
            {standing} of {countOf(rows.length, 'approval')} standing{unlimited > 0 ? `, ${unlimited} unlimited` : ''} · at block {formatNumber(approvals.data.block)}
          </span>
        ) : null}
      </h2>
      <p className="muted history-how">
        Every Approval and ApprovalForAll this address granted, over the whole chain (eth_getLogs, split to fit the node’s limits), the
        latest for each token and spender, read again now: allowance() for ERC-20, getApproved() for one ERC-721 token,
        isApprovedForAll() for an operator. An allowance of 2²⁵⁵ or more is unlimited: spending never uses it up.
      </p>
      {approvals.isPending ? <LoadingState label="Reading its approvals…" /> : null}
      {approvals.isError ? <ErrorNotice error={apiErrorOf(approvals.error)} title="The approvals could not be read" onRetry={() => void approvals.refetch()} /> : null}
      <DroppedBlocksNote networkId={networkId} dropped={approvals.data?.dropped} what="approvals granted only in them are not listed" />
      {approvals.data && rows.length === 0 ? <p className="muted">This address never approved a spender.</p> : null}
      {rows.length > 0 ? <DataTable rows={rows} columns={COLUMNS} rowKey={(row) => row.id} label="approvals" onOpen={(row) => navigate(`/explorer/tx/${row.transactionHash}`)} maxHeight={480} /> : null}
    </section>
  );
}

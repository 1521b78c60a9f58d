import { useMemo, useState } from 'react';
import { DroppedBlocksNote } from '../../../../components/DroppedBlocksNote';
import { useApi } from '../../../../api/useApi';
import { apiErrorOf } from '../../../../lib/apiErrorOf';
import { useFileExport } from '../../../../hooks/useFileExport';
import { Link, useNavigate } from '../../../../components/Link';
import { checksumAddress } from '../../../../../src-shared/chain/checksumAddresses';
import type { TokenTransferRow } from '../../../../../src-shared/api/history';
import { TokenAmount } from '../../../../components/chain/Amounts';
import { AddressLink, BlockLink, TxLink } from '../../../../components/chain/ChainLinks';
import { Timestamp } from '../../../../components/chain/Timestamp';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { useRerunUntilSandboxRuns } from '../../../../hooks/useRerunUntilSandboxRuns';
import { useStream } from '../../../../hooks/useStream';
import { formatNumber, formatTokenAmount } from '../../../../lib/formatChain';
import { StreamStatus } from './StreamStatus';
import './history.css';
import { countOf } from '../../../../../src-shared/text/countOf';

const STANDARD_LABEL: Record<TokenTransferRow['standard'], string> = { erc20: 'ERC-20', erc721: 'ERC-721', erc1155: 'ERC-1155' };
const DIRECTION_LABEL: Record<TokenTransferRow['direction'], string> = { in: 'in', out: 'out', self: 'self' };

/** The token's name as a row shows it: its symbol, else its address. */
const tokenName = (row: Pick<TokenTransferRow, 'symbol' | 'token'>) => row.symbol ?? row.token;
const amountText = (row: TokenTransferRow) => (row.standard === 'erc721' ? `#${row.tokenId}` : `${formatTokenAmount(row.amount, row.decimals, row.symbol)}${row.standard === 'erc1155' ? ` of #${row.tokenId}` : ''}`);

function columnsFor(): DataColumn<TokenTransferRow>[] {
  const counterpart = (row: TokenTransferRow) => (row.direction === 'in' ? row.from : row.to);
  return [
    { id: 'block', header: 'Block', width: '80px', align: 'end', value: (row) => BigInt(row.blockNumber), text: (row) => BigInt(row.blockNumber).toString(10), cell: (row) => <BlockLink number={row.blockNumber} hash={null} /> },
    {
      id: 'time',
      header: 'Time',
      width: '104px',
      value: (row) => (row.timestamp ? BigInt(row.timestamp) : -1n),
      text: (row) => (row.timestamp ? new Date(Number(BigInt(row.timestamp)) * 1000).toISOString() : ''),
      cell: (row) => (row.timestamp ? <Timestamp seconds={row.timestamp} /> : <span className="muted" title="This row was kept before Blockglass kept times">—</span>),
    },
    { id: 'tx', header: 'Transaction', width: 'minmax(150px, 1fr)', value: (row) => row.transactionHash, text: (row) => row.transactionHash, cell: (row) => <TxLink hash={row.transactionHash} copy={false} /> },
    {
      id: 'direction',
      header: 'Direction',
      width: '108px',
      value: (row) => row.direction,
      text: (row) => DIRECTION_LABEL[row.direction],
      cell: (row) => <span className={`badge ${row.direction === 'in' ? 'badge-ok' : row.direction === 'out' ? 'badge-warn' : ''}`}>{DIRECTION_LABEL[row.direction]}</span>,
    },
    {
      id: 'counterpart',
      header: 'From / to',
      width: 'minmax(168px, 1fr)',
      value: (row) => counterpart(row),
      text: (row) => `${row.direction === 'in' ? 'from' : 'to'} ${counterpart(row)}`,
      cell: (row) =>
        row.direction === 'self' ? (
          <span className="muted">itself</span>
        ) : row.direction === 'in' && /^0x0{40}$/.test(row.from) ? (
          <span className="muted" title="From the zero address: the token was created for this address">minted</span>
        ) : row.direction === 'out' && /^0x0{40}$/.test(row.to) ? (
          <span className="muted" title="To the zero address: the token was destroyed">burned</span>
        ) : (
          <span className="chain-value">
            {row.direction === 'in' ? 'from ' : 'to '}
            <AddressLink address={counterpart(row)} copy={false} />
          </span>
        ),
    },
    {
      id: 'amount',
      header: 'Amount',
      width: 'minmax(140px, 1fr)',
      align: 'end',
      value: (row) => (row.standard === 'erc721' ? 1n : BigInt(row.amount)),
      text: amountText,
      cell: (row) =>
        row.standard === 'erc721' ? (
          <span className="mono">{amountText(row)}</span>
        ) : (
          <span className="chain-value">
            <TokenAmount amount={row.amount} decimals={row.decimals} symbol={row.symbol} />
            {row.standard === 'erc1155' ? <span className="muted"> of #{row.tokenId}</span> : null}
          </span>
        ),
    },
    {
      id: 'token',
      header: 'Token',
      width: 'minmax(170px, 1fr)',
      value: (row) => tokenName(row),
      text: (row) => `${tokenName(row)} ${row.token} ${STANDARD_LABEL[row.standard]}`,
      // The symbol whole (the token's address is on hover and a click away), then its standard.
      cell: (row) => (
        <span className="chain-value history-token">
          <Link href={`/explorer/address/${checksumAddress(row.token)}`} className="chain-link mono" title={`${row.symbol ? `${row.symbol}: ` : ''}${checksumAddress(row.token)}`}>
            {row.symbol ?? `${checksumAddress(row.token).slice(0, 6)}…${row.token.slice(-4)}`}
          </Link>{' '}
          <span className="muted">{STANDARD_LABEL[row.standard]}</span>
        </span>
      ),
    },
  ];
}

/**
 * Every token transfer of the address (history.transfers): what this machine kept, then the blocks after it, found
 * through the log planner; filtered by token and direction.
 */
export function TokenTransfers({ networkId, address }: { networkId: string; address: string }) {
  const navigate = useNavigate();
  const api = useApi();
  const stream = useStream('history.transfers', { networkId, address });
  const { exporter, said: exported } = useFileExport(() => api.call('history.exportTransfers', { networkId, address }), 'transfers');
  const waitingForSandbox = useRerunUntilSandboxRuns(stream);
  const [token, setToken] = useState('');
  const [direction, setDirection] = useState<'' | 'in' | 'out'>('');
  const rows = useMemo(() => stream.pages.flatMap((event) => (event.kind === 'rows' ? event.rows : [])), [stream.pages]);
  const progress = [...stream.pages].reverse().find((event) => event.kind === 'progress');
  const done = stream.pages.find((event) => event.kind === 'done');
  const tokens = useMemo(() => [...new Map(rows.map((row) => [row.token, row])).values()].sort((a, b) => tokenName(a).localeCompare(tokenName(b))), [rows]);
  const shown = useMemo(() => rows.filter((row) => (token === '' || row.token === token) && (direction === '' || row.direction === direction || row.direction === 'self')), [rows, token, direction]);
  const columns = useMemo(() => columnsFor(), []);

  return (
    <section className="card explorer-section history-section" aria-labelledby="transfers-title">
      <h2 id="transfers-title" className="section-title">
        Token transfers{' '}
        {done ? <span className="muted explorer-at">{formatNumber(rows.length)} in all</span> : null}
      </h2>
      <p className="muted history-how">
        Every ERC-20 and ERC-721 Transfer and ERC-1155 transfer with this address as sender or receiver, over the whole chain, found
        with eth_getLogs (split to fit the node’s limits). What is found below the finalized block is kept on this machine: a later
        visit asks only about newer blocks.
      </p>
      {done && done.kind === 'done' ? <DroppedBlocksNote networkId={networkId} dropped={done.dropped} what="transfers in them are not listed" /> : null}
      {rows.length > 0 ? (
        <div className="history-filters">
          <label className="field-inline">
            <span className="field-label">Token</span>
            <select value={token} onChange={(event) => setToken(event.target.value)}>
              <option value="">Every token ({tokens.length})</option>
              {tokens.map((row) => (
                <option key={row.token} value={row.token}>
                  {row.symbol ? `${row.symbol} · ${row.token}` : row.token}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-small history-export" disabled={!done || exporter.isPending} onClick={() => exporter.mutate()}>
            Export CSV
          </button>
          <label className="field-inline">
            <span className="field-label">Direction</span>
            <select value={direction} onChange={(event) => setDirection(event.target.value as '' | 'in' | 'out')}>
              <option value="">In and out</option>
              <option value="in">Received</option>
              <option value="out">Sent</option>
            </select>
          </label>
        </div>
      ) : null}
      {exported ? (
        <p className="muted" role="status">
          {exported}
        </p>
      ) : null}
      {exporter.error ? <ErrorNotice error={apiErrorOf(exporter.error)} title="Could not export" /> : null}
      {rows.length > 0 ? (
        <DataTable rows={shown} columns={columns} rowKey={(row) => row.id} label="token transfers" onOpen={(row) => navigate(`/explorer/tx/${row.transactionHash}`)} initialSort={{ id: 'block', desc: true }} maxHeight={560} emptyText="No transfer matches these filters." />
      ) : null}
      <StreamStatus
        stream={stream}
        waitingForSandbox={waitingForSandbox}
        lookingFor="token transfers"
        progress={progress && progress.kind === 'progress' ? `Reading the chain’s transfer logs: ${Math.floor((100 * progress.blocksCovered) / Math.max(1, progress.blocksTotal))}% · ${countOf(progress.requests, 'request')}` : 'Reading what this machine kept…'}
        stopped="the list may be missing transfers"
        failedTitle="The token transfers could not be read"
      />
      {done && rows.length === 0 ? <p className="muted">No token has moved to or from this address.</p> : null}
      {done && done.kind === 'done' ? (
        <p className="muted history-end">
          Up to block {formatNumber(done.head)}; kept on this machine up to block {formatNumber(done.coveredTo)}.
        </p>
      ) : null}
    </section>
  );
}

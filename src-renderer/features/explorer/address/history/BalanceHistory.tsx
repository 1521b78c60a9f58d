import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link } from '../../../../components/Link';
import uPlot from 'uplot';
import type { BalanceChange } from '../../../../../src-shared/api/history';
import { useApi } from '../../../../api/useApi';
import { EthAmount } from '../../../../components/chain/Amounts';
import { BlockLink, TxLink } from '../../../../components/chain/ChainLinks';
import { Timestamp } from '../../../../components/chain/Timestamp';
import { UPlotChart, type ChartTheme } from '../../../../components/charts/UPlotChart';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadingState } from '../../../../components/LoadingState';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { apiErrorOf } from '../../../../lib/apiErrorOf';
import { formatEth, formatNumber } from '../../../../lib/formatChain';
import { networkKey } from '../../../../queries/queryKeys';
import { untilSandboxRuns } from '../../../../queries/untilSandboxRuns';
import { balancePoints } from './balancePoints';
import { NotKeptNote } from './NotKeptNote';
import './history.css';
import { countOf } from '../../../../../src-shared/text/countOf';

/** Blocks sampled across the chain before the changes between them are looked for. */
const SAMPLES = 48;

/** Transactions named in a row; the others of the block are a link away. */
const SHOWN_TRANSACTIONS = 2;

const delta = (row: BalanceChange) => BigInt(row.after) - BigInt(row.before);

const COLUMNS: DataColumn<BalanceChange>[] = [
  { id: 'block', header: 'Block', width: '90px', align: 'end', value: (row) => BigInt(row.block), text: (row) => BigInt(row.block).toString(10), cell: (row) => <BlockLink number={row.block} hash={null} /> },
  {
    id: 'time',
    header: 'Time',
    width: '104px',
    value: (row) => (row.timestamp ? BigInt(row.timestamp) : -1n),
    text: (row) => (row.timestamp ? new Date(Number(BigInt(row.timestamp)) * 1000).toISOString() : ''),
    cell: (row) => (row.timestamp ? <Timestamp seconds={row.timestamp} /> : <span className="muted" title="This change was kept before Blockglass kept times">—</span>),
  },
  {
    id: 'change',
    header: 'Change',
    width: '176px',
    align: 'end',
    value: delta,
    text: (row) => `${delta(row) > 0n ? '+' : '−'}${formatEth(delta(row) > 0n ? delta(row) : -delta(row))}`,
    cell: (row) => <span className={delta(row) > 0n ? 'balance-up' : 'balance-down'}>{`${delta(row) > 0n ? '+' : '−'}${formatEth(delta(row) > 0n ? delta(row) : -delta(row))}`}</span>,
  },
  { id: 'after', header: 'Balance after', width: '150px', align: 'end', value: (row) => BigInt(row.after), text: (row) => formatEth(row.after), cell: (row) => <EthAmount wei={row.after} /> },
  {
    id: 'why',
    header: 'What moved it',
    width: 'minmax(220px, 2fr)',
    value: (row) => row.transactions.length,
    text: (row) => (row.transactions.length > 0 ? row.transactions.map((tx) => `${tx.direction} ${tx.hash}`).join(', ') : `changed inside block ${BigInt(row.block).toString(10)}`),
    cell: (row) =>
      row.transactions.length > 0 ? (
        <span className="chain-value">
          {row.transactions.slice(0, SHOWN_TRANSACTIONS).map((tx) => (
            <span key={tx.hash} className="balance-tx">
              <span className="muted">{tx.direction === 'in' ? 'received in' : tx.direction === 'out' ? 'sent' : 'to itself in'}</span> <TxLink hash={tx.hash} copy={false} />
            </span>
          ))}
          {row.transactions.length > SHOWN_TRANSACTIONS ? (
            // A block where the address sent or received dozens: the rest are on the block's page. "+N more", short, so the
            // cell fits its column (it was cut at the card's edge); the whole count is in its title and accessible name.
            <Link
              href={`/explorer/block/${BigInt(row.block).toString(10)}`}
              className="balance-tx"
              title={`${countOf(row.transactions.length - SHOWN_TRANSACTIONS, 'more transaction')} in this block`}
              aria-label={`${countOf(row.transactions.length - SHOWN_TRANSACTIONS, 'more transaction')} in block ${BigInt(row.block).toString(10)}`}
            >
              +{formatNumber(row.transactions.length - SHOWN_TRANSACTIONS)} more
            </Link>
          ) : null}
        </span>
      ) : (
        <span className="muted">changed inside block {formatNumber(row.block)}: no transaction of that block is from or to it (an internal transfer, a withdrawal, fees it earned)</span>
      ),
  },
];

/** The ETH balance over time (history.balance): a chart of samples and changes, and every change with what moved it. */
export function BalanceHistory({ networkId, address }: { networkId: string; address: string }) {
  const api = useApi();
  const balance = useQuery({
    queryKey: networkKey(networkId, 'history', 'balance', address.toLowerCase(), SAMPLES),
    queryFn: () => api.call('history.balance', { networkId, address, samples: SAMPLES }),
    staleTime: 15_000,
    ...untilSandboxRuns,
  });
  const data = balance.data;
  const points = useMemo<uPlot.AlignedData>(() => (data ? balancePoints(data) : [[], []]), [data]);
  const options = useCallback(
    (theme: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => ({
      scales: { x: { time: false } },
      axes: [
        { stroke: theme.text, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid }, label: 'block' },
        { stroke: theme.text, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid }, label: 'ETH', size: 70 },
      ],
      series: [{ label: 'Block', value: (_u, value) => (value == null ? '—' : String(value)) }, { label: 'Balance', stroke: theme.series[0], width: 2, paths: uPlot.paths.stepped?.({ align: 1 }), value: (_u, value) => (value == null ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: 6 })} ETH`) }],
      cursor: { drag: { x: true, y: false } },
    }),
    [],
  );
  return (
    <section className="card explorer-section history-section" aria-labelledby="balance-title">
      <h2 id="balance-title" className="section-title">
        Balance over time{' '}
        {data ? <span className="muted explorer-at">{countOf(data.changes.length, 'change')} found up to block {formatNumber(data.head)}</span> : null}
      </h2>
      <p className="muted history-how">
        The ETH balance read at {SAMPLES} blocks across the chain, then every block where it changed, found by bisection between two
        readings that differ. A change that came back to the same value between two readings cannot be seen this way.
        {data
          ? ` ${countOf(data.samples.length, 'reading')} in the chart; ${countOf(data.requests, 'balance')} read from the node this time${data.keptUpTo ? `; what was found up to block ${formatNumber(data.keptUpTo)} was kept on this machine from an earlier visit` : ''}.`
          : ''}
      </p>
      {balance.isPending ? <LoadingState label="Reading its balance at past blocks…" /> : null}
      {balance.isError ? <ErrorNotice error={apiErrorOf(balance.error)} title="The balance history could not be read" onRetry={() => void balance.refetch()} /> : null}
      {data ? <UPlotChart options={options} data={points} height={220} label="ETH balance by block" /> : null}
      {data ? (
        <NotKeptNote
          networkId={networkId}
          ranges={data.notKept ?? []}
          what="a change of balance in them cannot be placed"
          detail={(range) =>
            range.before === null ? (
              <>the balance was <EthAmount wei={range.after} /> after them</>
            ) : range.after === null || range.before === range.after ? (
              <>the balance was <EthAmount wei={range.before} /> on either side</>
            ) : (
              <>the balance went from <EthAmount wei={range.before} /> to <EthAmount wei={range.after} /> somewhere in them</>
            )
          }
        />
      ) : null}
      {data?.truncated ? <p className="muted">Only the newest {countOf(data.changes.length, 'change')} are listed.</p> : null}
      {data && data.changes.length === 0 ? <p className="muted">Its balance did not change between the readings.</p> : null}
      {data && data.changes.length > 0 ? <DataTable rows={data.changes} columns={COLUMNS} rowKey={(row) => row.block} label="balance changes" initialSort={{ id: 'block', desc: true }} maxHeight={480} /> : null}
    </section>
  );
}

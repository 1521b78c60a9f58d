import { useNavigate } from '../../../../components/Link';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SentPage, SentTransactionRow } from '../../../../../src-shared/api/history';
import { EthAmount } from '../../../../components/chain/Amounts';
import { BlockLink, TxLink } from '../../../../components/chain/ChainLinks';
import { Timestamp } from '../../../../components/chain/Timestamp';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadingState } from '../../../../components/LoadingState';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { useRerunUntilSandboxRuns } from '../../../../hooks/useRerunUntilSandboxRuns';
import { useStream } from '../../../../hooks/useStream';
import { formatEth, formatNumber } from '../../../../lib/formatChain';
import { MethodBadge, methodText } from '../../MethodBadge';
import { StatusBadge } from '../../StatusBadge';
import { recipientColumn } from '../../recipientColumn';
import { NotKeptNote } from './NotKeptNote';
import './history.css';
import { countOf } from '../../../../../src-shared/text/countOf';

/** Transactions asked for at a time. */
const PAGE = 25;

const COLUMNS: DataColumn<SentTransactionRow>[] = [
  { id: 'nonce', header: 'Nonce', width: '60px', align: 'end', value: (row) => row.nonce, text: (row) => String(row.nonce) },
  { id: 'status', header: 'Status', width: '84px', value: (row) => row.status, text: (row) => row.status, cell: (row) => <StatusBadge status={row.status} /> },
  { id: 'hash', header: 'Hash', width: '156px', value: (row) => row.hash, text: (row) => row.hash, cell: (row) => <TxLink hash={row.hash} copy={false} /> },
  { id: 'method', header: 'Method', width: 'minmax(150px, 1fr)', value: (row) => methodText(row.method), text: (row) => methodText(row.method), cell: (row) => <MethodBadge method={row.method} /> },
  recipientColumn<SentTransactionRow>('minmax(168px, 1fr)'),
  { id: 'value', header: 'Value', width: '100px', align: 'end', value: (row) => BigInt(row.value), text: (row) => formatEth(row.value), cell: (row) => <EthAmount wei={row.value} /> },
  { id: 'fee', header: 'Fee', width: '136px', align: 'end', value: (row) => (row.fee ? BigInt(row.fee) : -1n), text: (row) => (row.fee ? formatEth(row.fee) : 'pending'), cell: (row) => <EthAmount wei={row.fee} /> },
  {
    id: 'block',
    header: 'Block',
    width: '70px',
    align: 'end',
    value: (row) => (row.blockNumber ? BigInt(row.blockNumber) : -1n),
    text: (row) => (row.blockNumber ? BigInt(row.blockNumber).toString(10) : ''),
    cell: (row) => (row.blockNumber ? <BlockLink number={row.blockNumber} hash={null} /> : null),
  },
  { id: 'age', header: 'Age', width: '104px', value: (row) => BigInt(row.timestamp), text: (row) => new Date(Number(BigInt(row.timestamp)) * 1000).toISOString(), cell: (row) => <Timestamp seconds={row.timestamp} /> },
];

/**
 * The transactions an address sent, newest first: found from its nonce alone (history.sent), a page at a time as the
 * person scrolls to the end (or presses "Load older"), with progress and Cancel while a page is looked for.
 */
export function SentTransactions({ networkId, address, isContract }: { networkId: string; address: string; isContract: boolean }) {
  const navigate = useNavigate();
  const [pages, setPages] = useState<SentPage[]>([]);
  const [asking, setAsking] = useState<{ before?: number } | null>({});
  const [lastAsk, setLastAsk] = useState<{ before?: number }>({});
  const [cancelled, setCancelled] = useState(false);
  const ask = (next: { before?: number }) => {
    setCancelled(false);
    setLastAsk(next);
    setAsking(next);
  };
  const stream = useStream('history.sent', asking ? { networkId, address, ...asking, count: PAGE } : undefined);
  const waitingForSandbox = useRerunUntilSandboxRuns(stream);
  const progress = [...stream.pages].reverse().find((event) => event.kind === 'progress');
  const arrived = stream.pages.find((event) => event.kind === 'page')?.page;

  // A page that arrived joins the list once (state from an earlier render: the stream's last page stays until the next runs).
  if (stream.status === 'done' && arrived && asking !== null && !pages.includes(arrived)) {
    setPages([...pages, arrived]);
    setAsking(null);
  }

  const rows = useMemo(() => pages.flatMap((page) => page.rows), [pages]);
  const first = pages[0];
  const last = pages.at(-1);
  const more = last?.next ?? null;
  const running = asking !== null && (stream.status === 'running' || waitingForSandbox);
  const loadOlder = () => {
    if (more !== null && !running) ask({ before: more });
  };

  // Loaded as the person scrolls: the "Load older" button coming into view asks for the next page.
  const sentinel = useRef<HTMLButtonElement>(null);
  // The runs of blocks not kept, as each page found them: one per run, its nonces over every page loaded.
  const notKept = useMemo(() => mergeNotKept(pages.flatMap((page) => page.notKept ?? [])), [pages]);

  useEffect(() => {
    const button = sentinel.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && button.click());
    observer.observe(button);
    return () => observer.disconnect();
  }, [more, running]);

  return (
    <section className="card explorer-section history-section" aria-labelledby="sent-title">
      <h2 id="sent-title" className="section-title">
        Transactions sent{' '}
        {first ? (
          <span className="muted explorer-at">
            {formatNumber(first.nonce)} in all (its nonce at block {formatNumber(first.head)})
          </span>
        ) : null}
      </h2>
      <p className="muted history-how">
        Found from the address's nonce alone: the block of each nonce by bisection on its nonce at past blocks, then the transaction in
        that block it sent. No indexer; what is found below the finalized block is kept on this machine.
        {isContract ? ' A contract’s nonce counts the contracts it created: those blocks hold no transaction it sent.' : ''}
      </p>
      {first && first.nonce === 0 ? <p className="muted">This address has sent no transactions.</p> : null}
      <NotKeptNote
        networkId={networkId}
        ranges={notKept}
        what="the transactions sent in them cannot be found by the nonce, and are not listed"
        detail={(range) => (range.nonceFrom === range.nonceTo ? <>nonce {formatNumber(range.nonceFrom)} was used in them</> : <>nonces {formatNumber(range.nonceFrom)}–{formatNumber(range.nonceTo)} were used in them</>)}
      />
      {rows.length > 0 ? (
        <DataTable
          rows={rows}
          columns={COLUMNS}
          rowKey={(row) => row.hash}
          label="transactions sent"
          onOpen={(row) => navigate(`/explorer/tx/${row.hash}`)}
          initialSort={{ id: 'nonce', desc: true }}
          maxHeight={640}
        />
      ) : null}
      {running ? (
        <div className="history-progress" role="status" aria-label="Looking for transactions">
          <LoadingState
            label={
              waitingForSandbox
                ? 'Waiting for the Local sandbox to start…'
                : progress && progress.kind === 'progress'
                ? `Finding the blocks of ${countOf(progress.of, 'nonce')}: ${formatNumber(progress.located)} found · ${countOf(progress.requests, 'request')}`
                : 'Reading the address’s nonce…'
            }
          />
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              stream.cancel();
              setAsking(null);
              setCancelled(true);
            }}
          >
            Cancel
          </button>
        </div>
      ) : null}
      {stream.status === 'failed' && stream.error && !waitingForSandbox ? <ErrorNotice error={stream.error} title="The transactions could not be found" onRetry={stream.rerun} /> : null}
      {asking === null && !cancelled && more !== null ? (
        <button ref={sentinel} type="button" className="btn history-more" onClick={loadOlder}>
          Load older transactions (nonces {formatNumber(Math.max(0, more - PAGE))}–{formatNumber(more - 1)})
        </button>
      ) : null}
      {cancelled ? (
        <p className="history-cancelled">
          <span className="muted">Stopped. </span>
          <button type="button" className="btn btn-small" onClick={() => ask(lastAsk)}>
            Look again
          </button>
        </p>
      ) : null}
      {last && more === null && rows.length > 0 ? (
        <p className="muted history-end">
          {notKept.length === 0 ? 'That is every transaction it sent, back to nonce 0.' : `That is every transaction it sent back to nonce 0 but the ${countOf(notKept.reduce((sum, range) => sum + range.nonceTo - range.nonceFrom + 1, 0), 'nonce')} used in blocks this node keeps no state of (above).`}
        </p>
      ) : null}
      {!isContract ? <NoncesWithoutTransaction nonces={pages.flatMap((page) => page.withoutTransaction ?? [])} /> : null}
    </section>
  );
}

/** Nonces an account used without a transaction it sent: each an EIP-7702 authorization it signed, with its block. */
function NoncesWithoutTransaction({ nonces }: { nonces: SentPage['withoutTransaction'] }) {
  if (nonces.length === 0) return null;
  return (
    <p className="muted history-end">
      {countOf(nonces.length, 'nonce')} used without a transaction it sent (an EIP-7702 authorization it signed uses one):{' '}
      {nonces.slice(0, 10).map((item, i) => (
        <span key={item.nonce}>
          {i > 0 ? ', ' : ''}nonce {formatNumber(item.nonce)} in block <BlockLink number={item.block} hash={null} />
        </span>
      ))}
      {nonces.length > 10 ? ', …' : ''}.
    </p>
  );
}

/**
 * Runs of blocks not kept found by several pages, one per run: runs that overlap (the same run, a block longer as
 * the node pruned on between two pages) as one, from the lowest nonce to the highest; newest first.
 */
function mergeNotKept(runs: SentPage['notKept']): SentPage['notKept'] {
  const merged: SentPage['notKept'] = [];
  for (const run of [...runs].sort((a, b) => (BigInt(a.from) < BigInt(b.from) ? -1 : 1))) {
    const last = merged.at(-1);
    if (last && BigInt(run.from) <= BigInt(last.to)) {
      merged[merged.length - 1] = {
        from: last.from,
        to: BigInt(run.to) > BigInt(last.to) ? run.to : last.to,
        nonceFrom: Math.min(last.nonceFrom, run.nonceFrom),
        nonceTo: Math.max(last.nonceTo, run.nonceTo),
      };
    } else merged.push(run);
  }
  return merged.reverse();
}

import { useState } from 'react';
import { Link, useNavigate } from '../../../components/Link';
import type { LatestView } from '../../../../src-shared/api/explorer';
import { classifyQuery } from '../../../../src-shared/search/classifyQuery';
import { EthAmount } from '../../../components/chain/Amounts';
import { AddressLink, BlockLink, TxLink } from '../../../components/chain/ChainLinks';
import { GasBar } from '../../../components/chain/GasBar';
import { PageHeader } from '../../../components/PageHeader';
import { Field } from '../../../components/Field';
import { Timestamp } from '../../../components/chain/Timestamp';
import { useNow } from '../../../hooks/useNow';
import { useAfterFirstPaint } from '../../../components/AfterFirstPaint';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription';
import { formatEth, formatNumber } from '../../../lib/formatChain';
import { formatAgo, formatDateTime } from '../../../lib/formatTime';
import { WaitingForNode } from '../../../components/WaitingForNode';
import { MethodBadge } from '../MethodBadge';
import { NodeStoppedNote } from './NodeStoppedNote';
import { countOf } from '../../../../src-shared/text/countOf';

/** Rows of each list in the home's first frame (what a window shows above the fold); the rest follow once it is painted. */
const FIRST_FRAME_ROWS = 6;

/** What the home asks the latest-blocks feed for; the explorer holds the same feed while it shows (ExplorerScreen). */
export const latestInput = (networkId: string) => ({ networkId, count: 10 });

/** The explorer's start page: the latest blocks and transactions, live from the network's head feed. */
export function ExplorerHome({ networkId, networkName }: { networkId: string; networkName: string }) {
  // Asked again every second while it fails (the sandbox is starting, the node is down): the kept view shows meanwhile.
  // A visit after the first paints the blocks the last one heard at once, then the live feed's.
  const latest = useLiveSubscription('explorer.latest', latestInput(networkId), { retryMs: 1000, keepLast: true });
  const view = latest.data;
  // The node's own health (the header's dot hears the same feed): when it stops answering, the blocks shown are
  // stale, and the page says so itself rather than "live" over them.
  const health = useLiveSubscription('network.health', { networkId });
  const stopped = view !== undefined && view.storedAt === undefined && health.data?.state === 'error' ? health.data : undefined;
  const rows = useAfterFirstPaint() ? undefined : FIRST_FRAME_ROWS;
  const retry = () => {
    health.restart();
    latest.restart();
  };
  return (
    <div className="page explorer-page">
      <PageHeader
        title="Explorer"
        description={`Latest blocks and transactions on ${networkName}, ${view?.storedAt !== undefined || stopped ? 'as last seen' : 'live'}.`}
        actions={<ReceiptLookup />}
      />
      {view?.storedAt !== undefined ? <StoredNote savedAt={view.storedAt} networkName={networkName} /> : null}
      {stopped ? <NodeStoppedNote event={stopped} networkName={networkName} newestAt={view?.blocks[0]?.timestamp} onRetry={retry} /> : null}
      {view ? <HeadStrip view={view} /> : null}
      {!view ? (
        <WaitingForNode
          networkId={networkId}
          networkName={networkName}
          label={`Waiting for the latest block of ${networkName}…`}
          onRetry={latest.restart}
          failed={latest.error}
          failedTitle="The latest blocks could not be read"
        />
      ) : null}
      {view ? (
        <div className="explorer-home-grid">
          <section className="card explorer-home-card" aria-labelledby="latest-blocks">
            <h2 id="latest-blocks" className="section-title">
              Latest blocks
            </h2>
            <ol className="explorer-feed">
              {view.blocks.slice(0, rows).map((block) => (
                <li key={block.hash} className="explorer-feed-item">
                  <span className="explorer-feed-main">
                    <span>
                      Block <BlockLink number={block.number} hash={block.hash} />
                    </span>
                    <span className="muted explorer-feed-sub">
                      <Timestamp seconds={block.timestamp} /> · {countOf(block.transactionCount, 'transaction')}
                    </span>
                  </span>
                  <span className="explorer-feed-side">
                    <GasBar used={block.gasUsed} limit={block.gasLimit} compact />
                    <span className="muted explorer-feed-sub">{block.baseFeePerGas ? `base fee ${formatEth(block.baseFeePerGas, 'gwei', 3)}` : 'no base fee'}</span>
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <section className="card explorer-home-card" aria-labelledby="latest-transactions">
            <h2 id="latest-transactions" className="section-title">
              Latest transactions
            </h2>
            {view.transactionsPending && view.storedAt !== undefined ? (
              // Kept from a window closed before the transactions of its blocks were read.
              <p className="muted">The transactions of these blocks were not kept on this machine: they come once {networkName} answers.</p>
            ) : view.transactionsPending ? (
              <p className="muted" role="status">
                Reading the latest transactions…
              </p>
            ) : view.transactions.length === 0 ? (
              <p className="muted">No transactions in the latest {countOf(view.blocks.length, 'block')}.</p>
            ) : null}
            {view.receiptsOneByOne ? (
              <p className="muted explorer-feed-note" role="note">
                This node does not offer eth_getBlockReceipts, so each transaction’s receipt is read on its own.
              </p>
            ) : null}
            <ol className="explorer-feed">
              {view.transactions.slice(0, rows).map((tx) => (
                <li key={tx.hash} className="explorer-feed-item">
                  <span className="explorer-feed-main">
                    <span className="explorer-feed-line">
                      <TxLink hash={tx.hash} copy={false} /> <MethodBadge method={tx.method} />
                      {tx.status === 'failed' ? <span className="badge badge-danger">failed</span> : null}
                    </span>
                    <span className="muted explorer-feed-sub explorer-feed-line">
                      <AddressLink address={tx.from} copy={false} /> → {tx.to ? <AddressLink address={tx.to} copy={false} /> : tx.createdContract ? <AddressLink address={tx.createdContract} copy={false} /> : 'new contract'}
                    </span>
                  </span>
                  <span className="explorer-feed-side">
                    <EthAmount wei={tx.value} />
                    <span className="muted explorer-feed-sub">
                      <Timestamp seconds={tx.timestamp} />
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      ) : null}
    </div>
  );
}

/** Says that the blocks shown are the ones kept from before, until the node answers (then the live ones replace them). */
function StoredNote({ savedAt, networkName }: { savedAt: number; networkName: string }) {
  const now = useNow();
  return (
    <p className="explorer-stored-note" role="status">
      <strong>Saved on this machine {formatAgo(savedAt, now)}</strong> ({formatDateTime(savedAt)}): {networkName} has not answered yet. The latest blocks
      replace these as soon as it does.
    </p>
  );
}

function HeadStrip({ view }: { view: LatestView }) {
  const newest = view.blocks[0];
  return (
    <div className="explorer-strip card" aria-label="Chain at a glance">
      <div className="explorer-stat">
        <span className="explorer-stat-label">Latest block</span>
        <span className="explorer-stat-value">
          <BlockLink number={view.head} />
        </span>
      </div>
      <div className="explorer-stat">
        <span className="explorer-stat-label">Base fee</span>
        <span className="explorer-stat-value gas-chip">
          {newest?.baseFeePerGas ? formatEth(newest.baseFeePerGas, 'gwei', 3) : '—'}{' '}
          <Link to="/gas" className="explorer-gas-link" aria-label="Open the gas dashboard">
            gas →
          </Link>
        </span>
      </div>
      <div className="explorer-stat">
        <span className="explorer-stat-label">Transactions in it</span>
        <span className="explorer-stat-value">{newest ? formatNumber(newest.transactionCount) : '—'}</span>
      </div>
      <div className="explorer-stat">
        <span className="explorer-stat-label">Gas used</span>
        <span className="explorer-stat-value">{newest ? <GasBar used={newest.gasUsed} limit={newest.gasLimit} compact /> : '—'}</span>
      </div>
      {view.reset ? <span className="badge badge-warn">The chain was replaced: cached data was dropped</span> : null}
    </div>
  );
}

/** A support engineer's entry: paste a transaction hash, see its receipt explained. */
function ReceiptLookup() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="receipt-lookup"
      onSubmit={(event) => {
        event.preventDefault();
        const query = classifyQuery(text);
        if (query.kind === 'hash') {
          setError(undefined);
          navigate(`/explorer/tx/${query.hash}`);
        } else setError(query.kind === 'invalid' ? query.message : 'A transaction hash is 0x followed by 64 hex digits.');
      }}
    >
      <Field id="receipt-lookup" label="Look up a receipt" error={error} announce>
        {(control) => (
          <span className="receipt-lookup-row">
            <input {...control} className="input mono" placeholder="Transaction hash 0x…" value={text} onChange={(event) => setText(event.target.value)} />
            <button type="submit" className="btn btn-primary">
              Explain
            </button>
          </span>
        )}
      </Field>
    </form>
  );
}

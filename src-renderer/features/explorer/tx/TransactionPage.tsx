import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import type { TransactionView } from '../../../../src-shared/api/explorer';
import { quoteInput } from '../../../../src-shared/text/quoteInput';
import { useApi } from '../../../api/useApi';
import { AddressLink, BlockLink } from '../../../components/chain/ChainLinks';
import { DecodedView } from '../../../components/chain/DecodedView';
import { RawJson } from '../../../components/chain/RawJson';
import { EthAmount, TokenAmount } from '../../../components/chain/Amounts';
import { GasBar } from '../../../components/chain/GasBar';
import { Timestamp } from '../../../components/chain/Timestamp';
import { StatusBadge } from '../StatusBadge';
import { HexValue } from '../../../components/HexValue';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { formatNumber } from '../../../lib/formatChain';
import { ChainFields } from '../ChainFields';
import { blockQuery, transactionQuery } from '../explorerQueries';
import { WaitingForNode } from '../../../components/WaitingForNode';
import { caseFileJson, caseFileMarkdown } from './caseFile';
import { explainTransaction } from './explainTransaction';
import { RECEIPT_FIELDS, TRANSACTION_FIELDS, TRANSACTION_TYPES } from './txFields';
import { shortHex } from '../../../../src-shared/text/shortHex';
import { countOf } from '../../../../src-shared/text/countOf';

/** Saves text as a file the person downloads. */
function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A transaction: first what happened in plain words (for support), then its fields, decoded input, token
 * transfers, logs and receipt. A hash that names a block instead opens the block.
 */
export function TransactionPage({ networkId, networkName, hash }: { networkId: string; networkName: string; hash: string }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const valid = /^0x[0-9a-fA-F]{64}$/.test(hash);
  const tx = useQuery({ ...transactionQuery(api, networkId, hash), enabled: valid });
  const notFound = tx.isError && apiErrorOf(tx.error).kind === 'notFound';
  const asBlock = useQuery({ ...blockQuery(api, networkId, hash), enabled: notFound });
  useEffect(() => {
    if (asBlock.data) navigate(`/explorer/block/${hash}`, { replace: true });
  }, [asBlock.data, hash, navigate]);

  if (!valid) {
    return (
      <div className="page explorer-page">
        <h1 className="page-title">Transaction</h1>
        <ErrorNotice error={{ name: 'InvalidHashError', kind: 'invalidInput', shortMessage: `${quoteInput(hash)} is not a transaction hash`, details: 'A transaction hash is 0x followed by 64 hex digits.' }} />
      </div>
    );
  }
  if (tx.isPending || (notFound && asBlock.isPending)) return <WaitingForNode networkId={networkId} networkName={networkName} label={`Looking up ${shortHex(hash)} on ${networkName}…`} onRetry={() => void tx.refetch()} />;
  if (tx.isError) {
    return (
      <div className="page explorer-page">
        <h1 className="page-title">Transaction</h1>
        <ErrorNotice error={apiErrorOf(tx.error)} title={notFound ? undefined : 'This transaction could not be read'} onRetry={() => void tx.refetch()} />
      </div>
    );
  }
  return <TransactionBody view={tx.data} networkName={networkName} />;
}

function TransactionBody({ view, networkName }: { view: TransactionView; networkName: string }) {
  const explanation = explainTransaction(view, networkName);
  const hash = String(view.transaction.hash);
  const type = String(view.transaction.type ?? '0x0');
  const confirmations = view.block ? BigInt(view.head) - BigInt(view.block.number) + 1n : null;
  const mark = (address: unknown) => (typeof address === 'string' ? view.addresses[address.toLowerCase()] : undefined);
  return (
    <div className="page explorer-page">
      <header className="page-header">
        <div className="explorer-page-heading">
          <h1 className="page-title">Transaction</h1>
          <p className="page-subtitle">
            <HexValue value={hash} label="transaction hash" />
          </p>
        </div>
        {view.position ? (
          <nav className="explorer-pager" aria-label="Neighbouring transactions in the block">
            {view.position.previous ? (
              <Link className="btn btn-small" href={`/explorer/tx/${view.position.previous}`}>
                ← Previous in block
              </Link>
            ) : null}
            <span className="muted">
              {view.position.index + 1} of {view.position.count}
            </span>
            {view.position.next ? (
              <Link className="btn btn-small" href={`/explorer/tx/${view.position.next}`}>
                Next in block →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </header>

      <section className={`card explorer-summary is-${explanation.outcome}`} aria-labelledby="tx-summary">
        <h2 id="tx-summary" className="explorer-summary-headline">
          {explanation.headline}
        </h2>
        <ul className="explorer-summary-lines">
          {explanation.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="explorer-summary-actions">
          <button type="button" className="btn btn-small" onClick={() => download(`blockglass-${hash.slice(0, 10)}.md`, caseFileMarkdown(view, networkName), 'text/markdown')}>
            Export case file (Markdown)
          </button>
          <button type="button" className="btn btn-small" onClick={() => download(`blockglass-${hash.slice(0, 10)}.json`, caseFileJson(view, networkName), 'application/json')}>
            Export JSON
          </button>
        </div>
      </section>

      <section className="card explorer-section" aria-labelledby="tx-overview">
        <h2 id="tx-overview" className="section-title">
          Overview
        </h2>
        <dl className="info-list" aria-label="Transaction at a glance">
          <div className="info-row">
            <dt>Block</dt>
            <dd>
              {view.block ? (
                <>
                  <BlockLink number={view.block.number} hash={view.block.hash} /> <span className="muted">· {confirmations !== null ? countOf(confirmations, 'confirmation') : ''}</span>
                </>
              ) : (
                <span className="muted">pending</span>
              )}
            </dd>
          </div>
          <div className="info-row">
            <dt>From</dt>
            <dd>
              <AddressLink address={String(view.transaction.from)} {...mark(view.transaction.from)} full />
            </dd>
          </div>
          <div className="info-row">
            <dt>{view.transaction.to ? 'To' : 'Contract created'}</dt>
            <dd>
              {view.transaction.to ? (
                <AddressLink address={String(view.transaction.to)} {...mark(view.transaction.to)} full />
              ) : view.receipt?.contractAddress ? (
                <AddressLink address={String(view.receipt.contractAddress)} isContract full />
              ) : (
                <span className="muted">a contract creation</span>
              )}
            </dd>
          </div>
          <div className="info-row">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={view.pending ? 'pending' : view.receipt?.status === '0x0' ? 'failed' : 'success'} />
            </dd>
          </div>
          <div className="info-row">
            <dt>Timestamp</dt>
            <dd>{view.block ? <Timestamp seconds={view.block.timestamp} full /> : <span className="muted">pending</span>}</dd>
          </div>
          <div className="info-row">
            <dt>Value</dt>
            <dd>
              <EthAmount wei={String(view.transaction.value ?? '0x0')} />
            </dd>
          </div>
          <div className="info-row">
            <dt>Transaction fee</dt>
            <dd>
              <EthAmount wei={view.fee} />
              {view.receipt ? <span className="muted">· {formatNumber(String(view.receipt.gasUsed))} gas at <EthAmount wei={String(view.receipt.effectiveGasPrice)} unit="gwei" /></span> : null}
            </dd>
          </div>
          <div className="info-row">
            <dt>Gas used</dt>
            <dd>{view.receipt ? <GasBar used={String(view.receipt.gasUsed)} limit={String(view.transaction.gas)} /> : <span className="muted">pending</span>}</dd>
          </div>
          <div className="info-row">
            <dt>Type · nonce</dt>
            <dd>
              {TRANSACTION_TYPES[type] ?? type} · nonce {formatNumber(String(view.transaction.nonce))}
            </dd>
          </div>
        </dl>
      </section>

      {view.input ? (
        <section className="card explorer-section" aria-labelledby="tx-input">
          <h2 id="tx-input" className="section-title">
            Input
          </h2>
          <DecodedView decoding={view.input} raw={view.transaction.input} rawLabel="input" />
        </section>
      ) : null}

      {view.transfers.length > 0 ? (
        <section className="card explorer-section" aria-labelledby="tx-transfers">
          <h2 id="tx-transfers" className="section-title">
            Token transfers ({view.transfers.length})
          </h2>
          <ul className="explorer-transfers">
            {view.transfers.map((transfer) => (
              <li key={transfer.logIndex}>
                <span className="badge">{transfer.standard}</span>{' '}
                {transfer.standard === 'ERC-721' ? <span className="mono">#{transfer.tokenId}</span> : <TokenAmount amount={transfer.amount ?? '0'} decimals={transfer.decimals} symbol={transfer.symbol} />} <span className="muted">of</span>{' '}
                <AddressLink address={transfer.token} isContract label={transfer.symbol ?? undefined} /> <span className="muted">from</span> <AddressLink address={transfer.from} /> <span className="muted">to</span> <AddressLink address={transfer.to} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {view.logs.length > 0 ? (
        <section className="card explorer-section" aria-labelledby="tx-logs">
          <h2 id="tx-logs" className="section-title">
            Logs ({view.logs.length})
          </h2>
          <ol className="explorer-logs">
            {view.logs.map(({ log, decoded }, index) => (
              <li key={index} className="explorer-log">
                <p className="explorer-log-head">
                  <span className="badge">#{formatNumber(String(log.logIndex ?? index))}</span> <span className="muted">emitted by</span> <AddressLink address={String(log.address)} {...mark(log.address)} />
                </p>
                <DecodedView decoding={decoded} raw={log} rawLabel="log" />
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section className="card explorer-section" aria-labelledby="tx-fields">
        <h2 id="tx-fields" className="section-title">
          Transaction fields
        </h2>
        <ChainFields object={view.transaction} fields={TRANSACTION_FIELDS} label="Transaction fields" />
        <RawJson value={view.transaction} label="transaction" />
      </section>

      <section className="card explorer-section" aria-labelledby="tx-receipt">
        <h2 id="tx-receipt" className="section-title">
          Receipt
        </h2>
        {view.receipt ? (
          <>
            <ChainFields object={view.receipt} fields={RECEIPT_FIELDS} skip={new Set(['logs'])} label="Receipt fields" nullText="none" />
            <RawJson value={view.receipt} label="receipt" />
          </>
        ) : (
          <p className="muted">No receipt yet: the transaction is pending. This page checks again every few seconds.</p>
        )}
      </section>
    </div>
  );
}

import type { TransactionView } from '../../../../src-shared/api/explorer';
import { countOf } from '../../../../src-shared/text/countOf';
import { EthAmount } from '../../../components/chain/Amounts';
import { AddressLink, BlockLink } from '../../../components/chain/ChainLinks';
import { GasBar } from '../../../components/chain/GasBar';
import { Timestamp } from '../../../components/chain/Timestamp';
import { formatNumber } from '../../../lib/formatChain';
import { MoneyBeside } from '../../../components/money/MoneyBeside';
import { PriceLine } from '../../../components/money/PriceLine';
import { StatusBadge } from '../StatusBadge';
import { addressMarkOf } from './addressMarkOf';
import { TRANSACTION_TYPES } from './txFields';

/** The transaction at a glance: its block and confirmations, who sent it to whom, its status, value, fee and gas. */
export function TransactionOverview({ view, networkId }: { view: TransactionView; networkId: string }) {
  const type = String(view.transaction.type ?? '0x0');
  const confirmations = view.block ? BigInt(view.head) - BigInt(view.block.number) + 1n : null;
  return (
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
            <AddressLink address={String(view.transaction.from)} {...addressMarkOf(view, view.transaction.from)} full />
          </dd>
        </div>
        <div className="info-row">
          <dt>{view.transaction.to ? 'To' : 'Contract created'}</dt>
          <dd>
            {view.transaction.to ? (
              <AddressLink address={String(view.transaction.to)} {...addressMarkOf(view, view.transaction.to)} full />
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
            <MoneyBeside networkId={networkId} wei={String(view.transaction.value ?? '0x0')} testId="tx-value-money" />
          </dd>
        </div>
        <div className="info-row">
          <dt>Transaction fee</dt>
          <dd>
            <EthAmount wei={view.fee} />
            <MoneyBeside networkId={networkId} wei={view.fee} testId="tx-fee-money" />
            {view.receipt ? <span className="muted">· {formatNumber(String(view.receipt.gasUsed))} gas at <EthAmount wei={String(view.receipt.effectiveGasPrice)} unit="gwei" /></span> : null}
          </dd>
        </div>
        <div className="info-row">
          <dt>Price of ETH now</dt>
          <dd>
            <PriceLine networkId={networkId} />
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
  );
}

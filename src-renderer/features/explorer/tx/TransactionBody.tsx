import type { TransactionView } from '../../../../src-shared/api/explorer';
import { DecodedView } from '../../../components/chain/DecodedView';
import { RawJson } from '../../../components/chain/RawJson';
import { HexValue } from '../../../components/HexValue';
import { LoadingState } from '../../../components/LoadingState';
import { lazyScreen, ScreenFallback } from '../../../lib/lazyScreen';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint';
import { PageHeader } from '../../../components/PageHeader';
import { ChainFields } from '../ChainFields';
import { loadReplayTabs } from './replayTabsModule';
import { TransactionLogs } from './TransactionLogs';
import { TransactionOverview } from './TransactionOverview';
import { TransactionPager } from './TransactionPager';
import { TransactionSummary } from './TransactionSummary';
import { TransactionTabs, type TransactionTab } from './TransactionTabs';
import { TransactionTransfers } from './TransactionTransfers';
import { RECEIPT_FIELDS, TRANSACTION_FIELDS } from './txFields';

// The replay tabs' script is loaded apart (the overview needs none of it): when the window is idle after the page
// shows (preloadScreens.ts), or beside the page's own when a link opens one of them (routes.ts).
const TraceTab = lazyScreen(loadReplayTabs, (module) => module.TraceTab);
const StateTab = lazyScreen(loadReplayTabs, (module) => module.StateTab);
const WhatIfTab = lazyScreen(loadReplayTabs, (module) => module.WhatIfTab);

/**
 * A transaction read, in four tabs: the overview (what happened in words, then its overview, decoded input, token
 * transfers, logs, fields and receipt), its trace (the call tree), its state (what it changed) and what if (a re-run
 * with one thing changed). The last three are read only when their tab is opened.
 */
export function TransactionBody({ view, networkId, networkName, tab = 'overview' }: { view: TransactionView; networkId: string; networkName: string; tab?: TransactionTab }) {
  const hash = String(view.transaction.hash);
  return (
    <div className="page explorer-page">
      <PageHeader
        title="Transaction"
        headingClassName="explorer-page-heading"
        description={<HexValue value={hash} label="transaction hash" />}
        actions={view.position ? <TransactionPager position={view.position} /> : null}
      />
      {/* A pending transaction has no trace yet: its page is the overview alone. */}
      {view.pending ? null : <TransactionTabs hash={hash} current={tab} />}
      {view.pending || tab === 'overview' ? <TransactionOverviewTab view={view} networkId={networkId} networkName={networkName} /> : null}
      <ScreenFallback fallback={<LoadingState screen label="Opening this tab…" />}>
        {tab === 'trace' && !view.pending ? <TraceTab networkId={networkId} hash={hash} /> : null}
        {tab === 'state' && !view.pending ? <StateTab networkId={networkId} hash={hash} /> : null}
        {tab === 'whatif' && !view.pending ? <WhatIfTab networkId={networkId} hash={hash} /> : null}
      </ScreenFallback>
    </div>
  );
}

function TransactionOverviewTab({ view, networkId, networkName }: { view: TransactionView; networkId: string; networkName: string }) {
  return (
    <>
      <TransactionSummary view={view} networkId={networkId} networkName={networkName} />
      <TransactionOverview view={view} networkId={networkId} />

      {view.input ? (
        <section className="card explorer-section" aria-labelledby="tx-input">
          <h2 id="tx-input" className="section-title">
            Input
          </h2>
          <DecodedView decoding={view.input} raw={view.transaction.input} rawLabel="input" />
        </section>
      ) : null}
      {view.transfers.length > 0 ? <TransactionTransfers transfers={view.transfers} /> : null}
      {view.logs.length > 0 ? <TransactionLogs view={view} /> : null}

      {/* Its fields and receipt, below the fold, come once the first frame (what happened, the fee, input, transfers
          and logs) is painted: a cold page's first frame carries half the elements. */}
      <AfterFirstPaint>
        <TransactionFieldsAndReceipt view={view} />
      </AfterFirstPaint>
    </>
  );
}

function TransactionFieldsAndReceipt({ view }: { view: TransactionView }) {
  return (
    <>
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
    </>
  );
}

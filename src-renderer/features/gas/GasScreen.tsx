import { useNavigate } from '../../components/Link';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { LOCAL_ESTIMATE_LABEL } from '../../../src-shared/gas/gasTypes';
import { useApi } from '../../api/useApi';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { useNow } from '../../hooks/useNow';
import { useIntlReady } from '../../lib/intlReady';
import { networksQuery } from '../../queries/networks';
import { BaseFeePanel } from './BaseFeePanel';
import { CompareStrip } from './CompareStrip';
import { FeeRanges } from './FeeRanges';
import { gasSettingsQuery, typicalGasQuery } from './gasQueries';
import { LevelCards } from './LevelCards';
import { useGasFeed } from './useGasFeed';
import type { TypicalGas } from '../../../src-shared/api/prices';
import { PriceSource } from '../../components/money/PriceSource';
import { currencyName } from '../../lib/money/formatMoney';
import { ethPriceQuery } from '../../queries/ethPrice';
import { SavedCallCosts } from './SavedCallCosts';
import { useSeeGasAlerts } from '../../hooks/useUnseenGasAlerts';
import type { BlockCadence } from '../../../src-shared/gas/blockCadence';
import { countOf } from '../../../src-shared/text/countOf';
import { WaitingForNode } from '../../components/WaitingForNode';
import './gas.css';
import { lazyScreen, ScreenFallback } from '../../lib/lazyScreen';
import { loadGasBelowTheFold } from './belowTheFoldModule';
import { groupDigits } from '../../../src-shared/text/groupDigits';

// Below the levels, from a script of their own (the charts' uPlot, the forms' zod): drawn once the levels are painted.
const HistoryChart = lazyScreen(loadGasBelowTheFold, (module) => module.HistoryChart);
const BlocksChart = lazyScreen(loadGasBelowTheFold, (module) => module.BlocksChart);
const AlertsPanel = lazyScreen(loadGasBelowTheFold, (module) => module.AlertsPanel);
const GasSettingsForm = lazyScreen(loadGasBelowTheFold, (module) => module.GasSettingsForm);
const EthPriceForm = lazyScreen(loadGasBelowTheFold, (module) => module.EthPriceForm);

/**
 * The gas dashboard: `/gas` shows the selected network, `/gas?network=<id>` another one; networks added to the
 * comparison stay side by side at the top.
 */
export function GasScreen() {
  const api = useApi();
  // Alerts that fired are seen here (their list is on this page): the sidebar's count and the notices go.
  useSeeGasAlerts();
  const networks = useQuery(networksQuery(api));
  const search = new URLSearchParams(useSearch());
  const navigate = useNavigate();
  if (!networks.data) return networks.error ? <ErrorNotice error={apiErrorOf(networks.error)} /> : <LoadingState label="Loading networks…" />;
  const asked = search.get('network');
  const focused = networks.data.find((network) => network.id === asked) ?? networks.data.find((network) => network.selected);
  if (asked && !networks.data.some((network) => network.id === asked)) {
    return (
      <div className="page">
        <EmptyState title={`No network "${asked}"`}>The link names a network this app does not have. Add it in Settings, or open the gas dashboard of the selected network.</EmptyState>
      </div>
    );
  }
  if (!focused) return <LoadingState label="Loading networks…" />;
  if (focused.family !== 'evm') {
    return (
      <div className="page">
        <EmptyState title={`${focused.name} is a Starknet network`}>The gas dashboard reads EVM networks' EIP-1559 fees. Pick an EVM network in the top bar.</EmptyState>
      </div>
    );
  }
  return (
    <div className="page gas-page">
      <GasDetail networkId={focused.id} networkName={focused.name} />
      <CompareStrip networks={networks.data} focusedId={focused.id} onFocus={(networkId) => navigate(`/gas?network=${encodeURIComponent(networkId)}`)} />
      <GasBody networkId={focused.id} networkName={focused.name} />
      <AfterFirstPaint>
        <ScreenFallback fallback={<LoadingState label="Loading the settings…" />}>
          <GasSettings networkId={focused.id} networkName={focused.name} />
        </ScreenFallback>
      </AfterFirstPaint>
    </div>
  );
}

/** The page header: which network, where the figures come from, when they were read and when the next poll runs. */
function GasDetail({ networkId, networkName }: { networkId: string; networkName: string }) {
  const api = useApi();
  const settings = useQuery(gasSettingsQuery(api));
  const { snapshot, error, nextPollAt, visible } = useGasFeed(networkId);
  const now = useNow(1000);
  // The local time of the read needs Intl, loaded once the window has painted (intlReady.ts): it joins the line then.
  const intl = useIntlReady();
  return (
    <PageHeader
      className="gas-header"
      title="Gas"
      description={`Fees on ${networkName}, polled every ${settings.data?.pollSeconds ?? 10} s while this window is visible; history kept on this machine for ${countOf(settings.data?.retentionDays ?? 30, 'day')}.`}
      actions={
        <>
          <div className="gas-status" aria-live="polite">
            {snapshot ? (
              <>
                <span className={`badge ${snapshot.source === 'api' ? 'badge-ok' : 'badge-warn'}`} data-testid="gas-source">
                  {snapshot.source === 'api' ? 'Source: gas API' : `Source: ${LOCAL_ESTIMATE_LABEL}`}
                </span>
                <span className="muted" data-testid="suggestion-block">
                  Levels for block #{groupDigits(snapshot.suggestionBlock)}
                  {intl ? ` · read ${new Date(snapshot.fetchedAt).toLocaleTimeString()}` : ''}
                  {nextPollAt && visible ? ` · next poll in ${Math.max(0, Math.ceil((nextPollAt - now) / 1000))} s` : ''}
                  {!visible ? ' · paused while hidden' : ''}
                </span>
                {snapshot.fallbackReason ? <span className="muted gas-fallback">{snapshot.fallbackReason}</span> : null}
                {snapshot.blockCadence ? <span className="muted gas-fallback" data-testid="block-cadence">{cadenceText(snapshot.blockCadence)}</span> : null}
              </>
            ) : null}
          </div>
          {error ? <ErrorNotice error={error} title={snapshot ? 'The latest poll failed (showing the one before)' : 'Gas could not be read'} /> : null}
        </>
      }
    />
  );
}

/** The levels first, with what things cost at each, then the base fee, ranges, history, blocks and alerts. */
function GasBody({ networkId, networkName }: { networkId: string; networkName: string }) {
  const api = useApi();
  const { snapshot, error, backfilling } = useGasFeed(networkId);
  const price = useQuery(ethPriceQuery(api, networkId));
  const typical = useQuery(typicalGasQuery(api, networkId));
  const intl = useIntlReady(); // the currency's name in words is Intl's (intlReady.ts)
  if (!snapshot) return error ? null : <WaitingForNode networkId={networkId} networkName={networkName} label={`Reading gas on ${networkName}…`} />;
  const ethPrice = price.data?.price ?? null;
  return (
    <>
      <p className="gas-price-line" data-testid="gas-price-line">
        {price.data ? (
          <>
            Costs in ETH{ethPrice ? ` and ${ethPrice.currency}${intl ? ` (${currencyName(ethPrice.currency)})` : ''}` : ''}: <PriceSource view={price.data} setPriceHref={null} />
          </>
        ) : (
          <span className="muted">Reading the price of ETH…</span>
        )}
      </p>
      <LevelCards snapshot={snapshot} typical={typical.data ?? TRANSFER_ONLY} price={ethPrice} />
      <SavedCallCosts networkId={networkId} snapshot={snapshot} price={ethPrice} />
      <div className="gas-row">
        <BaseFeePanel snapshot={snapshot} />
        <section className="card gas-ranges-card" aria-labelledby="gas-ranges-title">
          <h2 id="gas-ranges-title" className="section-title">
            Ranges
          </h2>
          <FeeRanges suggestion={snapshot.suggestion} />
        </section>
      </div>
      {/* Below the fold: drawn once the levels are painted (the charts are the page's heaviest part). */}
      <AfterFirstPaint>
        <ScreenFallback fallback={<LoadingState label="Loading the charts and alerts…" />}>
          <HistoryChart networkId={networkId} backfilling={backfilling} />
          <div className="gas-row">
            <BlocksChart networkId={networkId} />
            <AlertsPanel networkId={networkId} networkName={networkName} />
          </div>
        </ScreenFallback>
      </AfterFirstPaint>
    </>
  );
}

/** What the levels price before the network's typical figures are read: a transfer's gas is fixed. */
const TRANSFER_ONLY: TypicalGas[] = [{ kind: 'transfer', gas: '21000', basis: 'protocol' }];

/** The page's settings, last: how gas is polled and kept, and the price of ETH the person sets for this network. */
function GasSettings({ networkId, networkName }: { networkId: string; networkName: string }) {
  return (
    <section className="card gas-settings-card" aria-labelledby="gas-settings-title">
      <h2 id="gas-settings-title" className="section-title">
        Settings
      </h2>
      <div className="gas-settings-grid">
        <div>
          <h3 className="gas-settings-heading">Polling and history (every network)</h3>
          <GasSettingsForm />
        </div>
        <div>
          <h3 className="gas-settings-heading">Price of ETH on {networkName}</h3>
          <EthPriceForm networkId={networkId} networkName={networkName} />
        </div>
      </div>
    </section>
  );
}

/** How the network makes blocks, in words, for the waits of a local estimate. */
function cadenceText(cadence: BlockCadence): string {
  if (cadence.kind === 'onDemand') return 'This node mines a block when a transaction arrives (automine): a transaction is included at once, at any of these fees.';
  if (cadence.kind === 'interval') return `A block about every ${countOf(cadence.seconds, 'second')} here: the waits are counted in this network's blocks.`;
  return 'Too few blocks yet to tell how often this network makes one: the waits assume 12 s blocks.';
}

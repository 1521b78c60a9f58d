import { GAS_POLL_SECONDS, GAS_RETENTION_DAYS, type GasSettings } from '../../../src-shared/api/gas';
import { evaluateAlert, metricValue } from '../../../src-shared/gas/gasAlerts';
import { rpcFeeHistorySchema } from '../../../src-shared/gas/feeHistoryToInput';
import type { FiredGasAlert, GasAlert, GasAlertMetric, GasBlocks, GasEvent, GasHistory, GasRange, GasSnapshot } from '../../../src-shared/gas/gasTypes';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import { createFeedHub } from '../rpc/createFeedHub';
import { sleep } from '../rpc/sleep';
import { toApiError } from '../errors/thrownToApiError';
import { isNodeGone } from '../../../src-shared/api/nodeGone';
import type { Store } from '../store/openStore';
import { createGasAlertRows } from './gasAlertRows';
import { createGasPoller, type GasPoller, type GasPollerDeps } from './createGasPoller';
import { createGasSamples } from './gasSamples';
import { backfillSamples } from './backfillSamples';
import { networkChainKey } from '../chains/chainKey';
import { countOf } from '../../../src-shared/text/countOf';

/** Options of {@link createGasService}. */
export interface GasServiceOptions extends GasPollerDeps {
  store: Pick<Store, 'db' | 'transaction' | 'settings'>;
  /** The chain a network is on, as the store keys it (chains/chainKey.ts): gas samples are the chain's. */
  chainOf(networkId: string): Promise<string>;
  redact(text: string): string;
  log?: (line: string) => void;
  /** The longest wait after failures, ms (default 5 minutes). */
  maxBackoffMs?: number;
}

/** The gas dashboard's service: one poll per watched network, samples and alerts in SQLite. */
export interface GasService {
  watch(networkId: string, emit: (event: GasEvent) => void, signal: AbortSignalLike): Promise<void>;
  history(networkId: string, range: GasRange, points?: number): Promise<GasHistory>;
  blocks(networkId: string, count?: number, signal?: AbortSignal): Promise<GasBlocks>;
  settings(): GasSettings;
  updateSettings(change: Partial<GasSettings>): GasSettings;
  alerts(): GasAlert[];
  addAlert(networkId: string, metric: GasAlertMetric, direction: 'below' | 'above', thresholdGwei: string): GasAlert;
  deleteAlert(id: number): { deleted: boolean };
  /** Snoozes an alert for `minutes` from now (0 wakes it): it fires nothing meanwhile. */
  snoozeAlert(id: number, minutes: number): GasAlert;
  firedAlerts(limit?: number): FiredGasAlert[];
  /** One poll now, stored as a sample and its alerts evaluated, as each tick of the feed does (bench, tests). */
  pollOnce(networkId: string, signal: AbortSignal): Promise<GasSnapshot>;
  /** Networks polled now (tests, diagnostics). */
  polling(): string[];
  /** Forgets a network's fee-history window (its chain was reset). */
  forget(networkId: string): void;
}

const PRUNE_EVERY_MS = 3_600_000;
/** While the node is gone, the feed asks again this often (or at its own interval, if shorter). */
const NODE_GONE_POLL_MS = 2_000;

/**
 * One poll per network, shared by every view through a feed hub: it runs while someone watches (the renderer
 * stops watching when no window is visible) and stops when the last one leaves. Each poll is stored as a sample
 * (samples older than the retention are pruned hourly), evaluates the network's alerts, and is pushed to every
 * watcher. Failures back off (doubling from the interval, up to 5 minutes; a 429's `backoff_seconds` exactly),
 * except a node that is gone, asked again every 2 s so the feed comes back within seconds of it.
 */
export function createGasService(options: GasServiceOptions): GasService {
  const log = options.log ?? (() => {});
  const maxBackoffMs = options.maxBackoffMs ?? 300_000;
  const samples = createGasSamples(options.store);
  const alerts = createGasAlertRows(options.store);
  const pollers = new Map<string, GasPoller>();
  const last = new Map<string, GasSnapshot>();
  let lastPrune = 0;

  const settings = (): GasSettings => ({
    pollSeconds: options.store.settings.get('gasPollSeconds') ?? GAS_POLL_SECONDS.default,
    retentionDays: options.store.settings.get('gasRetentionDays') ?? GAS_RETENTION_DAYS.default,
    compare: options.store.settings.get('gasCompare') ?? [],
  });

  const pollerOf = (networkId: string): GasPoller => {
    let poller = pollers.get(networkId);
    if (!poller) {
      poller = createGasPoller(networkId, options);
      pollers.set(networkId, poller);
    }
    return poller;
  };

  /**
   * Stores a poll's sample under its chain and evaluates its network's alerts, in one transaction (one commit per
   * poll). Alerts are the network's: each watches what its network's source says.
   */
  const record = (polled: Omit<GasSnapshot, 'fired'>, chain: string): GasSnapshot => {
    let fired: FiredGasAlert[] = [];
    try {
      options.store.transaction(() => {
        samples.add(chain, { ...polled, fired: [] });
        const updates = alerts.forNetwork(polled.networkId).map((alert) => {
          const valueGwei = metricValue(alert.metric, polled.suggestion);
          return { alert, valueGwei, ...evaluateAlert(alert, valueGwei, polled.fetchedAt) };
        });
        if (updates.length > 0) fired = alerts.record(updates, polled.suggestionBlock, polled.fetchedAt);
      });
    } catch (error) {
      fired = [];
      log(`gas: could not store a sample or evaluate alerts: ${(error as Error).message}`);
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      try {
        const gone = samples.prune(settings().retentionDays * 86_400_000);
        if (gone > 0) log(`gas: pruned ${countOf(gone, 'sample')} older than ${countOf(settings().retentionDays, 'day')}`);
      } catch (error) {
        log(`gas: could not prune old samples: ${(error as Error).message}`);
      }
    }
    return { ...polled, fired };
  };

  /** Stores samples for the window's blocks no poll saw (the app was closed, or nobody watched). */
  const backfill = async (networkId: string, signal: AbortSignal): Promise<void> => {
    try {
      const network = await options.resolve(networkId);
      if (network.network.family !== 'evm') return;
      const chain = await options.chainOf(networkId);
      const poller = pollerOf(networkId);
      const started = Date.now();
      const stored = await backfillSamples({
        window: () => poller.window(signal),
        timestampOf: (block) => poller.timestampOf(block, signal),
        storedBlocks: (from, to) => samples.blocksIn(chain, from, to),
        store: (made) => samples.addBackfilled(chain, made),
        oldestMs: Date.now() - settings().retentionDays * 86_400_000,
        signal,
      });
      if (stored > 0) log(`gas: ${networkId}: ${countOf(stored, 'past block')} added to the history from fee history in ${Date.now() - started} ms`);
    } catch (error) {
      if (!signal.aborted) log(`gas: ${networkId}: the history could not be filled in from fee history: ${options.redact((error as Error).message)}`);
    }
  };

  const pollOnce = async (networkId: string, signal: AbortSignal): Promise<GasSnapshot> => {
    const polled = await pollerOf(networkId).poll(signal);
    const snapshot = record(polled, await options.chainOf(networkId));
    last.set(networkId, snapshot);
    return snapshot;
  };

  const run = async (networkId: string, emit: (event: GasEvent) => void, signal: AbortSignal): Promise<void> => {
    let failures = 0;
    let backfilled = false;
    while (!signal.aborted) {
      const interval = settings().pollSeconds * 1000;
      let delay = interval;
      try {
        const snapshot = await pollOnce(networkId, signal);
        failures = 0;
        const nextPollAt = Date.now() + delay;
        // After the first poll is shown: the blocks before it that have no sample, from the chain's fee history.
        // The feed says so while it runs (the history is still filling in), and again when it is done.
        emit({ kind: 'snapshot', snapshot, nextPollAt, ...(backfilled ? {} : { backfilling: true }) });
        if (!backfilled) {
          backfilled = true;
          await backfill(networkId, signal);
          if (!signal.aborted) emit({ kind: 'snapshot', snapshot: { ...snapshot, fired: [] }, nextPollAt: Date.now() + delay, backfilling: false });
        }
      } catch (error) {
        if (signal.aborted) return;
        failures += 1;
        const apiError = toApiError(error); // redacted where it leaves, at the dispatcher's door
        const backoff = (apiError.data as { backoffSeconds?: unknown } | undefined)?.backoffSeconds;
        // A node that is gone (killed, restarting) costs nothing to ask again: asked every 2 s at most, it is found
        // within seconds of coming back. Refusals and rate limits back off.
        delay =
          typeof backoff === 'number' && backoff > 0
            ? backoff * 1000
            : isNodeGone(apiError)
              ? Math.min(interval, NODE_GONE_POLL_MS)
              : Math.min(interval * 2 ** failures, Math.max(maxBackoffMs, interval));
        const previous = last.get(networkId);
        emit({ kind: 'error', networkId, error: apiError, nextPollAt: Date.now() + delay, ...(previous ? { last: previous } : {}) });
      }
      await sleep(delay, signal).catch(() => {}); // aborted: the loop ends
    }
  };

  const hub = createFeedHub<GasEvent>({ label: 'the gas feed of', log, source: run });

  return {
    watch: (networkId, emit, signal) => hub.watch(networkId, emit, signal),

    async history(networkId, range, points = 720) {
      // A node that cannot say now which chain it serves (it is down, and was not read this run): only the rows
      // still kept for the network itself (from before chain keys), never another chain's history.
      const chain = await options.chainOf(networkId).catch(() => networkChainKey(networkId));
      return samples.history(networkId, chain, range, points);
    },

    async blocks(networkId, count = 100, signal) {
      const at = signal ? { signal } : {};
      const newest = Number(BigInt(await options.request<string>(networkId, 'eth_blockNumber', [], at)));
      const raw = await options.request<unknown>(networkId, 'eth_feeHistory', [`0x${count.toString(16)}`, `0x${newest.toString(16)}`, []], at);
      const history = rpcFeeHistorySchema.parse(raw);
      // Numbered back from the newest block asked for: a node answers a range ending there. Anvil leaves out blocks
      // it restored from a state dump (yet still reports the oldest asked for): those are read from their headers.
      const length = history.gasUsedRatio.length;
      const first = Math.max(0, newest - count + 1);
      const missing = Math.max(0, newest - length + 1 - first);
      const headers = await Promise.all(
        Array.from({ length: missing }, (_, index) =>
          options.request<{ baseFeePerGas?: string | null; gasUsed: string; gasLimit: string } | null>(networkId, 'eth_getBlockByNumber', [`0x${(first + index).toString(16)}`, false], at),
        ),
      );
      const older = headers.flatMap((header, index) =>
        header?.baseFeePerGas ? [{ block: first + index, baseFee: Number(BigInt(header.baseFeePerGas)) / 1e9, ratio: Number(BigInt(header.gasUsed)) / Number(BigInt(header.gasLimit) || 1n) }] : [],
      );
      return {
        networkId,
        blocks: [...older.map((entry) => entry.block), ...history.gasUsedRatio.map((_ratio, index) => newest - length + 1 + index)],
        baseFee: [...older.map((entry) => entry.baseFee), ...history.gasUsedRatio.map((_ratio, index) => Number(BigInt(history.baseFeePerGas[index]!)) / 1e9)],
        gasUsedRatio: [...older.map((entry) => entry.ratio), ...history.gasUsedRatio],
      };
    },

    settings,

    updateSettings(change) {
      if (change.pollSeconds !== undefined) options.store.settings.set('gasPollSeconds', change.pollSeconds);
      if (change.retentionDays !== undefined) {
        options.store.settings.set('gasRetentionDays', change.retentionDays);
        lastPrune = 0; // a shorter retention applies at the next poll
      }
      if (change.compare !== undefined) options.store.settings.set('gasCompare', [...new Set(change.compare)]);
      return settings();
    },

    alerts: () => alerts.list(),
    addAlert: (networkId, metric, direction, thresholdGwei) => alerts.add(networkId, metric, direction, thresholdGwei),
    deleteAlert: (id) => ({ deleted: alerts.delete(id) }),
    snoozeAlert: (id, minutes) => alerts.snooze(id, minutes > 0 ? Date.now() + minutes * 60_000 : null),
    firedAlerts: (limit = 50) => alerts.fired(limit),
    pollOnce,
    polling: () => hub.running(),
    forget: (networkId) => {
      pollers.delete(networkId);
    },
  };
}

import type { HealthEvent } from '../../../src-shared/api/networks';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import type { LogRow, LogTailEvent } from '../../../src-shared/logs/types';
import type { FeedHub } from '../rpc/createFeedHub';
import type { RpcService } from '../rpc/createRpcService';
import { findErrorOfKind } from '../errors/blockglassError';
import { sleep } from '../rpc/sleep';
import { createPollWindow } from './pollWindow';
import type { RawNodeLog } from '../chains/rawNodeLog';

/** What the tail needs: the rpc service, the network's one head feed, and a way to turn logs into rows. */
export interface TailDeps {
  rpc: Pick<RpcService, 'subscribe' | 'request'>;
  health: Pick<FeedHub<HealthEvent>, 'watch'>;
  toRows: (networkId: string, logs: RawNodeLog[], signal: AbortSignal) => Promise<LogRow[]>;
}

/** Notifications arriving together are sent as one event, at most this often. */
const FLUSH_MS = 150;
/** Pauses before connecting again after the socket dropped. */
const RECONNECT_MS = [250, 1_000, 2_000, 5_000];

/**
 * Follows a filter from now on. Over the network's WebSocket with an `eth_subscribe` `logs` subscription:
 * every log the node sends, and again with `removed: true` when a reorganisation takes it back. Where the
 * network has no WebSocket, by polling: at each new head of the network's health feed, `eth_getLogs` over the
 * blocks since the last one seen and the latest few again, so that logs a reorganisation took back come as
 * `removed: true` there too (pollWindow.ts); the first event says which way it follows. Emits at once (no rows) when it is following, then rows as they come. Runs until `signal` aborts.
 */
export async function tailLogs(deps: TailDeps, networkId: string, filter: Record<string, unknown>, emit: (event: LogTailEvent) => void, signal: AbortSignalLike): Promise<void> {
  const abort = new AbortController();
  signal.addEventListener('abort', () => abort.abort(), { once: true });
  if (signal.aborted) return;
  let head: string | null = null;
  let pending: RawNodeLog[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();
  // A failure decoding or reading ends the tail with that error (the renderer restarts a live feed).
  let failure: unknown;
  const settle = (work: Promise<void>) =>
    work.catch((error: unknown) => {
      if (!abort.signal.aborted) failure ??= error;
      abort.abort();
    });
  const flush = (via: LogTailEvent['via']) => {
    timer = undefined;
    const logs = pending;
    pending = [];
    chain = settle(chain.then(async () => {
      const rows = await deps.toRows(networkId, logs, abort.signal);
      const last = logs.at(-1)?.blockNumber;
      if (last && (head === null || BigInt(last) > BigInt(head))) head = last;
      if (!abort.signal.aborted) emit({ rows, via, head });
    }));
  };

  // Over the WebSocket. When the socket drops (the link cut, the node restarting), the tail connects and
  // subscribes again by itself, and first reads with eth_getLogs the blocks it missed meanwhile: from the block
  // after the last it covered to the head, so the rows have no gap. Logs seen twice (a block both read and
  // notified) are sent once.
  let covered: bigint | undefined; // every log up to this block has been sent
  const sent = new Set<string>();
  const firstTime = (log: RawNodeLog) => {
    const key = `${log.blockHash}:${log.logIndex}:${log.removed === true}`;
    if (sent.has(key)) return false;
    sent.add(key);
    if (sent.size > 20_000) sent.delete(sent.values().next().value!);
    return true;
  };
  const cover = (block: string | null | undefined) => {
    if (block && /^0x[0-9a-f]+$/i.test(block) && (covered === undefined || BigInt(block) > covered)) covered = BigInt(block);
  };
  const onLog = (result: unknown) => {
    if (!isLog(result) || !firstTime(result)) return;
    pending.push(result);
    cover(result.blockNumber);
    timer ??= setTimeout(() => flush('subscription'), FLUSH_MS);
  };
  const fillGap = () => {
    chain = settle(chain.then(async () => {
      const now = await deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal: abort.signal });
      if (covered !== undefined && BigInt(now) > covered) {
        const missed = await deps.rpc.request<RawNodeLog[]>(networkId, 'eth_getLogs', [{ ...filter, fromBlock: `0x${(covered + 1n).toString(16)}`, toBlock: now }], { signal: abort.signal });
        const fresh = (Array.isArray(missed) ? missed : []).filter((log) => isLog(log) && firstTime(log));
        const rows = await deps.toRows(networkId, fresh, abort.signal);
        if (!abort.signal.aborted && rows.length > 0) emit({ rows, via: 'subscription', head: now });
      }
      cover(now);
      head = covered !== undefined ? `0x${covered.toString(16)}` : head;
    }));
  };
  let subscribed = false;
  for (let attempt = 0; !abort.signal.aborted; attempt++) {
    try {
      subscribed = await deps.rpc.subscribe(networkId, ['logs', filter], onLog, abort.signal, () => {
        attempt = 0;
        // The first time: the head now is where "from now on" starts. Again: the blocks missed are read first.
        if (covered === undefined) {
          chain = settle(chain.then(async () => cover(await deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal: abort.signal }))));
        } else fillGap();
        emit({ rows: [], via: 'subscription', head });
      });
      break;
    } catch (error) {
      if (abort.signal.aborted) break;
      // A refusal (the node has no logs subscription, a bad filter) ends the tail; a socket that is gone is
      // reconnected, for as long as the tail is watched.
      if (findErrorOfKind(error, 'unreachable') === null || covered === undefined) throw error;
      emit({ rows: [], via: 'subscription', head, reconnecting: 'The connection to the node dropped; the tail connects again and reads the blocks it misses.' });
      await sleep(RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!, abort.signal).catch(() => {});
    }
  }
  if (timer) clearTimeout(timer);
  await chain;
  if (failure) throw failure;
  if (subscribed || abort.signal.aborted) return;

  // No WebSocket: poll at each new head (a changed hash at the same height is a new head too), reading the
  // latest blocks again to see a reorganisation (pollWindow.ts).
  let window: ReturnType<typeof createPollWindow> | undefined;
  let seenHead: { number: bigint; hash: string } | undefined;
  await deps.health.watch(
    networkId,
    (event) => {
      const number = event.head?.number;
      if (!number) return;
      const now = BigInt(number);
      const hash = event.head?.hash ?? '';
      if (!window) {
        window = createPollWindow(now + 1n);
        seenHead = { number: now, hash };
        head = number;
        emit({ rows: [], via: 'polling', head });
        return;
      }
      if (seenHead && now === seenHead.number && hash === seenHead.hash) return;
      seenHead = { number: now, hash };
      const range = window.range(now);
      if (range.from > range.to) return;
      const reading = window;
      chain = settle(chain.then(async () => {
        const logs = await deps.rpc.request<RawNodeLog[]>(networkId, 'eth_getLogs', [{ ...filter, fromBlock: `0x${range.from.toString(16)}`, toBlock: `0x${range.to.toString(16)}` }], { signal: abort.signal });
        head = number;
        const rows = await deps.toRows(networkId, reading.update(range, logs), abort.signal);
        if (!abort.signal.aborted) emit({ rows, via: 'polling', head });
      }));
    },
    abort.signal,
  );
  if (failure) throw failure;
}

function isLog(value: unknown): value is RawNodeLog {
  const log = value as Partial<RawNodeLog> | null;
  return typeof log === 'object' && log !== null && typeof log.address === 'string' && Array.isArray(log.topics) && typeof log.data === 'string';
}

import type { HealthEvent } from '../../../src-shared/api/networks';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import type { LogRow, LogTailEvent } from '../../../src-shared/logs/types';
import type { FeedHub } from '../rpc/createFeedHub';
import type { RpcService } from '../rpc/createRpcService';
import { createPollWindow } from './pollWindow';
import type { RawNodeLog } from './toLogRows';

/** What the tail needs: the rpc service, the network's one head feed, and a way to turn logs into rows. */
export interface TailDeps {
  rpc: Pick<RpcService, 'subscribe' | 'request'>;
  health: Pick<FeedHub<HealthEvent>, 'watch'>;
  toRows: (networkId: string, logs: RawNodeLog[], signal: AbortSignal) => Promise<LogRow[]>;
}

/** Notifications arriving together are sent as one event, at most this often. */
const FLUSH_MS = 150;

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

  const subscribed = await deps.rpc.subscribe(
    networkId,
    ['logs', filter],
    (result) => {
      if (!isLog(result)) return;
      pending.push(result);
      timer ??= setTimeout(() => flush('subscription'), FLUSH_MS);
    },
    abort.signal,
    () => emit({ rows: [], via: 'subscription', head }),
  );
  if (timer) clearTimeout(timer);
  if (failure) throw failure;
  if (subscribed) return;

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

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import { countedPieces, type CountedRange } from '../../../src-shared/logs/countedPieces';
import { eventChoiceFromSignature } from '../../../src-shared/logs/eventTopics';
import { toLogFilter } from '../../../src-shared/logs/logQuery';
import { LOG_LIMITS, type EventChoice, type LogExportResult, type LogPreflight, type LogQuery, type LogRunEvent, type LogRunProgress, type LogTailEvent, type SavedLogQuery } from '../../../src-shared/logs/types';
import { droppedField, type DroppedBlocks } from '../../../src-shared/logs/droppedBlocks';
import type { DecodingService } from '../decoding/createDecodingService';
import type { SaveFile } from '../files/createDownloads';
import type { FeedHub } from '../rpc/createFeedHub';
import type { RpcService } from '../rpc/createRpcService';
import type { Store } from '../store/openStore';
import { createRunSpool } from './createRunSpool';
import { logExportChunks } from './logExportChunks';
import { preflightLogQuery } from './preflightLogQuery';
import { resolveLogRange, type LogRequest } from './resolveLogRange';
import { runLogQuery } from '../chains/runLogQuery';
import { createSavedLogQueries } from './savedLogQueries';
import { searchEvents } from './searchEvents';
import { tailLogs } from './tailLogs';
import type { RawNodeLog } from '../chains/rawNodeLog';
import { createBlockTimes } from '../chains/blockTimes';
import { toLogRows } from './toLogRows';

/** The log-query builder's work in main: checks before a run, the run itself, the live tail, exports and saved queries. */
export interface LogsService {
  preflight(networkId: string, query: LogQuery, signal?: AbortSignal): Promise<LogPreflight>;
  events(networkId: string, search: string, address: string | undefined, signal?: AbortSignal): Promise<EventChoice[]>;
  /** `backlog` says how much the window has not taken yet; pages wait while it is over a few MiB. */
  run(networkId: string, query: LogQuery, emit: (event: LogRunEvent) => void, signal: AbortSignalLike, backlog?: () => number): Promise<void>;
  tail(networkId: string, query: LogQuery, emit: (event: LogTailEvent) => void, signal: AbortSignalLike): Promise<void>;
  export(runId: string, format: 'csv' | 'json'): Promise<LogExportResult>;
  savedList(): SavedLogQuery[];
  save(name: string, networkId: string | null, query: LogQuery): SavedLogQuery;
  rename(id: string, name: string): SavedLogQuery;
  duplicate(id: string): SavedLogQuery;
  delete(id: string): { deleted: boolean };
  close(): void;
}

export interface LogsServiceOptions {
  rpc: Pick<RpcService, 'request' | 'subscribe'>;
  health: Pick<FeedHub<HealthEvent>, 'watch'>;
  decoding: Pick<DecodingService, 'decodeLogs' | 'knownEvents'>;
  networkName: (networkId: string) => Promise<string>;
  store: Pick<Store, 'db' | 'assertNoSecrets'>;
  /** The app's data folder: recent runs' rows are kept in `log-runs/` for export. */
  dataDir: string;
  /** How the shell lets the person save a file. */
  saveFile: SaveFile;
  log?: (line: string) => void;
}

/**
 * Piece widths for a density of logs per block: about 80% of the result limit each, and a first piece of about
 * one page of rows, so the first rows are on screen while the wide pieces are still on the node.
 */
function pieceBlocks(density: number | undefined, blockLimit: number = LOG_LIMITS.blocks): { maxBlocks?: number; firstBlocks?: number } {
  const widest = Math.min(LOG_LIMITS.blocks, blockLimit);
  if (!density || !Number.isFinite(density) || density <= 0) return widest < LOG_LIMITS.blocks ? { maxBlocks: widest } : {};
  const blocksFor = (logs: number) => Math.max(1, Math.min(widest, Math.floor(logs / density)));
  return { maxBlocks: blocksFor(PIECE_LOGS), firstBlocks: blocksFor(ROWS_PER_EVENT) };
}

/** The logs a piece is sized to hold: 80% of the service's result limit, room for a guess a little off. */
const PIECE_LOGS = LOG_LIMITS.results * 0.8;

/** Runs whose network and start are remembered for their export (the spool keeps fewer: see createRunSpool). */
const RUNS_REMEMBERED = 32;

/** A recent run, as its export needs it: see `runs` in createLogsService. */
interface RememberedRun {
  networkId: string;
  startedAt: number;
  /** The blocks it passed over because the node no longer keeps them (its latest progress's). */
  dropped?: DroppedBlocks[];
}

/** Unread bytes past which a run waits for the window (the web host hangs up at four 8 MiB messages). */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

/** Rows per event sent to the window: about a megabyte, far below the API's message limit. */
const ROWS_PER_EVENT = 1_000;

/**
 * The run's first rows go out in a smaller page: decoded, sent and painted sooner. Two screens of rows: a decoded
 * row is about 1 KB of JSON, and 250 of them (280 KB) took main, the socket and the window a frame longer.
 */
const FIRST_PAGE_ROWS = 50;

export function createLogsService(options: LogsServiceOptions): LogsService {
  const { rpc, decoding } = options;
  const saved = createSavedLogQueries(options.store, options.log);
  // The node's logs as it answered them: decoded again at export (a third of the cost of spooling rows).
  const spool = createRunSpool<RawNodeLog>(path.join(options.dataDir, 'log-runs'));
  // Each run's network and start (the export's decoding and file name) and the blocks it passed over (said with the
  // export). Only the spool's last few runs can be exported, so older entries go: the map gained one per run for the
  // app's life.
  const runs = new Map<string, RememberedRun>();
  // Logs per block the last pre-flight of a query estimated, and what its samples counted: its run asks the
  // counted sub-ranges whole and starts the rest with pieces that should fit the result limit, instead of asking
  // for the whole range and being refused (a refusal costs the node the whole query).
  const preflights = new Map<string, { density: number; counted: CountedRange[] }>();
  // The widest block range each network's node stated it allows (`range 20001 exceeds limit of 5000`, in any
  // provider's dialect): later runs and pre-flights on that network start with pieces that fit. Kept in memory
  // for the app's run; a node that allows more is only asked more after a restart.
  const blockLimits = new Map<string, number>();
  const rememberBlockLimit = (networkId: string, blocks: number) => {
    const known = blockLimits.get(networkId);
    if (known !== undefined && known <= blocks) return;
    blockLimits.set(networkId, blocks);
    options.log?.(`logs ${networkId}: the node answers eth_getLogs over at most ${blocks} blocks; later queries on this network ask that at most`);
  };
  const requestOn =
    (networkId: string): LogRequest =>
    <T>(method: string, params: unknown[], signal?: AbortSignal) =>
      rpc.request<T>(networkId, method, params, { signal });
  // Rows carry their block's time: the node's `blockTimestamp` where it sends one, else the header's (kept by hash).
  const times = createBlockTimes(rpc);
  const rowsOf = (networkId: string, logs: RawNodeLog[], signal?: AbortSignal) => toLogRows(decoding, networkId, logs, signal, times);
  // A spooled run's logs decoded again, a batch at a time, as the table showed them.
  async function* decodedRows(networkId: string, batches: AsyncIterable<RawNodeLog[]>) {
    for await (const batch of batches) yield* await rowsOf(networkId, batch);
  }
  const matchFilter = (query: LogQuery) => toLogFilter({ addresses: query.addresses, topics: query.topics });

  return {
    async preflight(networkId, query, signal) {
      // The sampled logs are decoded meanwhile (and the result dropped): the run's first rows then find the
      // signature database loaded and the contracts' metadata fetched.
      const sampled = (logs: unknown[]) => void rowsOf(networkId, logs as RawNodeLog[]).catch(() => undefined);
      const blockLimit = blockLimits.get(networkId);
      let counted: CountedRange[] = [];
      const preflight = await preflightLogQuery(
        { request: requestOn(networkId), networkName: await options.networkName(networkId), sampled, onBlockLimit: (blocks) => rememberBlockLimit(networkId, blocks), counted: (ranges) => (counted = ranges), ...(blockLimit !== undefined ? { blockLimit } : {}) },
        query,
        signal,
      );
      // What the samples counted: the run asks those sub-ranges whole (joined up to the limit), with no refusal.
      preflights.set(JSON.stringify([networkId, query]), { density: preflight.estimate.logs / preflight.span.blocks, counted });
      if (preflights.size > 50) preflights.delete(preflights.keys().next().value!);
      return preflight;
    },

    async events(networkId, search, address, signal) {
      return searchEvents(await decoding.knownEvents(networkId, address, signal), search, eventChoiceFromSignature);
    },

    async run(networkId, query, emit, signal, backlog = () => 0) {
      const abort = new AbortController();
      signal.addEventListener('abort', () => abort.abort(), { once: true });
      const request = requestOn(networkId);
      const range = await resolveLogRange(request, query, await options.networkName(networkId), abort.signal);
      const runId = randomUUID();
      const remembered: RememberedRun = { networkId, startedAt: Date.now() };
      runs.set(runId, remembered);
      const heard = (progress: LogRunProgress) => {
        if (progress.dropped) remembered.dropped = progress.dropped;
        return progress;
      };
      if (runs.size > RUNS_REMEMBERED) runs.delete(runs.keys().next().value!);
      const writer = spool.open(runId);
      const hex = (n: number) => `0x${n.toString(16)}`;
      const first: LogRunProgress = { from: hex(range.from), to: hex(range.to), blocksCovered: 0, blocksTotal: range.to - range.from + 1, logs: 0, requests: 0, retries: 0, splits: 0, elapsedMs: 0, etaMs: null };
      emit({ kind: 'started', runId, progress: first });
      const filter = matchFilter(query);
      const known = preflights.get(JSON.stringify([networkId, query]));
      let sent = 0;
      let spooled = Promise.resolve();
      try {
        await runLogQuery({
          request: (params, requestSignal) => request('eth_getLogs', params, requestSignal),
          filter,
          ...(query.blockHash ? { blockHash: query.blockHash } : {}),
          from: range.from,
          to: range.to,
          ...pieceBlocks(known?.density, blockLimits.get(networkId)),
          adaptTo: PIECE_LOGS,
          ...(known ? { wholePieces: countedPieces(known.counted, range.from, range.to, LOG_LIMITS.results, Math.min(LOG_LIMITS.blocks, blockLimits.get(networkId) ?? LOG_LIMITS.blocks)) } : {}),
          onBlockLimit: (blocks) => rememberBlockLimit(networkId, blocks),
          signal: abort.signal,
          // Blocks the node no longer keeps are passed over: the progress lists them, and the page says so.
          passOverDropped: true,
          onLogs: async (logs: RawNodeLog[], progress: LogRunProgress) => {
            for (let start = 0, size = 0; start < logs.length; start += size) {
              size = sent === 0 ? FIRST_PAGE_ROWS : ROWS_PER_EVENT;
              const page = logs.slice(start, start + size);
              const rows = await rowsOf(networkId, page, abort.signal);
              // One page on its way to disk at a time: the next waits for it, the window does not.
              await spooled;
              spooled = writer.append(page);
              if (abort.signal.aborted) return;
              sent += rows.length;
              const last = start + size >= logs.length;
              emit({ kind: 'rows', rows, progress: heard(last ? progress : { ...progress, logs: progress.logs - (logs.length - start - rows.length) }) });
              // Let the socket carry this page before the next is made, and wait while the window is behind:
              // the web host hangs up on a window that leaves too much unread.
              await new Promise((resolve) => setImmediate(resolve));
              while (backlog() > MAX_BACKLOG_BYTES && !abort.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 20));
            }
          },
          onProgress: (progress: LogRunProgress) => emit({ kind: 'progress', progress: heard(progress) }),
        });
      } finally {
        await writer.close();
      }
    },

    tail(networkId, query, emit, signal) {
      return tailLogs({ rpc, health: options.health, toRows: rowsOf }, networkId, matchFilter(query), emit, signal);
    },

    async export(runId, format) {
      const rows = await spool.count(runId);
      const stamp = new Date(runs.get(runId)?.startedAt ?? Date.now()).toISOString().replace(/[:.]/g, '-').slice(0, 19);
      const name = `logs-${stamp}.${format}`;
      const result = await options.saveFile({
        name,
        type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        chunks: () => logExportChunks(decodedRows(runs.get(runId)?.networkId ?? '', spool.batches(runId)), format),
      });
      const dropped = droppedField(runs.get(runId)?.dropped ?? []); // said with the file, as the page says them over the rows
      return result.kind === 'download' ? { kind: 'download', url: result.url, fileName: name, rows, ...dropped } : result.kind === 'saved' ? { kind: 'saved', path: result.path, rows, ...dropped } : result;
    },

    savedList: () => saved.list(),
    save: (name, networkId, query) => saved.save(name, networkId, query),
    rename: (id, name) => saved.rename(id, name),
    duplicate: (id) => saved.duplicate(id),
    delete: (id) => saved.delete(id),
    close: () => spool.close(),
  };
}

import type { TokenTransferRow, TransfersEvent } from '../../../src-shared/api/history';
import { droppedField, mergeDropped, type DroppedBlocks } from '../../../src-shared/logs/droppedBlocks';
import { createBlockTimes, type BlockTimes } from '../chains/blockTimes';
import type { createTokenFacts } from '../chains/tokenFacts';
import { runLogQuery } from '../chains/runLogQuery';
import type { RawNodeLog } from '../chains/rawNodeLog';
import type { RpcService } from '../rpc/createRpcService';
import { transferFilters, transfersIn } from './tokenTransfers';
import type { createTransferStore } from './transferStore';

export interface ScanDeps {
  rpc: Pick<RpcService, 'request'>;
  /** Where a node sends no `blockTimestamp` with its logs, the blocks' times (else one reader per scan). */
  times?: BlockTimes;
  tokens: ReturnType<typeof createTokenFacts>;
  store?: ReturnType<typeof createTransferStore>;
}

/**
 * Every token transfer of `address` on the network's chain: the rows kept on this machine, then the blocks after
 * them (to the head) through the log planner, one filter at a time (see `transferFilters`); each row decoded
 * with its token's symbol and decimals. Rows at or below the finalized block are kept, with how far they go.
 * `emit` hears rows as they are found and progress; the whole list is returned, oldest first, with the blocks the node
 * no longer keeps (passed over: what moved in them is not there; the coverage kept stops before them).
 */
export async function scanTransfers(
  deps: ScanDeps,
  networkId: string,
  chain: string,
  address: string,
  emit: (event: TransfersEvent) => void,
  signal: AbortSignal,
): Promise<{ rows: TokenTransferRow[]; dropped: DroppedBlocks[] }> {
  const owner = address.toLowerCase();
  let requests = 0;
  const [headHex, finalizedBlock] = await Promise.all([
    deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal }),
    deps.rpc.request<{ number?: string } | null>(networkId, 'eth_getBlockByNumber', ['finalized', false], { signal }).catch(() => null),
  ]);
  requests += 2;
  const head = Number(BigInt(headHex));
  const finalized = typeof finalizedBlock?.number === 'string' ? Math.min(Number(BigInt(finalizedBlock.number)), head) : -1;
  const kept = deps.store?.read(chain, owner) ?? { rows: [], coveredTo: -1 };
  // Kept rows above the node's finalized block would be a replaced chain's (the coverage only ever goes up to it).
  const keptCoverage = Math.min(kept.coveredTo, finalized);
  // A row kept by an earlier version has no time: said as not known (null).
  const rows = new Map<string, TokenTransferRow>(kept.rows.filter((row) => Number(BigInt(row.blockNumber)) <= keptCoverage).map((row) => [row.id, { ...row, timestamp: row.timestamp ?? null }]));
  if (rows.size > 0) emit({ kind: 'rows', rows: [...rows.values()], stored: true });

  const from = keptCoverage + 1;
  const filters = transferFilters(owner);
  const span = Math.max(0, head - from + 1);
  // The four filters run at once (each through its own planner); a transfer two of them find (to itself) is kept once.
  const covered = filters.map(() => 0);
  const requested = filters.map(() => 0);
  const claimed = new Set(rows.keys());
  const times = deps.times ?? createBlockTimes(deps.rpc);
  /** Each log with its block's time: the node's, else the header's (a time that cannot be read is left out). */
  const timed = async (logs: RawNodeLog[]): Promise<RawNodeLog[]> => {
    const untimed = [...new Set(logs.filter((log) => typeof log.blockTimestamp !== 'string' && log.blockHash).map((log) => log.blockHash!.toLowerCase()))];
    if (untimed.length === 0) return logs;
    const timeOf = await times.of(networkId, untimed, signal).catch(() => new Map<string, string>());
    return logs.map((log) => (typeof log.blockTimestamp === 'string' || !log.blockHash || !timeOf.has(log.blockHash.toLowerCase()) ? log : { ...log, blockTimestamp: timeOf.get(log.blockHash.toLowerCase())! }));
  };
  const droppedBy: (DroppedBlocks[] | undefined)[] = filters.map(() => undefined);
  const report = () => emit({ kind: 'progress', blocksCovered: covered.reduce((a, b) => a + b, 0), blocksTotal: filters.length * span, requests: requests + requested.reduce((a, b) => a + b, 0) });
  if (span > 0) {
    await Promise.all(
      filters.map((filter, index) =>
        runLogQuery<RawNodeLog>({
          request: (params, requestSignal) => deps.rpc.request(networkId, 'eth_getLogs', params, { signal: requestSignal }),
          filter,
          from,
          to: head,
          signal,
          passOverDropped: true,
          onLogs: async (logs, progress) => {
            const mine = logs.filter((log) => transfersIn(log, owner).some((row) => !claimed.has(row.id)));
            const found = (await timed(mine)).flatMap((log) => transfersIn(log, owner)).filter((row) => !claimed.has(row.id));
            for (const row of found) claimed.add(row.id);
            if (found.length > 0) {
              const withFacts = await withTokenFacts(deps.tokens, networkId, found, signal);
              for (const row of withFacts) rows.set(row.id, row);
              emit({ kind: 'rows', rows: withFacts, stored: false });
            }
            covered[index] = progress.blocksCovered;
            requested[index] = progress.requests;
            droppedBy[index] = progress.dropped;
            report();
          },
          onProgress: (progress) => {
            covered[index] = progress.blocksCovered;
            requested[index] = progress.requests;
            droppedBy[index] = progress.dropped;
            report();
          },
        }),
      ),
    );
    requests += requested.reduce((a, b) => a + b, 0);
    emit({ kind: 'progress', blocksCovered: filters.length * span, blocksTotal: filters.length * span, requests });
  }

  const all = [...rows.values()].sort((a, b) => compareBlocks(a, b) || a.logIndex - b.logIndex || a.id.localeCompare(b.id));
  const dropped = mergeDropped(droppedBy);
  // What is kept on this machine covers no dropped block: the next visit asks again, and says again what is missing.
  const firstDropped = dropped.length > 0 ? Number(BigInt(dropped[0]!.from)) : Number.POSITIVE_INFINITY;
  const coveredTo = Math.min(Math.max(keptCoverage, finalized), firstDropped - 1);
  if (deps.store && coveredTo >= 0 && coveredTo > kept.coveredTo) {
    deps.store.write(chain, owner, all.filter((row) => Number(BigInt(row.blockNumber)) <= coveredTo && Number(BigInt(row.blockNumber)) > keptCoverage), coveredTo);
  }
  emit({ kind: 'done', head: headHex, coveredTo: `0x${Math.max(coveredTo, 0).toString(16)}`, requests, fromBlock: `0x${from.toString(16)}`, ...droppedField(dropped) });
  return { rows: all, dropped };
}

const compareBlocks = (a: TokenTransferRow, b: TokenTransferRow) => {
  const x = BigInt(a.blockNumber);
  const y = BigInt(b.blockNumber);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Rows with their token's symbol and decimals (one read per token, kept per network by the token facts). */
async function withTokenFacts(tokens: ScanDeps['tokens'], networkId: string, rows: Omit<TokenTransferRow, 'symbol' | 'decimals'>[], signal: AbortSignal): Promise<TokenTransferRow[]> {
  const unique = [...new Set(rows.map((row) => row.token))];
  const facts = new Map(await Promise.all(unique.map(async (token) => [token, await tokens.read(networkId, token, signal)] as const)));
  return rows.map((row) => {
    const known = facts.get(row.token);
    return { ...row, symbol: known?.symbol ?? null, decimals: row.standard === 'erc20' ? (known?.decimals ?? null) : 0 };
  });
}

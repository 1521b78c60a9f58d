import type { LogRow } from '../../../src-shared/logs/types';
import type { RawNodeLog } from '../chains/rawNodeLog';
import type { BlockTimes } from '../chains/blockTimes';
import type { DecodingService } from '../decoding/createDecodingService';

/**
 * Logs as result rows: where each is, when (the node's `blockTimestamp`, else the block's header, read by `times`),
 * decoded with every source, with its address's label. A time that cannot be read leaves the row without one.
 */
export async function toLogRows(decoding: Pick<DecodingService, 'decodeLogs'>, networkId: string, logs: readonly RawNodeLog[], signal?: AbortSignal, times?: BlockTimes): Promise<LogRow[]> {
  const untimed = times ? [...new Set(logs.filter((log) => typeof log.blockTimestamp !== 'string' && log.blockHash).map((log) => log.blockHash!.toLowerCase()))] : [];
  const [decoded, timeOf] = await Promise.all([
    decoding.decodeLogs(networkId, logs, signal),
    untimed.length > 0 && times ? times.of(networkId, untimed, signal).catch(() => new Map<string, string>()) : new Map<string, string>(),
  ]);
  const timestampOf = (log: RawNodeLog) => (typeof log.blockTimestamp === 'string' ? log.blockTimestamp : log.blockHash ? timeOf.get(log.blockHash.toLowerCase()) : undefined);
  return logs.map((log, index) => ({
    blockNumber: log.blockNumber ?? '',
    blockHash: log.blockHash ?? '',
    transactionHash: log.transactionHash ?? '',
    transactionIndex: log.transactionIndex ?? '',
    logIndex: log.logIndex ?? '',
    address: log.address,
    topics: log.topics,
    data: log.data,
    removed: log.removed === true,
    ...(timestampOf(log) !== undefined ? { blockTimestamp: timestampOf(log)! } : {}),
    decoded: decoded[index]!.decoded,
    ...(decoded[index]!.addressLabel ? { addressLabel: decoded[index]!.addressLabel } : {}),
  }));
}

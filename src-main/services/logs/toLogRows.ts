import type { LogRow } from '../../../src-shared/logs/types';
import type { RawNodeLog } from '../chains/rawNodeLog';
import type { DecodingService } from '../decoding/createDecodingService';

/** Logs as result rows: where each is, decoded with every source, with its address's label. */
export async function toLogRows(decoding: Pick<DecodingService, 'decodeLogs'>, networkId: string, logs: readonly RawNodeLog[], signal?: AbortSignal): Promise<LogRow[]> {
  const decoded = await decoding.decodeLogs(networkId, logs, signal);
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
    ...(typeof log.blockTimestamp === 'string' ? { blockTimestamp: log.blockTimestamp } : {}),
    decoded: decoded[index]!.decoded,
    ...(decoded[index]!.addressLabel ? { addressLabel: decoded[index]!.addressLabel } : {}),
  }));
}

import { stringify } from 'csv-stringify/sync';
import type { TokenTransferRow } from '../../../src-shared/api/history';
import { checksumAddress } from '../../../src-shared/chain/checksumAddresses';

/** The columns of a token-transfer CSV, in order. */
export const TRANSFER_CSV_COLUMNS = ['block', 'time', 'transaction', 'log_index', 'direction', 'standard', 'token', 'symbol', 'decimals', 'from', 'to', 'amount', 'token_id'] as const;

const BATCH = 500;

/**
 * Token transfers as CSV (RFC 4180 quoting by csv-stringify), a header line then a chunk per few hundred rows: never
 * held whole. Addresses are checksummed, as everywhere else the app writes them.
 */
export async function* transferExportChunks(rows: readonly TokenTransferRow[]): AsyncGenerator<string> {
  for (let start = 0; start === 0 || start < rows.length; start += BATCH) {
    const cells = rows.slice(start, start + BATCH).map((row) => [
      BigInt(row.blockNumber).toString(10),
      row.timestamp ? new Date(Number(BigInt(row.timestamp)) * 1000).toISOString() : '',
      row.transactionHash,
      String(row.logIndex),
      row.direction,
      row.standard,
      checksumAddress(row.token),
      row.symbol ?? '',
      row.decimals === null ? '' : String(row.decimals),
      checksumAddress(row.from),
      checksumAddress(row.to),
      row.amount,
      row.tokenId ?? '',
    ]);
    yield stringify(cells, start === 0 ? { header: true, columns: [...TRANSFER_CSV_COLUMNS] } : {});
  }
}

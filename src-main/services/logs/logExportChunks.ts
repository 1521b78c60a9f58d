import { stringify } from 'csv-stringify/sync';
import { checksumAddress, checksumAddressesIn } from '../../../src-shared/chain/checksumAddresses';
import type { DecodedValue } from '../../../src-shared/decoding/types';
import type { LogRow } from '../../../src-shared/logs/types';

/** The columns of a CSV export, in order: where the log is, what it is, then its raw topics and data. */
export const CSV_COLUMNS = [
  'block_number',
  'block_time',
  'block_hash',
  'transaction_hash',
  'transaction_index',
  'log_index',
  'address',
  'address_label',
  'event',
  'signature',
  'decoded_args',
  'topic0',
  'topic1',
  'topic2',
  'topic3',
  'data',
  'removed',
] as const;

const CHUNK_ROWS = 500;
const decimal = (hex: string) => (/^0x[0-9a-f]+$/i.test(hex) ? BigInt(hex).toString(10) : hex);

/** A block's time (0x hex seconds) in ISO 8601, UTC; empty where the row has none. */
export const isoTime = (timestamp: string | null | undefined) => (timestamp && /^0x[0-9a-f]+$/i.test(timestamp) ? new Date(Number(BigInt(timestamp)) * 1000).toISOString() : '');

/** One row as CSV cells: numbers in decimal, the time in ISO 8601 (UTC), the address checksummed, the decoded arguments as one JSON object by name. */
export function csvCells(row: LogRow): string[] {
  const decoded = row.decoded.status === 'decoded' ? row.decoded : undefined;
  const args = decoded ? Object.fromEntries(decoded.args.map((arg): [string, DecodedValue] => [arg.name, arg.value])) : undefined;
  return [
    decimal(row.blockNumber),
    isoTime(row.blockTimestamp),
    row.blockHash,
    row.transactionHash,
    decimal(row.transactionIndex),
    decimal(row.logIndex),
    checksumAddress(row.address),
    row.addressLabel ?? '',
    decoded?.name ?? '',
    decoded?.signature ?? '',
    args ? JSON.stringify(args) : '',
    row.topics[0] ?? '',
    row.topics[1] ?? '',
    row.topics[2] ?? '',
    row.topics[3] ?? '',
    row.data,
    row.removed ? 'true' : 'false',
  ];
}

/**
 * A run's rows as an export file, in chunks of a few hundred rows, so a file of any size is written without
 * ever being held whole in memory. CSV has a header line (RFC 4180 quoting by csv-stringify); JSON is one
 * array of the rows as the app shows them, decoded arguments included. Addresses are checksummed in both (the
 * node answers lowercase; decoded arguments are already checksummed, and a file writes an address one way).
 */
export async function* logExportChunks(rows: AsyncIterable<LogRow>, format: 'csv' | 'json'): AsyncGenerator<string> {
  let batch: LogRow[] = [];
  let first = true;
  const flush = () => {
    const text =
      format === 'csv'
        ? stringify(batch.map(csvCells), first ? { header: true, columns: [...CSV_COLUMNS] } : {})
        : batch.map((row, index) => `${first && index === 0 ? '' : ',\n'}${JSON.stringify(checksumAddressesIn(row))}`).join('');
    first = false;
    batch = [];
    return text;
  };
  if (format === 'json') yield '[\n';
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= CHUNK_ROWS) yield flush();
  }
  if (batch.length > 0 || first) {
    const text = format === 'csv' && batch.length === 0 ? stringify([], { header: true, columns: [...CSV_COLUMNS] }) : flush();
    if (text) yield text;
  }
  if (format === 'json') yield '\n]\n';
}

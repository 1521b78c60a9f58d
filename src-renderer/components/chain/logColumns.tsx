import type { DecodedArg, DecodedValue } from '../../../src-shared/decoding/types';
import type { LogRow } from '../../../src-shared/logs/types';
import { shortHex } from '../../../src-shared/text/shortHex';
import { exactTokenAmount, formatNumber, formatTokenAmount } from '../../lib/formatChain';
import type { DataColumn } from '../table/DataTable';
import { AddressLink, BlockLink, TxLink } from './ChainLinks';
import { Timestamp } from './Timestamp';
import './logColumns.css';

const number = (hex: string) => (/^0x[0-9a-f]+$/i.test(hex) ? Number.parseInt(hex, 16) : -1);
// In a line of arguments an address is cut shorter than elsewhere (0xDf37…0913): the line holds several, and the
// whole value is in the row's title.
const short = (value: DecodedValue): string =>
  typeof value === 'string' ? (/^0x[0-9a-fA-F]{40}$/.test(value) ? `${value.slice(0, 6)}…${value.slice(-4)}` : shortHex(value)) : typeof value === 'boolean' ? String(value) : JSON.stringify(value);

/**
 * An argument's value in a line: a token amount in the token's units (`6,400 GLS`), any other integer whole and
 * grouped (never cut in the middle), hex and addresses short. `exact` gives every digit (titles, copies, CSV).
 */
export function argText(arg: DecodedArg, exact = false): string {
  if (arg.units && typeof arg.value === 'string') {
    return exact ? `${exactTokenAmount(arg.value, arg.units.decimals)}${arg.units.symbol ? ` ${arg.units.symbol}` : ''}` : formatTokenAmount(arg.value, arg.units.decimals, arg.units.symbol);
  }
  if (typeof arg.value === 'string' && /^-?\d+$/.test(arg.value)) return exact ? arg.value : formatNumber(arg.value);
  return exact && typeof arg.value === 'string' ? arg.value : short(arg.value);
}

/** The event's name and its arguments in one line (`Transfer(from=0x…, value=6,400 GLS)`), or why it is raw; `exact` with every digit and whole hex. */
export function eventText(row: LogRow, exact = false): string {
  if (row.decoded.status !== 'decoded') return `(not decoded) ${row.topics[0] ?? 'no topic'}`;
  return `${row.decoded.name}(${row.decoded.args.map((arg) => `${arg.name}=${argText(arg, exact)}`).join(', ')})`;
}

/**
 * The columns of a table of logs (the log screen's results and live tail, an address's events in the explorer):
 * where and when each log is, who emitted it and what it says (a live tail's also whether it was removed).
 */
export const LOG_COLUMNS: DataColumn<LogRow>[] = [
  { id: 'block', header: 'Block', width: '84px', value: (row) => number(row.blockNumber), text: (row) => String(number(row.blockNumber)), cell: (row) => <BlockLink number={row.blockNumber} />, align: 'end' },
  {
    id: 'time',
    header: 'Time',
    width: '104px',
    value: (row) => (row.blockTimestamp ? Number(BigInt(row.blockTimestamp)) : -1),
    text: (row) => (row.blockTimestamp ? new Date(Number(BigInt(row.blockTimestamp)) * 1000).toISOString() : ''),
    cell: (row) =>
      row.blockTimestamp ? (
        <Timestamp seconds={row.blockTimestamp} />
      ) : (
        <span className="muted" title="The node sent no time with this log, and its block could not be read">
          —
        </span>
      ),
  },
  { id: 'tx', header: 'Transaction', width: '156px', value: (row) => row.transactionHash, text: (row) => row.transactionHash, cell: (row) => (row.transactionHash ? <TxLink hash={row.transactionHash} copy={false} /> : <span className="muted">pending</span>) },
  { id: 'logIndex', header: 'Log index', width: '112px', value: (row) => number(row.logIndex), text: (row) => String(number(row.logIndex)), align: 'end' },
  { id: 'address', header: 'Address', width: 'minmax(250px, 1.2fr)', value: (row) => row.addressLabel ?? row.address, text: (row) => `${row.addressLabel ? `${row.addressLabel} ` : ''}${row.address}`, cell: (row) => <AddressLink address={row.address} {...(row.addressLabel ? { label: row.addressLabel } : {})} copy={false} /> },
  {
    id: 'event',
    header: 'Event and arguments',
    width: 'minmax(240px, 3fr)',
    value: (row) => (row.decoded.status === 'decoded' ? row.decoded.name : ''),
    text: (row) => eventText(row),
    cell: (row) =>
      row.decoded.status === 'decoded' ? (
        <span className="log-event-cell" title={eventText(row, true)}>
          <strong>{row.decoded.name}</strong>
          <span className="mono muted">({row.decoded.args.map((arg) => `${arg.name}=${argText(arg)}`).join(', ')})</span>
        </span>
      ) : (
        <span className="mono muted" title={row.decoded.reason}>
          not decoded · {row.topics[0] ? shortHex(row.topics[0]) : 'no topic'}
        </span>
      ),
  },
];

/** The columns of a live tail of logs: those of any table of logs, and whether a reorganisation removed the log. */
export const LIVE_LOG_COLUMNS: DataColumn<LogRow>[] = [
  ...LOG_COLUMNS,
  {
    id: 'removed',
    header: 'Removed',
    width: '104px',
    value: (row) => (row.removed ? 1 : 0),
    text: (row) => (row.removed ? 'removed' : ''),
    cell: (row) => (row.removed ? <span className="badge badge-danger">removed</span> : null),
  },
];

/** A row's identity: its block hash and log index (a removed log comes again with the same identity). */
export const logRowKey = (row: LogRow) => `${row.blockHash}:${row.logIndex}:${row.removed ? 'r' : ''}`;

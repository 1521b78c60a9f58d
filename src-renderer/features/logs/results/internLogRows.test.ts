import { describe, expect, it } from 'vitest';
import type { LogRow } from '../../../../src-shared/logs/types';
import { createLogRowInterner } from './internLogRows';

// Rows as the page gets them: each parsed from its own JSON text, so equal strings are separate copies.
const parsed = (row: LogRow): LogRow => JSON.parse(JSON.stringify(row)) as LogRow;
const row = (logIndex: number, decoded: LogRow['decoded']): LogRow => ({
  blockNumber: '0x79',
  blockHash: `0x${'ab'.repeat(32)}`,
  transactionHash: `0x${'cd'.repeat(32)}`,
  transactionIndex: '0x0',
  logIndex: `0x${logIndex.toString(16)}`,
  address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  topics: [`0x${'ef'.repeat(32)}`, `0x${logIndex.toString(16).padStart(64, '0')}`],
  data: '0x',
  removed: false,
  decoded,
});
const decoded = (value: string): LogRow['decoded'] => ({
  status: 'decoded',
  selector: `0x${'ef'.repeat(32)}`,
  name: 'Storm',
  signature: 'Storm(uint256,uint256)',
  args: [{ name: 'i', type: 'uint256', value, indexed: true }],
  source: 'metadata',
  alternatives: [{ signature: 'Other(uint256,uint256)', source: 'signatures', decodes: false }],
});

describe('createLogRowInterner', () => {
  it('leaves every row equal to what it was', () => {
    const rows = [row(1, decoded('1')), row(2, decoded('2')), row(3, { status: 'raw', reason: 'No signature for this topic', alternatives: [] })].map(parsed);
    const before = JSON.parse(JSON.stringify(rows)) as LogRow[];
    createLogRowInterner()(rows);
    expect(rows).toEqual(before);
  });

  it('shares the alternatives of one selector across pages and keeps a different list apart', () => {
    const intern = createLogRowInterner();
    const first = [parsed(row(1, decoded('1')))];
    const second = [parsed(row(2, decoded('2'))), parsed(row(3, { ...decoded('3'), alternatives: [] }))];
    intern(first);
    intern(second);
    const [a, b, c] = [first[0]!.decoded, second[0]!.decoded, second[1]!.decoded];
    if (a.status !== 'decoded' || b.status !== 'decoded' || c.status !== 'decoded') throw new Error('decoded rows expected');
    expect(b.alternatives).toBe(a.alternatives);
    expect(c.alternatives).toEqual([]);
    expect(b.args[0]!.value).toBe('2');
  });

  it('shares an argument only with rows whose argument is the same in name, type, value and place', () => {
    const intern = createLogRowInterner();
    const rows = [row(1, decoded('7')), row(2, decoded('7')), row(3, decoded('8'))].map(parsed);
    const topic = rows[2]!.decoded;
    if (topic.status === 'decoded') topic.args[0]!.indexed = false;
    const eight = parsed(row(4, decoded('8')));
    intern([...rows, eight]);
    const arg = (r: LogRow) => (r.decoded.status === 'decoded' ? r.decoded.args[0]! : undefined);
    expect(arg(rows[1]!)).toBe(arg(rows[0]!));
    expect(arg(eight)).not.toBe(arg(rows[2]!)); // same value, but one came from a topic and one from the data
    expect(arg(eight)).toEqual({ name: 'i', type: 'uint256', value: '8', indexed: true });
    expect(arg(rows[2]!)).toEqual({ name: 'i', type: 'uint256', value: '8', indexed: false });
  });
});

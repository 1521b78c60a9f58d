import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { LogRow } from '../../../src-shared/logs/types';
import { logExportChunks } from './logExportChunks';

const row = (index: number, overrides: Partial<LogRow> = {}): LogRow => ({
  blockNumber: '0x10',
  blockTimestamp: '0x6553f100',
  blockHash: `0x${'b'.repeat(64)}`,
  transactionHash: `0x${'c'.repeat(64)}`,
  transactionIndex: '0x1',
  logIndex: `0x${index.toString(16)}`,
  address: `0x${'a'.repeat(40)}`,
  topics: [`0x${'d'.repeat(64)}`],
  data: '0x',
  removed: false,
  decoded: { status: 'decoded', selector: `0x${'d'.repeat(64)}`, name: 'Note', signature: 'Note(string)', args: [{ name: 'text', type: 'string', value: 'say "hi", then\nleave' }], source: 'imported', alternatives: [] },
  ...overrides,
});
async function* rows(n: number, make = row) {
  for (let i = 0; i < n; i++) yield make(i);
}
// The header a reader of the file sees, written out: a column renamed, dropped or moved must fail here.
const HEADER = 'block_number,block_time,block_hash,transaction_hash,transaction_index,log_index,address,address_label,event,signature,decoded_args,topic0,topic1,topic2,topic3,data,removed';

const collect = async (chunks: AsyncIterable<string>) => {
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts;
};

describe('log exports', () => {
  it('writes CSV in chunks, with a header, decimal numbers and RFC 4180 quoting', async () => {
    const parts = await collect(logExportChunks(rows(1201), 'csv'));
    expect(parts.length).toBe(3); // 500 + 500 + 201 rows: never one big string
    const text = parts.join('');
    const [header] = text.split('\n');
    expect(header).toBe(HEADER);
    expect(text).toContain('16,2023-11-14T22:13:20.000Z,0xbbbb');
    expect(text).toContain('"{""text"":""say \\""hi\\"", then\\nleave""}"');
  });

  it('leaves the time empty for a row whose block time is not known', async () => {
    const text = (await collect(logExportChunks(rows(1, (index) => row(index, { blockTimestamp: undefined })), 'csv'))).join('');
    expect(text.split('\n')[1]).toMatch(/^16,,0xbbbb/);
  });

  it('writes a header alone for no rows, and an empty JSON array', async () => {
    expect((await collect(logExportChunks(rows(0), 'csv'))).join('')).toBe(`${HEADER}\n`);
    expect(JSON.parse((await collect(logExportChunks(rows(0), 'json'))).join(''))).toEqual([]);
  });

  it('writes JSON that parses back to the rows, their addresses checksummed', async () => {
    const parsed = JSON.parse((await collect(logExportChunks(rows(1001), 'json'))).join('')) as LogRow[];
    expect(parsed.length).toBe(1001);
    expect(parsed[1000]).toEqual(row(1000, { address: getAddress(`0x${'a'.repeat(40)}`) }));
  });

  it('writes the emitting address checksummed in CSV, as the app shows it, whatever case the node answered in', async () => {
    const lower = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
    const text = (await collect(logExportChunks(rows(1, (index) => row(index, { address: lower })), 'csv'))).join('');
    expect(text).toContain(',0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266,');
    expect(text).not.toContain(lower);
  });
});

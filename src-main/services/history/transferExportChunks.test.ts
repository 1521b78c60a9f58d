import { describe, expect, it } from 'vitest';
import type { TokenTransferRow } from '../../../src-shared/api/history';
import { transferExportChunks } from './transferExportChunks';

const TOKEN = '0x5fc8d32690cc91d4c39d9d3abcbd16989f875707';
const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const TO = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

const row = (index: number): TokenTransferRow => ({
  id: `0x${'c'.repeat(64)}:${index}`,
  transactionHash: `0x${'c'.repeat(64)}`,
  logIndex: index,
  blockNumber: '0x10',
  timestamp: index === 1 ? null : '0x6553f100',
  standard: 'erc20',
  token: TOKEN,
  symbol: 'GLS',
  decimals: 18,
  from: FROM,
  to: TO,
  direction: 'out',
  amount: '1500',
  tokenId: null,
});

// The header a reader of the file sees, written out: a column renamed, dropped or moved must fail here.
const HEADER = 'block,time,transaction,log_index,direction,standard,token,symbol,decimals,from,to,amount,token_id';

const collect = async (chunks: AsyncIterable<string>) => {
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts;
};

describe('transferExportChunks', () => {
  it('writes a header, then a chunk per 500 rows, block numbers in decimal', async () => {
    const parts = await collect(transferExportChunks(Array.from({ length: 1001 }, (_, index) => row(index))));
    expect(parts.length).toBe(3);
    const lines = parts.join('').trimEnd().split('\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.length).toBe(1002);
    expect(lines[1]!.startsWith(`16,2023-11-14T22:13:20.000Z,0x${'c'.repeat(64)},0,out,erc20,`)).toBe(true);
    // A row whose block time was not read: the time left empty.
    expect(lines[2]!.startsWith(`16,,0x${'c'.repeat(64)},1,out,erc20,`)).toBe(true);
  });

  it('writes the token, sender and recipient checksummed, as the app shows them (the node answers lowercase)', async () => {
    const text = (await collect(transferExportChunks([row(0)]))).join('');
    expect(text.split('\n')[1]).toBe(`16,2023-11-14T22:13:20.000Z,0x${'c'.repeat(64)},0,out,erc20,0x5FC8d32690cc91D4c39d9d3abcBD16989F875707,GLS,18,0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266,0x70997970C51812dc3A010C7d01b50e0d17dc79C8,1500,`);
    for (const lower of [TOKEN, FROM, TO]) expect(text).not.toContain(lower);
  });

  it('writes the header alone for no rows', async () => {
    expect((await collect(transferExportChunks([]))).join('')).toBe(`${HEADER}\n`);
  });
});

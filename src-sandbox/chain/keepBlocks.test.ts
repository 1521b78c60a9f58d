import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { throughTransform } from '../testing/throughTransform';
import { filterDumpArrays } from './filterDumpArrays';
import { blockFilters } from './keepBlocks';
import { historyFilter } from './keepHistory';

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/**
 * A dump shaped like Anvil 1.7's: a block per number (its header first, with a `number` in hex), transactions with their
 * traces (strings full of brackets and keys, a `number` among them) and their block number last, as a JSON number.
 */
function dump(count: number, extra = 'x') {
  return {
    block: { number: `0x${count.toString(16)}` },
    accounts: { '0xab': { storage: { '0x1': '0x2' }, code: '0x"[]{}' } },
    best_block_number: count,
    blocks: Array.from({ length: count }, (_, n) => ({
      header: { parentHash: hash(n), logsBloom: '0x00', number: `0x${n.toString(16)}`, extraData: `0x${extra}` },
      transactions: n % 2 ? [{ transaction: { number: '0xffff' } }] : [],
      ommers: [],
    })),
    transactions: Array.from({ length: count }, (_, n) => ({
      info: { transaction_hash: hash(n), traces: [{ block_number: 99999, output: `"]}[{${extra}` }] },
      receipt: { status: '0x1', logs: [] },
      block_hash: hash(n),
      block_number: n,
    })),
    historical_states: [[hash(1), { block_hashes: { '1': hash(1) } }]],
  };
}

const run = (input: string, keep: (n: number) => boolean, sizes: number[] = []) => throughTransform(input, filterDumpArrays(blockFilters(keep)), sizes);

describe('blockFilters', () => {
  it('keeps the blocks and the transactions of the numbers kept, and everything else as it was', async () => {
    const input = dump(6);
    const keep = (n: number) => n <= 1 || n >= 4;
    const output = JSON.parse(await run(JSON.stringify(input, null, 1), keep));
    expect(output).toEqual({ ...input, blocks: input.blocks.filter((_, n) => keep(n)), transactions: input.transactions.filter((_, n) => keep(n)) });
  });

  it('reads a block number written as a string too (an older Anvil wrote "171")', async () => {
    const input = { blocks: [], transactions: [{ info: {}, block_hash: hash(1), block_number: '171' }, { info: {}, block_hash: hash(2), block_number: '172' }] };
    expect(JSON.parse(await run(JSON.stringify(input), (n) => n === 172)).transactions).toEqual([input.transactions[1]]);
  });

  it('gives the same answer whatever the chunk boundaries and whichever blocks are kept, with the history filtered in the same pass', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { maxLength: 200 }),
        fc.string(),
        fc.boolean(),
        fc.boolean(),
        async (count, kept, sizes, extra, pretty, keepState) => {
          const input = dump(count, extra);
          const keep = (n: number) => kept[n] ?? false;
          const transform = filterDumpArrays({ ...blockFilters(keep), ...historyFilter(() => keepState) });
          const output = JSON.parse(await throughTransform(JSON.stringify(input, null, pretty ? 2 : undefined), transform, sizes));
          expect(output).toEqual({
            ...input,
            blocks: input.blocks.filter((_, n) => kept[n]),
            transactions: input.transactions.filter((_, n) => kept[n]),
            historical_states: keepState ? input.historical_states : [],
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

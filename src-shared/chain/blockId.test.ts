import { describe, expect, it } from 'vitest';
import { explorerMethods } from '../api/explorer';
import { BLOCK_ID_HINT, blockIdProblem } from './blockId';

describe('block ids', () => {
  it('accepts numbers, hashes and tags', () => {
    for (const id of ['0', '171', '0xab', `0x${'a'.repeat(64)}`, 'latest', 'earliest', 'pending', 'safe', 'finalized']) expect(blockIdProblem(id)).toBeUndefined();
  });

  it('refuses the rest speaking of blocks only, and the contract refuses it the same way', () => {
    expect(blockIdProblem('abc')).toBe(BLOCK_ID_HINT);
    expect(blockIdProblem(`0x${'a'.repeat(40)}`)).toBe(BLOCK_ID_HINT); // an address is not a block
    expect(blockIdProblem('-1')).toBe(`A block number cannot be negative. ${BLOCK_ID_HINT}`);
    const result = explorerMethods['explorer.block'].input.safeParse({ networkId: 'local', block: 'abc' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(BLOCK_ID_HINT);
  });
});

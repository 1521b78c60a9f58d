import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnownAtBlocks } from './knownAtBlocks';
import { locateNonces } from './locateNonces';
import { UNKEPT } from './unkeptState';

/** A chain as the address's count after each block: `sentIn[b]` transactions in block b. */
function chainOf(sentIn: number[]) {
  const after: number[] = [];
  let total = 0;
  for (const sent of sentIn) after.push((total += sent));
  const blockOf = (nonce: number) => after.findIndex((count) => count > nonce);
  return { after, head: BigInt(sentIn.length - 1), headCount: total, blockOf };
}

describe('locateNonces', () => {
  it('finds the block of every nonce, whatever the chain (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 300 }), async (sentIn) => {
        const chain = chainOf(sentIn);
        const wanted = Array.from({ length: chain.headCount }, (_, nonce) => nonce);
        const { blocks, firstNonce } = await locateNonces(wanted, chain.head, chain.headCount, new KnownAtBlocks<number>(), async (block) => chain.after[Number(block)]!);
        for (const nonce of wanted) expect(blocks.get(nonce)).toBe(BigInt(chain.blockOf(nonce)));
        for (const [block, first] of firstNonce) expect(first).toBe(block === 0n ? 0 : chain.after[Number(block) - 1]);
      }),
      { numRuns: 200 },
    );
  });

  it('asks about no block a second time, even with a newer head: what it read before splits first', async () => {
    const sentIn = Array.from({ length: 5000 }, (_, block) => (block % 97 === 0 ? 1 : 0));
    const chain = chainOf(sentIn);
    const known = new KnownAtBlocks<number>();
    const asked: bigint[] = [];
    const countAt = async (block: bigint) => (asked.push(block), chain.after[Number(block)]!);
    const all = Array.from({ length: chain.headCount }, (_, nonce) => nonce);
    await locateNonces(all, chain.head - 1000n, chain.after[Number(chain.head - 1000n)]!, known, countAt);
    const first = asked.length;
    expect(first).toBeGreaterThan(0);
    asked.length = 0;
    // Later: the head moved on by 1000 blocks; the old nonces' blocks are known, only the new ones are looked for.
    const { blocks } = await locateNonces(all, chain.head, chain.headCount, known, countAt);
    for (const nonce of all) expect(blocks.get(nonce)).toBe(BigInt(chain.blockOf(nonce)));
    const oldCoverage = chain.head - 1000n;
    expect(asked.filter((block) => block <= oldCoverage)).toEqual([]);
  });

  it('locates only the nonces asked for, below the count at the head', async () => {
    const chain = chainOf([0, 1, 0, 2, 0, 0, 1]);
    const { blocks } = await locateNonces([3, 1, 99, -1], chain.head, chain.headCount, new KnownAtBlocks<number>(), async (block) => chain.after[Number(block)]!);
    expect([...blocks.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 3n],
      [3, 6n],
    ]);
  });

  it('on a node that keeps no state of a run of blocks, locates every nonce outside it and says the ones inside as that run (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: 3 }), { minLength: 3, maxLength: 300 }).chain((sentIn) =>
          fc.tuple(fc.constant(sentIn), fc.nat({ max: sentIn.length - 2 }), fc.nat({ max: sentIn.length - 2 })),
        ),
        async ([sentIn, x, y]) => {
          const chain = chainOf(sentIn);
          // Blocks a..b are not kept (the head, the last block, always is).
          const [a, b] = x <= y ? [x, y] : [y, x];
          const countAt = async (block: bigint) => (block >= BigInt(a) && block <= BigInt(b) ? UNKEPT : chain.after[Number(block)]!);
          const wanted = Array.from({ length: chain.headCount }, (_, nonce) => nonce);
          const { blocks, unplaced } = await locateNonces(wanted, chain.head, chain.headCount, new KnownAtBlocks<number>(), countAt);
          const placedNowhere = new Set(unplaced.flatMap((run) => run.nonces));
          for (const run of unplaced) expect([run.from, run.to]).toEqual([BigInt(a), BigInt(b) + 1n]);
          for (const nonce of wanted) {
            const block = chain.blockOf(nonce);
            if (placedNowhere.has(nonce)) {
              expect(blocks.has(nonce)).toBe(false);
              expect(block >= a && block <= b + 1, `nonce ${nonce} in block ${block}, said to be in ${a}..${b + 1}`).toBe(true);
            } else expect(blocks.get(nonce)).toBe(BigInt(block));
          }
          // A nonce of a block the node does not keep cannot have been placed.
          for (const nonce of wanted) if (chain.blockOf(nonce) >= a && chain.blockOf(nonce) <= b) expect(placedNowhere.has(nonce)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

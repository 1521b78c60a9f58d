import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnownAtBlocks } from './knownAtBlocks';
import { locateStateChanges } from './locateStateChanges';
import { BlockRanges, UNKEPT } from './unkeptState';

/** A chain as the address's state after each block: `changedIn[b]` says whether block b changed it (never undone). */
function chainOf(changedIn: boolean[]) {
  const after: string[] = [];
  let version = 0;
  for (const changed of changedIn) after.push(`v${(version += changed ? 1 : 0)}`);
  const changes = changedIn.flatMap((changed, block) => (changed && block > 0 ? [BigInt(block)] : []));
  return { after, head: BigInt(changedIn.length - 1), changes };
}

describe('locateStateChanges', () => {
  it('finds every block whose state differs from the block before, whatever the chain (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 400 }), async (changedIn) => {
        const chain = chainOf(changedIn);
        const found = await locateStateChanges(0n, chain.head, new KnownAtBlocks<string>(), async (block) => chain.after[Number(block)]!);
        expect(found).toEqual(chain.changes);
      }),
      { numRuns: 200 },
    );
  });

  it('reads about log2 of the span per change, and sends each level of the bisection together', async () => {
    const changedIn = Array.from({ length: 4096 }, (_, block) => block === 1000 || block === 3000);
    const chain = chainOf(changedIn);
    const asked: bigint[] = [];
    let inFlight = 0;
    let most = 0;
    const found = await locateStateChanges(0n, chain.head, new KnownAtBlocks<string>(), async (block) => {
      asked.push(block);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await Promise.resolve();
      inFlight -= 1;
      return chain.after[Number(block)]!;
    });
    expect(found).toEqual([1000n, 3000n]);
    expect(asked.length).toBeLessThanOrEqual(2 + 2 * 12);
    expect(most).toBe(2);
  });

  it('asks about no block it knows, even with a newer head: what it read before splits first', async () => {
    const changedIn = Array.from({ length: 3000 }, (_, block) => block % 101 === 7);
    const chain = chainOf(changedIn);
    const known = new KnownAtBlocks<string>();
    const asked: bigint[] = [];
    const stateAt = async (block: bigint) => (asked.push(block), chain.after[Number(block)]!);
    await locateStateChanges(0n, 2000n, known, stateAt);
    asked.length = 0;
    const found = await locateStateChanges(0n, chain.head, known, stateAt);
    expect(found).toEqual(chain.changes);
    expect(asked.filter((block) => block <= 2000n)).toEqual([]);
  });

  it('misses a change undone between two blocks that agree (what the doc says it cannot see)', async () => {
    const after = ['a', 'a', 'b', 'a', 'a'];
    expect(await locateStateChanges(0n, 4n, new KnownAtBlocks<string>(), async (block) => after[Number(block)]!)).toEqual([]);
  });

  it('on a node that keeps no state of a run of blocks, finds every change outside it and says the run exactly (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 3, maxLength: 400 }).chain((changedIn) => fc.tuple(fc.constant(changedIn), fc.nat({ max: changedIn.length - 2 }), fc.nat({ max: changedIn.length - 2 }))),
        async ([changedIn, x, y]) => {
          const chain = chainOf(changedIn);
          const [a, b] = x <= y ? [BigInt(x), BigInt(y)] : [BigInt(y), BigInt(x)];
          const unkept = new BlockRanges();
          const found = await locateStateChanges(0n, chain.head, new KnownAtBlocks<string>(), async (block) => (block >= a && block <= b ? UNKEPT : chain.after[Number(block)]!), undefined, unkept);
          // Every change but those the run hides (its blocks, and the first block after it, whose parent it holds).
          expect(found).toEqual(chain.changes.filter((block) => block < a || block > b + 1n));
          // The run is said exactly wherever a change lies in or across it.
          const hidden = chain.changes.some((block) => block >= a && block <= b + 1n) || a === 0n;
          if (hidden) expect(unkept.list()).toEqual([{ from: a, to: b }]);
          else expect(unkept.list().every((range) => range.from === a && range.to === b)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

import { type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { pickActivity, type ActivityContext, type ActivityKind } from './activity-mix';
import { createPrng } from './prng';

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const ctx: ActivityContext = {
  weth: address(1),
  tokens: [
    { address: address(2), decimals: 6 },
    { address: address(3), decimals: 18 },
  ],
  router: address(4),
  storageShowcase: address(5),
  reverter: address(6),
  creation: { data: '0x6080', gas: 123_456n },
  recipients: [address(10), address(11), address(12)],
};

describe('pickActivity', () => {
  it('produces every everyday kind, never to the sender itself, and no failures without a failure rate', () => {
    const rng = createPrng(7);
    const kinds = new Set<ActivityKind>();
    for (let i = 0; i < 2_000; i++) {
      const tx = pickActivity(ctx, rng, address(10));
      kinds.add(tx.kind);
      expect(tx.succeeds).toBe(true);
      expect(tx.gas).toBeGreaterThan(0n);
      if (tx.kind === 'ETH transfer') expect(tx.to).not.toBe(address(10));
      if (tx.kind === 'contract creation') expect([tx.to, tx.data, tx.gas]).toEqual([undefined, '0x6080', 123_456n]);
      if (tx.kind.startsWith('swap')) expect(tx.to).toBe(ctx.router);
    }
    expect(kinds.size).toBe(10);
    expect(kinds.has('failing call')).toBe(false);
  });

  it('sends failing calls to the Reverter at about the failure rate', () => {
    const rng = createPrng(8);
    const failing = Array.from({ length: 4_000 }, () => pickActivity(ctx, rng, address(11), 0.1)).filter((tx) => !tx.succeeds);
    expect(failing.length).toBeGreaterThan(300);
    expect(failing.length).toBeLessThan(500);
    for (const tx of failing) expect(tx).toMatchObject({ kind: 'failing call', to: ctx.reverter });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readsSeededState, type SeededBlocks } from './seededState';

const seededHash = `0x${'ab'.repeat(32)}`;
const seeded: SeededBlocks = { toBlock: 244, hashes: new Set([seededHash]) };
const address = `0x${'11'.repeat(20)}`;

describe('which node holds the state a request reads', () => {
  it('sends reads at a seeded block to the seeded node: by number, earliest, or EIP-1898 by number or hash', () => {
    expect(readsSeededState('eth_getBalance', [address, '0xf4'], seeded)).toBe(true);
    expect(readsSeededState('eth_getBalance', [address, '0x0'], seeded)).toBe(true);
    expect(readsSeededState('eth_getCode', [address, 'earliest'], seeded)).toBe(true);
    expect(readsSeededState('eth_getStorageAt', [address, '0x0', '0x10'], seeded)).toBe(true);
    expect(readsSeededState('eth_getProof', [address, [], { blockNumber: '0x10' }], seeded)).toBe(true);
    expect(readsSeededState('eth_call', [{ to: address }, { blockHash: seededHash.toUpperCase().replace('0X', '0x') }], seeded)).toBe(true);
    expect(readsSeededState('eth_estimateGas', [{ to: address }, '0x1'], seeded)).toBe(true);
  });

  it('leaves to the live node a later block, a tag, an unknown hash, a read with no block, and requests that read no state', () => {
    expect(readsSeededState('eth_getBalance', [address, '0xf5'], seeded)).toBe(false);
    for (const tag of ['latest', 'pending', 'safe', 'finalized']) expect(readsSeededState('eth_getBalance', [address, tag], seeded)).toBe(false);
    expect(readsSeededState('eth_call', [{ to: address }, { blockHash: `0x${'cd'.repeat(32)}` }], seeded)).toBe(false);
    expect(readsSeededState('eth_estimateGas', [{ to: address }], seeded)).toBe(false);
    expect(readsSeededState('eth_getBlockByNumber', ['0x1', false], seeded)).toBe(false);
    expect(readsSeededState('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x1' }], seeded)).toBe(false);
    expect(readsSeededState('eth_sendRawTransaction', ['0x00'], seeded)).toBe(false);
    expect(readsSeededState('eth_getBalance', { address, block: '0x1' }, seeded)).toBe(false);
  });

  it('never throws on any parameters a client sends, and routes by the number alone', () => {
    fc.assert(
      fc.property(fc.constantFrom('eth_getBalance', 'eth_call', 'eth_getStorageAt', 'eth_getProof', 'eth_chainId'), fc.anything(), (method, params) => {
        expect(typeof readsSeededState(method, params, seeded)).toBe('boolean');
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (number) => {
        expect(readsSeededState('eth_getBalance', [address, `0x${number.toString(16)}`], seeded)).toBe(number <= 244n);
      }),
    );
  });
});

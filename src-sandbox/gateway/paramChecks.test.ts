import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkParams, MAX_FEE_HISTORY_BLOCKS, quantityProblem } from './paramChecks';

const hex = (n: bigint) => `0x${n.toString(16)}`;

describe('quantityProblem', () => {
  it('takes every quantity that fits, refuses every one that does not, in geth words', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 300n) - 1n }), fc.constantFrom(64 as const, 256 as const), (n, bits) => {
        const problem = quantityProblem(hex(n), bits);
        if (n < 1n << BigInt(bits)) expect(problem).toBeUndefined();
        else expect(problem).toBe(`hex number > ${bits} bits`);
      }),
    );
  });
  it.each([
    [12, 'cannot unmarshal number into a hex quantity'],
    [null, 'cannot unmarshal null into a hex quantity'],
    ['12', 'hex string without 0x prefix'],
    ['0x', 'hex string "0x"'],
    ['0xg1', 'invalid hex string'],
    ['-0x1', 'hex string without 0x prefix'],
  ])('refuses %j: %s', (value, words) => {
    expect(quantityProblem(value, 64)).toBe(words);
  });
});

describe('checkParams', () => {
  it('refuses an eth_feeHistory block count over 64 bits (Anvil aborts on it) and cuts a large one to 1,024 as geth does', () => {
    expect(checkParams('eth_feeHistory', [`0x${'f'.repeat(64)}`, '0x90', []])).toEqual({ ok: false, error: { code: -32602, message: 'invalid argument 0: hex number > 64 bits' } });
    expect(checkParams('eth_feeHistory', ['0x10000000000000000', 'latest', []])).toMatchObject({ ok: false });
    expect(checkParams('eth_feeHistory', ['0xffffffffffffffff', 'latest', [10]])).toEqual({ ok: true, params: [hex(BigInt(MAX_FEE_HISTORY_BLOCKS)), 'latest', [10]] });
    const given = ['0x5', 'latest', [10, 20, 30]];
    expect(checkParams('eth_feeHistory', given)).toEqual({ ok: true, params: given });
  });
  it('checks reward percentiles as geth does: numbers from 0 to 100, ascending, at most 100', () => {
    expect(checkParams('eth_feeHistory', ['0x1', 'latest', [101]])).toMatchObject({ ok: false, error: { message: 'invalid argument 2: invalid reward percentile: 101' } });
    expect(checkParams('eth_feeHistory', ['0x1', 'latest', [20, 10]])).toMatchObject({ ok: false, error: { message: 'invalid argument 2: invalid reward percentile: #0:20 >= #1:10' } });
    expect(checkParams('eth_feeHistory', ['0x1', 'latest', Array.from({ length: 101 }, (_, i) => i / 2)])).toMatchObject({ ok: false });
    expect(checkParams('eth_feeHistory', ['0x1', 'latest', ['10']])).toMatchObject({ ok: false });
  });
  it('checks block numbers, indices, slots and a call object’s quantities', () => {
    const big = hex(1n << 64n);
    expect(checkParams('eth_getBlockByNumber', [big, false])).toMatchObject({ ok: false, error: { message: 'invalid argument 0: hex number > 64 bits' } });
    expect(checkParams('eth_getTransactionByBlockNumberAndIndex', ['latest', big])).toMatchObject({ ok: false, error: { message: 'invalid argument 1: hex number > 64 bits' } });
    expect(checkParams('eth_getStorageAt', ['0x' + '11'.repeat(20), hex((1n << 256n) - 1n), 'latest'])).toMatchObject({ ok: true });
    expect(checkParams('eth_getStorageAt', ['0x' + '11'.repeat(20), hex(1n << 256n), 'latest'])).toMatchObject({ ok: false });
    expect(checkParams('eth_call', [{ to: '0x' + '11'.repeat(20), gas: big }, 'latest'])).toMatchObject({ ok: false, error: { message: 'invalid argument 0: gas: hex number > 64 bits' } });
    expect(checkParams('eth_getBalance', ['0x' + '11'.repeat(20), { blockNumber: big }])).toMatchObject({ ok: false });
    expect(checkParams('eth_getBalance', ['0x' + '11'.repeat(20), '0x' + '22'.repeat(32)])).toMatchObject({ ok: true });
    for (const tag of ['latest', 'earliest', 'pending', 'safe', 'finalized']) expect(checkParams('eth_getBlockByNumber', [tag, true])).toMatchObject({ ok: true });
  });
  it('leaves methods without numeric params, and named params, to the node', () => {
    expect(checkParams('eth_chainId', [])).toEqual({ ok: true, params: [] });
    const named = { blockCount: '0x1' };
    expect(checkParams('eth_feeHistory', named)).toEqual({ ok: true, params: named });
  });
});

import { describe, expect, it } from 'vitest';
import { chainCommon, hardforkOf } from './chainHardfork';
import type { RpcRequest } from './rpcRequest';

/** A node answering only eth_chainId and, when given, eth_config. */
function node(chainId: string, config?: unknown): RpcRequest {
  return async (method) => {
    if (method === 'eth_chainId') return chainId;
    if (method === 'eth_config' && config) return config;
    throw new Error(`the method ${method} does not exist`);
  };
}

const OSAKA_BLOBS = { target: 6, max: 9, baseFeeUpdateFraction: 5_007_716 };
const BLS = { BLS12_G1ADD: '0x0b', KZG_POINT_EVALUATION: '0x0a' };

describe('hardforkOf', () => {
  it.each([
    ['osaka', { ...BLS, P256VERIFY: '0x0100' }, OSAKA_BLOBS],
    ['bpo1', { ...BLS, P256VERIFY: '0x0100' }, { target: 10, max: 15, baseFeeUpdateFraction: 8_346_193 }],
    ['bpo2', { ...BLS, P256VERIFY: '0x0100' }, { target: 14, max: 21, baseFeeUpdateFraction: 11_684_671 }],
    ['prague', BLS, OSAKA_BLOBS],
    ['cancun', { KZG_POINT_EVALUATION: '0x0a' }, { target: 3, max: 6, baseFeeUpdateFraction: 3_338_477 }],
  ])('reads %s from the precompiles and blob schedule eth_config states', (hardfork, precompiles, blobSchedule) => {
    expect(hardforkOf({ activationTime: 0, chainId: '0x7a69', precompiles, blobSchedule }, 31337n)).toBe(hardfork);
  });

  it('refuses a blob schedule of no fork it knows rather than pick the nearest', () => {
    expect(() =>
      hardforkOf({ activationTime: 0, chainId: '0x1', precompiles: { P256VERIFY: '0x0100' }, blobSchedule: { target: 7, max: 9, baseFeeUpdateFraction: 1 } }, 1n),
    ).toThrowErrorMatchingInlineSnapshot(`[UnknownHardforkError: Chain 1 runs Osaka or later with a blob schedule ({"target":7,"max":9,"baseFeeUpdateFraction":1}) of no fork the EVM library knows.]`);
  });

  it('refuses a fork before Cancun, which eth_config cannot state', () => {
    expect(() => hardforkOf({ activationTime: 0, chainId: '0x1', precompiles: { ECREC: '0x01' } }, 1n)).toThrowErrorMatchingInlineSnapshot(`[UnknownHardforkError: Chain 1's eth_config states a fork before Cancun, which eth_config cannot describe.]`);
  });
});

describe('chainCommon', () => {
  it.each([
    [{ number: 19_500_000n, timestamp: 1_711_000_000n }, 'cancun'],
    [{ number: 22_500_000n, timestamp: 1_747_000_000n }, 'prague'],
  ])('takes a public chain’s fork from the library’s own schedule (mainnet %o: %s)', async (block, hardfork) => {
    expect((await chainCommon(node('0x1'), block)).hardfork()).toBe(hardfork);
  });

  it('takes another chain’s fork from eth_config', async () => {
    const config = { current: { activationTime: 0, chainId: '0x7a69', precompiles: { BLS12_G1ADD: '0x0b' } }, next: null, last: null };
    const common = await chainCommon(node('0x7a69', config), { number: 5n, timestamp: 100n });
    expect([common.hardfork(), common.chainId()]).toEqual(['prague', 31337n]);
  });

  it('refuses a block older than every fork eth_config states', async () => {
    const config = { current: { activationTime: 1000, chainId: '0x7a69', precompiles: { BLS12_G1ADD: '0x0b' } }, next: null, last: null };
    await expect(chainCommon(node('0x7a69', config), { number: 5n, timestamp: 100n })).rejects.toThrowErrorMatchingInlineSnapshot(`[UnknownHardforkError: Cannot tell which hardfork chain 31337 ran block 5 under: eth_config states only forks activated after it.]`);
  });
});

import { describe, expect, it } from 'vitest';
import { chainCommon, hardforkLabel, hardforkOf, hardforkOfHeader } from './chainHardfork';
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

/** Header fields as nodes state them (the values do not matter, only which fields a header has). */
const ROOT = `0x${'56'.repeat(32)}`;
const LONDON = { difficulty: '0x20000', baseFeePerGas: '0x3b9aca00' };
const PARIS = { ...LONDON, difficulty: '0x0' };
const SHANGHAI = { ...PARIS, withdrawalsRoot: ROOT };
const CANCUN = { ...SHANGHAI, blobGasUsed: '0x0', excessBlobGas: '0x0', parentBeaconBlockRoot: ROOT };
const PRAGUE_OR_LATER = { ...CANCUN, requestsHash: ROOT };

describe('hardforkOfHeader', () => {
  it.each([
    ['osaka', 'requestsHash (Prague or later: Osaka, which no header field tells from Prague)', PRAGUE_OR_LATER],
    ['cancun', 'the blob fields and the beacon root', CANCUN],
    ['cancun', 'the beacon root alone', { ...SHANGHAI, parentBeaconBlockRoot: ROOT }],
    ['shanghai', 'withdrawalsRoot (Ganache 7)', SHANGHAI],
    ['paris', 'a base fee and no difficulty', PARIS],
    ['london', 'a base fee and a difficulty', LONDON],
    ['shanghai', 'withdrawalsRoot, the later fields null', { ...SHANGHAI, blobGasUsed: null, parentBeaconBlockRoot: null, requestsHash: null }],
  ])('reads %s from %s', (hardfork, _, header) => {
    expect(hardforkOfHeader(header)).toBe(hardfork);
  });

  it('refuses a header before London, whose forks no field tells apart', () => {
    expect(() => hardforkOfHeader({ difficulty: '0x20000' })).toThrowErrorMatchingInlineSnapshot(`[Error: its header has no base fee (a fork before London), which a header cannot tell apart.]`);
  });
});

describe('chainCommon', () => {
  it('reads the fork off the block header, named as inferred, for a node that does not answer eth_config', async () => {
    const common = await chainCommon(node('0x7a69'), { number: 5n, timestamp: 100n, header: PRAGUE_OR_LATER });
    expect([common.hardfork(), hardforkLabel(common), common.chainId()]).toEqual(['osaka', 'inferred osaka', 31337n]);
    const ganache = await chainCommon(node('0x539'), { number: 5n, timestamp: 100n, header: SHANGHAI });
    expect(hardforkLabel(ganache)).toBe('inferred shanghai');
  });

  it('names a fork a node states without "inferred"', async () => {
    const config = { current: { activationTime: 0, chainId: '0x7a69', precompiles: { BLS12_G1ADD: '0x0b' } }, next: null, last: null };
    expect(hardforkLabel(await chainCommon(node('0x7a69', config), { number: 5n, timestamp: 100n, header: PRAGUE_OR_LATER }))).toBe('prague');
  });

  it('refuses a block without eth_config whose header cannot tell its fork, or that comes without its header', async () => {
    await expect(chainCommon(node('0x7a69'), { number: 5n, timestamp: 100n, header: { difficulty: '0x1' } })).rejects.toThrowErrorMatchingInlineSnapshot(`[UnknownHardforkError: Cannot tell which hardfork chain 31337 ran block 5 under: the EVM library does not know the chain and the node does not answer eth_config (EIP-7910), and its header has no base fee (a fork before London), which a header cannot tell apart.]`);
    await expect(chainCommon(node('0x7a69'), { number: 5n, timestamp: 100n })).rejects.toThrowErrorMatchingInlineSnapshot(`[UnknownHardforkError: Cannot tell which hardfork chain 31337 ran block 5 under: the EVM library does not know the chain and the node does not answer eth_config (EIP-7910).]`);
  });

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

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { networkSchema, type Network } from './network';
import { HOSTED_CREDENTIAL_ID, HOSTED_GAS_URL, HOSTED_STORAGE_URL, PRESET_NETWORKS, presetNetwork } from './presets';

describe('PRESET_NETWORKS', () => {
  it.each([
    ['mainnet', 'evm', 1],
    ['sepolia', 'evm', 11155111],
    ['linea-mainnet', 'evm', 59144],
    ['polygon-mainnet', 'evm', 137],
    ['arbitrum-mainnet', 'evm', 42161],
    ['optimism-mainnet', 'evm', 10],
    ['base-mainnet', 'evm', 8453],
    ['starknet-mainnet', 'starknet', '0x534e5f4d41494e'],
    ['starknet-sepolia', 'starknet', '0x534e5f5345504f4c4941'],
  ])('has %s (%s, chain %s) at the hosted service’s addresses, without a key', (id, family, chainId) => {
    const network = presetNetwork(id);
    expect(network).toMatchObject({
      id,
      family,
      chainId,
      rpcUrl: `https://${id}.infura.io/v3/`,
      wsUrl: `wss://${id}.infura.io/ws/v3/`,
      gasUrl: family === 'evm' ? HOSTED_GAS_URL : null,
      storageUrl: HOSTED_STORAGE_URL,
      credentialId: HOSTED_CREDENTIAL_ID,
      kind: 'preset',
    });
  });

  it('lists exactly those nine, with unique ids and chain ids', () => {
    expect(PRESET_NETWORKS).toHaveLength(9);
    expect(new Set(PRESET_NETWORKS.map((n) => n.id)).size).toBe(9);
    expect(new Set(PRESET_NETWORKS.map((n) => n.chainId)).size).toBe(9);
  });

  it('passes the network schema unchanged', () => {
    for (const network of PRESET_NETWORKS) expect(networkSchema.parse(network)).toEqual(network);
  });

  it('cannot be changed at run time', () => {
    expect(() => {
      (PRESET_NETWORKS[0] as { rpcUrl: string }).rpcUrl = 'https://evil.example/';
    }).toThrow(TypeError);
    expect(Object.isFrozen(PRESET_NETWORKS)).toBe(true);
  });

  it('has no preset for an unknown id', () => {
    expect(presetNetwork('local')).toBeUndefined();
    expect(presetNetwork('custom-1')).toBeUndefined();
  });
});

describe('networkSchema', () => {
  it('parses to the Network type', () => {
    expectTypeOf<z.output<typeof networkSchema>>().toExtend<Network>();
    expectTypeOf<Network>().toExtend<z.input<typeof networkSchema>>();
  });

  it('refuses a Starknet chain id that is a number and an EVM chain id that is a string', () => {
    const mainnet = presetNetwork('mainnet');
    expect(networkSchema.safeParse({ ...mainnet, chainId: '1' }).success).toBe(false);
    const starknet = presetNetwork('starknet-mainnet');
    expect(networkSchema.safeParse({ ...starknet, chainId: 1 }).success).toBe(false);
  });

  it('refuses unknown fields', () => {
    expect(networkSchema.safeParse({ ...presetNetwork('mainnet'), apiKey: 'x' }).success).toBe(false);
  });
});

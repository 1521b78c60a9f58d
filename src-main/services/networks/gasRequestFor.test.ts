import { describe, expect, it } from 'vitest';
import type { Network } from '../../../src-shared/networks/network';
import { basicAuthorization } from '../secrets/basicAuthorization';
import { gasRequestFor } from './createNetworkService';

const network: Network = { id: 'n', name: 'N', family: 'evm', chainId: 10, rpcUrl: 'https://rpc.example/v3/', wsUrl: null, gasUrl: 'https://gas.example/', storageUrl: null, credentialId: 'n', kind: 'custom' };

describe('gasRequestFor', () => {
  it('sends basic credentials by default, the secret included when there is one', () => {
    expect(gasRequestFor(network, { apiKey: 'k1', apiSecret: 's1' })).toEqual({ url: 'https://gas.example/networks/10/suggestedGasFees', authorization: basicAuthorization('k1', 's1') });
  });

  it('puts the key in the path, URL-encoded, when the network says so', () => {
    expect(gasRequestFor({ ...network, gasAuth: 'path' }, { apiKey: 'a/b c' })).toEqual({ url: 'https://gas.example/v3/a%2Fb%20c/networks/10/suggestedGasFees' });
  });

  it('asks without credentials when there is no key, and not at all without a gas API or on Starknet', () => {
    expect(gasRequestFor(network)).toEqual({ url: 'https://gas.example/networks/10/suggestedGasFees' });
    expect(gasRequestFor({ ...network, gasUrl: null }, { apiKey: 'k' })).toBeNull();
    expect(gasRequestFor({ ...network, family: 'starknet', chainId: '0x534e5f4d41494e' }, { apiKey: 'k' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID, LOCAL_CREDENTIAL_ID, LOCAL_NETWORK_ID, localNetwork } from './localNetwork';
import { networkSchema } from './network';

describe('localNetwork', () => {
  it('takes its addresses from the sandbox’s ready line and drops the key from them', () => {
    const network = localNetwork({
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:41234/local/v3/k1',
      wsUrl: 'ws://127.0.0.1:41234/local/ws/v3/k1',
      gasUrl: 'http://127.0.0.1:41234',
      storageUrl: 'http://127.0.0.1:41234',
    });
    expect(network).toEqual({
      id: LOCAL_NETWORK_ID,
      name: 'Local sandbox',
      family: 'evm',
      chainId: LOCAL_CHAIN_ID,
      rpcUrl: 'http://127.0.0.1:41234/local/v3/',
      wsUrl: 'ws://127.0.0.1:41234/local/ws/v3/',
      gasUrl: 'http://127.0.0.1:41234',
      storageUrl: 'http://127.0.0.1:41234',
      credentialId: LOCAL_CREDENTIAL_ID,
      kind: 'local',
    });
    expect(networkSchema.parse(network)).toEqual(network);
  });

  it.each([
    ['http://127.0.0.1:1/local/v3/', 'http://127.0.0.1:1/local/v3/'],
    ['http://127.0.0.1:1/local/v3/abc', 'http://127.0.0.1:1/local/v3/'],
    ['http://127.0.0.1:1/local/v3/v3/abc', 'http://127.0.0.1:1/local/v3/v3/'],
  ])('turns %s into the template %s', (rpcUrl, template) => {
    expect(localNetwork({ rpcUrl, wsUrl: '', gasUrl: '', storageUrl: '' }).rpcUrl).toBe(template);
  });

  it('has empty addresses while the sandbox is not running', () => {
    expect(localNetwork()).toMatchObject({ rpcUrl: '', wsUrl: '', gasUrl: '', storageUrl: '', chainId: 31337 });
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { PRESET_NETWORKS } from '../../../src-shared/networks/presets';
import { encodeCalldata } from '../../../src-shared/starknet/felt';
import { selectorFromName } from '../../../src-shared/starknet/selector';
import type { StarknetCallRequest } from '../../../src-shared/starknet/types';
import { RESPONDER_HEAD, RESPONDER_TOKEN, startStarknetResponder, type StarknetResponder } from '../../../test-support/starknetResponder';
import { BlockglassError } from '../errors/blockglassError';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { createStarknetCall } from './createStarknetCall';

// Starknet's call through the real rpc service, against the Starknet spec responder: a local HTTP server that
// validates every request against test-support/specs/starknet-specs and answers spec-valid results (no
// Starknet node runs here). Each test ends by asking the responder whether any request broke the spec.

const KEY = 'starknet-key-9d1e77';
const sepolia = PRESET_NETWORKS.find((network) => network.id === 'starknet-sepolia')!;
const responders: StarknetResponder[] = [];
const services: RpcService[] = [];
afterAll(async () => {
  await Promise.all(services.map((service) => service.close()));
  await Promise.all(responders.map((responder) => responder.close()));
});

async function setup(specVersion?: string) {
  const responder = await startStarknetResponder(specVersion ? { specVersion } : {});
  responders.push(responder);
  const rpc = createRpcService({
    resolve: async () => ({ network: sepolia, rpcUrl: `${responder.origin}/starknet/v3/${KEY}`, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [KEY] }),
  });
  services.push(rpc);
  const families: Record<string, 'evm' | 'starknet'> = { 'starknet-sepolia': 'starknet', mainnet: 'evm' };
  const starknet = createStarknetCall({ rpc, familyOf: async (id) => families[id] ?? 'evm', redact: (text) => text.replaceAll(KEY, '[key]') });
  return { responder, starknet };
}

function request(name: string, args: Parameters<typeof encodeCalldata>[0] = [], block = 'latest', contractAddress: string = RESPONDER_TOKEN.address): StarknetCallRequest {
  const selector = selectorFromName(name);
  const calldata = encodeCalldata(args);
  if (!selector.ok || !calldata.ok) throw new Error('bad test request');
  return { contractAddress, selector: selector.selector, functionName: name, calldata: calldata.felts, block, args: [...args] };
}

describe('Starknet call against the spec responder', () => {
  it('reads a u256 balance that needs its high felt, and a short string', async () => {
    const { responder, starknet } = await setup();
    const balance = await starknet.run('starknet-sepolia', request('balanceOf', [{ kind: 'address', text: '0x1234' }]));
    expect(balance).toMatchObject({ ok: true, result: ['0x2a', '0x1'], blockId: 'latest' });
    const name = await starknet.run('starknet-sepolia', request('name'));
    expect(name).toMatchObject({ ok: true, result: ['0x4574686572'] });
    const sent = responder.requests.find((item) => item.method === 'starknet_call')!;
    expect(sent.params).toEqual({ request: { contract_address: RESPONDER_TOKEN.address, entry_point_selector: '0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e', calldata: ['0x1234'] }, block_id: 'latest' });
    expect(responder.problems()).toEqual([]);
  });

  it('asks at a block number or hash, and explains a block the node does not know', async () => {
    const { responder, starknet } = await setup();
    expect(await starknet.run('starknet-sepolia', request('decimals', [], String(RESPONDER_HEAD.number)))).toMatchObject({ ok: true, result: ['0x12'], blockId: { block_number: RESPONDER_HEAD.number } });
    expect(await starknet.run('starknet-sepolia', request('decimals', [], RESPONDER_HEAD.hash))).toMatchObject({ ok: true, blockId: { block_hash: RESPONDER_HEAD.hash } });
    const missing = await starknet.run('starknet-sepolia', request('decimals', [], String(RESPONDER_HEAD.number + 1)));
    expect(missing).toMatchObject({ ok: false, error: { code: 24, explanation: expect.stringContaining('does not know that block') } });
    expect(responder.problems()).toEqual([]);
  });

  it('explains each error of the spec: no contract, no entry point, the contract failing with its trace', async () => {
    const { responder, starknet } = await setup();
    const noContract = await starknet.run('starknet-sepolia', request('decimals', [], 'latest', '0xdead'));
    expect(noContract).toMatchObject({ ok: false, error: { code: 20, explanation: expect.stringContaining('No contract is deployed at 0xdead') } });
    const noEntry = await starknet.run('starknet-sepolia', request('balance_of_all'));
    expect(noEntry).toMatchObject({ ok: false, error: { code: 21, explanation: expect.stringContaining('no entry point for balance_of_all') } });
    const failed = await starknet.run('starknet-sepolia', request('transfer', [{ kind: 'address', text: '0x1' }, { kind: 'u256', text: '10' }]));
    expect(failed).toMatchObject({
      ok: false,
      error: { code: 40, reason: expect.stringContaining("('u256_sub Overflow')"), trace: [{ contractAddress: RESPONDER_TOKEN.address, selector: '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e' }] },
    });
    const tooFew = await starknet.run('starknet-sepolia', request('balanceOf'));
    expect(tooFew).toMatchObject({ ok: false, error: { code: 40, reason: expect.stringContaining('Failed to deserialize param #1') } });
    expect(JSON.stringify([noContract, noEntry, failed, tooFew])).not.toContain(KEY);
    expect(responder.problems()).toEqual([]);
  });

  it('sends the block being built as pre_confirmed to a 0.9+ node and as pending to an older one', async () => {
    const current = await setup();
    expect(await current.starknet.run('starknet-sepolia', request('decimals', [], 'pending'))).toMatchObject({ ok: true, blockId: 'pre_confirmed', specVersion: expect.stringMatching(/^0\.10\./) });
    expect(current.responder.requests.map((item) => item.method)).toEqual(['starknet_specVersion', 'starknet_call']);
    expect(current.responder.problems()).toEqual([]);

    const older = await setup('0.8.1');
    expect(await older.starknet.run('starknet-sepolia', request('decimals', [], 'pre_confirmed'))).toMatchObject({ ok: true, blockId: 'pending', specVersion: '0.8.1' });
    await expect(older.starknet.run('starknet-sepolia', request('decimals', [], 'l1_accepted'))).rejects.toThrow(/spec 0.8.1, which has no l1_accepted tag/);
    expect((older.responder.requests.find((item) => item.method === 'starknet_call')!.params as { block_id: unknown }).block_id).toBe('pending');
    expect(older.responder.problems()).toEqual([]);
  });

  it('refuses a Starknet call on an EVM network before anything is sent', async () => {
    const { responder, starknet } = await setup();
    const refused = await starknet.run('mainnet', request('decimals')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BlockglassError);
    expect((refused as BlockglassError).shortMessage).toMatch(/EVM network/);
    expect(responder.requests).toEqual([]);
  });

  it('a request the spec refuses is caught by the responder (the check can fail)', async () => {
    const { responder } = await setup();
    await fetch(`${responder.origin}/v3/x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_call', params: { request: { contract_address: '0x01', entry_point_selector: '0x1', calldata: [] }, block_id: 'pending' } }) });
    expect(responder.problems().length).toBeGreaterThan(0);
  });
});

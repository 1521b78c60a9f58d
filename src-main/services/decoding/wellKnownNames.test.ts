import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMetadataPointer } from '../../../src-shared/decoding/solidityMetadata';
import { WELL_KNOWN_CONTRACTS, wellKnownContract } from '../../../src-shared/names/wellKnownContracts';
import { startAnvil, type AnvilProcess } from '../../../test-support/bareAnvil';
import { createChainKeys } from '../chains/createChainKeys';
import { kubo } from '../content/testing/officialClient';
import { createRpcService } from '../rpc/createRpcService';
import type { EvmNetwork } from '../../../src-shared/networks/network';
import type { NetworkWithCredentials } from '../rpc/networkWithCredentials';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { createDecodingService } from './createDecodingService';
import { createContentReader } from './readContent';

// Names through the real naming path (the decoding service's labelsOf / namesOf, which every screen's rows use): an
// Anvil told it is chain 1 (anvil_setChainId) gets Blockglass's list of well-known contracts for mainnet; a contract's
// own metadata (the sandbox's token code put at WETH's address, its metadata in the sandbox's store) names it before
// the list; a label the person gives names it before both. The shared sandbox (chain 31337) gets no mainnet names.

const sandbox = sharedSandbox();
const local = localSandboxNetwork(sandbox.info);
let anvil: AnvilProcess;
const networks: Record<string, NetworkWithCredentials> = { local };
const rpc = createRpcService({ resolve: async (id) => networks[id]! });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-names-'));
const store = openStore(dataDir);
const chains = createChainKeys({
  describe: async (id) => ({ chainId: networks[id]!.network.chainId, family: 'evm', endpoint: networks[id]!.rpcUrl }),
  request: (id, method, params) => rpc.request(id, method, params),
});
const decoding = createDecodingService({ rpc, store, chainOf: (id) => chains.of(id), readContent: createContentReader(async (id) => networks[id]!), projectRoot: process.cwd() });
const WETH = wellKnownContract(1, '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2')!.address;

beforeAll(async () => {
  anvil = await startAnvil();
  // A mainnet stand-in: Anvil says chain id 1; its content store is the sandbox's (where the token's metadata is).
  await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setChainId', params: [1] }) });
  networks.mainnet = { ...local, network: { ...(local.network as EvmNetwork), id: 'mainnet', name: 'Mainnet stand-in', chainId: 1, rpcUrl: anvil.url }, rpcUrl: anvil.url, wsUrl: null };
});
afterAll(async () => {
  rpc.close();
  store.close();
  await anvil?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('names of addresses through the decoding service', () => {
  it('names mainnet’s well-known contracts on chain 1 from the shipped list, and not on another chain', async () => {
    expect(await rpc.request<string>('mainnet', 'eth_chainId', [])).toBe('0x1');
    expect(await decoding.chainOf('mainnet')).toMatch(/^1\/0x[0-9a-f]{64}$/);
    await decoding.chainOf('local');
    const names = decoding.namesOf('mainnet');
    for (const entry of WELL_KNOWN_CONTRACTS.filter((candidate) => candidate.chainId === 1)) {
      expect(names(entry.address.toLowerCase())).toEqual({ name: entry.name, source: 'well-known' });
    }
    expect(decoding.labelsOf('mainnet')(WETH)).toBe('WETH');
    expect(decoding.labelsOf('local')(WETH)).toBeUndefined();
    // Sepolia's USDC is not mainnet's: no name for it on chain 1.
    const sepoliaUsdc = WELL_KNOWN_CONTRACTS.find((entry) => entry.chainId === 11155111 && entry.name === 'USDC')!;
    expect(names(sepoliaUsdc.address)).toBeUndefined();
  });

  it('prefers the contract’s own metadata to the list, and the person’s label to both', async () => {
    // The sandbox's first token's code, at WETH's address on the stand-in: its CBOR tail names its metadata's CID.
    const token = sandbox.manifest.contracts.tokens[0]!.address;
    const code = await rpc.request<string>('local', 'eth_getCode', [token, 'latest']);
    await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'anvil_setCode', params: [WETH, code] }) });
    // What the metadata in the store calls the contract, read from the store here.
    const cid = readMetadataPointer(code)!.ipfs!;
    const parts: Uint8Array[] = [];
    for await (const part of kubo(sandbox.info.storageUrl, local.authorization!).cat(cid)) parts.push(part);
    const target = (JSON.parse(Buffer.concat(parts).toString('utf8')) as { settings: { compilationTarget: Record<string, string> } }).settings.compilationTarget;
    const contractName = Object.values(target)[0]!;

    expect(decoding.namesOf('mainnet')(WETH)).toEqual({ name: 'WETH', source: 'well-known' });
    expect(await decoding.abiSource('mainnet', WETH, code)).toMatchObject({ source: 'metadata' });
    expect(decoding.namesOf('mainnet')(WETH)).toEqual({ name: contractName, source: 'metadata' });

    await decoding.importAbi('mainnet', getAddress(WETH), 'function deposit() payable', 'My wrapped ether');
    expect(decoding.namesOf('mainnet')(WETH)).toEqual({ name: 'My wrapped ether', source: 'yours' });
    await decoding.deleteAbi('mainnet', WETH);
    expect(decoding.namesOf('mainnet')(WETH)).toEqual({ name: contractName, source: 'metadata' });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { Network } from '../../../src-shared/networks/network';
import { startAnvil } from '../../../test-support/bareAnvil';
import { startHardhatNode } from '../../../test-support/nodes/startHardhatNode';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from '../explorer/createExplorerService';
import { createContentReader } from '../decoding/readContent';
import { createGasService } from '../gas/createGasService';
import { gasRequestFor } from '../networks/createNetworkService';
import type { NetworkWithCredentials } from '../rpc/networkWithCredentials';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork, sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { createChainKeys, type ChainKeys } from './createChainKeys';

// Two networks on chain id 31337 with different chains (the shared sandbox, and a Hardhat node) and
// one chain reached through two networks (two entries for the sandbox), on a real store: what is a chain's (imported
// ABIs, labels, gas history) is shared by the networks on it and never seen by a network on another chain.

const sandbox = sharedSandbox();
const factory = sandbox.manifest.contracts.uniswapFactory;
const BOX_ABI = 'function boxed() view returns (uint256)\nevent Boxed(uint256 amount)';
const nodes: { url: string; stop(): Promise<void> }[] = [];
const networks: Record<string, NetworkWithCredentials> = {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-chain-keys-'));
const store = openStore(dataDir);
const rpc = createRpcService({ resolve: async (id) => networks[id]! });
const describeNetwork = async (id: string) => ({ chainId: networks[id]!.network.chainId, family: networks[id]!.network.family, endpoint: networks[id]!.network.rpcUrl });
let chains: ChainKeys;
const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
const decoding = createDecodingService({ rpc, store, chainOf: (id) => chains.of(id), readContent: createContentReader(async (id) => networks[id]!), projectRoot: process.cwd() });
const explorer = createExplorerService({ rpc, health, networkName: async (id) => networks[id]!.network.name, decoding, store });
const gas = createGasService({ resolve: async (id) => networks[id]!, request: (id, method, params, options) => rpc.request(id, method, params, options), store, chainOf: (id) => chains.of(id), redact: (text) => text.split(sandbox.info.key).join('[key]') });

/**
 * A bare Anvil on chain id 31337 as a custom network, with a genesis of its own: its block gas limit. (Anvil's genesis
 * commits to no account, its state root is the empty trie's: with the sandbox's genesis time and gas limit, which
 * startAnvil gives, it would be the sandbox's genesis, whatever its balances.)
 */
async function bareNetwork(id: string, gasLimit: number): Promise<NetworkWithCredentials> {
  return customNetwork(id, `Bare Anvil ${gasLimit}`, await startAnvil({ args: ['--gas-limit', String(gasLimit)] }));
}

/** A Hardhat node (chain id 31337 too, a genesis of its own) as a custom network. */
async function hardhatNetwork(id: string): Promise<NetworkWithCredentials> {
  return customNetwork(id, 'Hardhat node', await startHardhatNode());
}

function customNetwork(id: string, name: string, node: { url: string; stop(): Promise<void> }): NetworkWithCredentials {
  nodes.push(node);
  const network: Network = { id, name, family: 'evm', chainId: 31337, rpcUrl: node.url, wsUrl: null, gasUrl: null, storageUrl: null, credentialId: id, kind: 'custom' };
  return { network, rpcUrl: node.url, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [] };
}

beforeAll(async () => {
  const local = localSandboxNetwork(sandbox.info);
  networks.local = { ...local, gasRequest: gasRequestFor(local.network, { apiKey: sandbox.info.key, apiSecret: sandbox.info.secret }) };
  // The same sandbox through a second entry: no WebSocket, no gas API (its levels estimated locally).
  networks.again = sandboxNetwork(sandbox.info, sandbox.info.key, { id: 'again', name: 'Sandbox again', kind: 'custom', ws: false, gasUrl: null });
  networks.bare = await hardhatNetwork('bare');
  // A few blocks of its own, at today's time (Hardhat's clock is the machine's), so its gas history is in the hour's.
  for (let block = 0; block < 3; block++) await rpc.request('bare', 'evm_mine', []);
  chains = createChainKeys({ describe: describeNetwork, request: (id, method, params) => rpc.request(id, method, params), store });
}, 60_000);

afterAll(async () => {
  await rpc.close();
  await Promise.all(nodes.map((node) => node.stop()));
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('data kept by chain (chain id and genesis hash), not by chain id', () => {
  it('tells two chains on chain id 31337 apart by their genesis, and finds one chain behind two networks', async () => {
    const [local, again, bare] = await Promise.all([chains.of('local'), chains.of('again'), chains.of('bare')]);
    const genesis = await rpc.request<{ hash: string }>('local', 'eth_getBlockByNumber', ['0x0', false]);
    expect(local).toBe(`31337/${genesis.hash.toLowerCase()}`);
    expect(bare).toMatch(/^31337\/0x[0-9a-f]{64}$/);
    expect(bare).not.toBe(local);
    expect(again).toBe(local);
  });

  it('never shows an ABI or label imported on one 31337 chain on the other; a chain’s networks share them', async () => {
    await explorer.importAbi('bare', factory, BOX_ABI, 'Box');
    // On the sandbox, the address is Uniswap's factory: no "Box", no imported ABI (its ABI read from its code).
    const onLocal = await explorer.address('local', factory, undefined);
    expect(onLocal).not.toHaveProperty('label');
    expect(onLocal.abi).toMatchObject({ source: 'guess' });
    expect((await explorer.marks('local', [factory]))[factory.toLowerCase()]).toEqual({ isContract: true });
    expect((await decoding.knownEvents('local', undefined)).filter((event) => event.source === 'imported')).toEqual([]);
    expect(await explorer.address('bare', factory, undefined)).toMatchObject({ label: 'Box', abi: { source: 'imported', functions: ['boxed()'] }, isContract: false });
    expect(await decoding.knownEvents('bare', undefined)).toContainEqual({ text: 'Boxed(uint256 amount)', source: 'imported', address: factory.toLowerCase() });

    // Named on one entry for the sandbox, the name is the chain's: the other entry shows it, the Hardhat node does not.
    await explorer.importAbi('local', factory, 'function allPairsLength() view returns (uint256)', 'Uniswap V2 factory');
    expect(await explorer.address('again', factory, undefined)).toMatchObject({ label: 'Uniswap V2 factory', abi: { source: 'imported', functions: ['allPairsLength()'] } });
    expect(await explorer.address('bare', factory, undefined)).toMatchObject({ label: 'Box' });
    expect(await explorer.deleteAbi('again', factory)).toEqual({ deleted: true });
    expect(await explorer.address('local', factory, undefined)).not.toHaveProperty('label');
    expect(await explorer.address('bare', factory, undefined)).toMatchObject({ label: 'Box' });
  });

  it('keeps each chain’s gas history apart, and one chain’s history is every network’s on it', { timeout: 60_000 }, async () => {
    const signal = new AbortController().signal;
    const [local, bare] = [await chains.of('local'), await chains.of('bare')];
    const onLocal = await gas.pollOnce('local', signal);
    const onBare = await gas.pollOnce('bare', signal);
    const blocksOf = (chain: string) => (store.db.prepare('SELECT block FROM gas_samples WHERE chain = ? ORDER BY block').all(chain) as { block: number }[]).map((row) => Number(row.block));
    expect(blocksOf(bare)).toEqual([onBare.suggestionBlock]);
    expect(blocksOf(local)).toEqual([onLocal.suggestionBlock]);
    const bareHistory = await gas.history('bare', 'hour');
    expect(bareHistory).toMatchObject({ networkId: 'bare', samples: 1, fromApi: 0 });
    expect(await gas.history('local', 'hour')).toMatchObject({ samples: 1, fromApi: 1 });

    // The second entry's poll (its own levels, estimated locally) joins the sandbox chain's history, not the bare one's.
    const onAgain = await gas.pollOnce('again', signal);
    expect(onAgain.source).toBe('local');
    expect(blocksOf(local)).toEqual([...new Set([onLocal.suggestionBlock, onAgain.suggestionBlock])].sort((a, b) => a - b));
    // The window (from/to) is the last hour at each call: two calls may fall either side of a second.
    const samplesOf = <T extends { from: number; to: number }>({ from: _from, to: _to, ...rest }: T) => rest;
    const [fromLocal, fromAgain] = [await gas.history('local', 'hour'), await gas.history('again', 'hour')];
    expect(samplesOf({ ...fromAgain, networkId: 'local' })).toEqual(samplesOf(fromLocal));
    expect(samplesOf(await gas.history('bare', 'hour'))).toEqual(samplesOf(bareHistory));
  });

  it('keeps finalized blocks with their chain: one entry reads from the disk what the other read, a 31337 chain of its own never does', async () => {
    const localKey = await chains.of('local');
    const [seven, two] = [await explorer.block('local', '7', undefined), await explorer.block('local', '2', undefined)];
    expect([seven.finalized, two.finalized]).toEqual([true, true]);
    const cached = () => Number((store.db.prepare("SELECT count(*) AS n FROM chain_cache WHERE chain = ? AND kind = 'block'").all(localKey)[0] as { n: number }).n);
    await expect.poll(cached).toBe(2);
    // Another explorer (an empty memory cache) over the same store: the second entry's read is the chain's row.
    const requests: string[] = [];
    const counting = { request: <T>(id: string, method: string, params: unknown[] | Record<string, unknown>, options?: { signal?: AbortSignal }) => (requests.push(`${id} ${method}`), rpc.request<T>(id, method, params, options)) };
    const other = createExplorerService({ rpc: counting, health, networkName: async (id) => networks[id]!.network.name, decoding: createDecodingService({ rpc: counting, store, chainOf: (id) => chains.of(id) }), store });
    expect(await other.block('again', '7', undefined)).toEqual(seven);
    expect(requests).toEqual([]);
    // Block 2 of the Hardhat node is its own, read from its node, never the sandbox's cached block 2.
    const bareTwo = await other.block('bare', '2', undefined);
    expect(bareTwo.block.hash).not.toBe(two.block.hash);
    expect(requests).toContain('bare eth_getBlockByNumber');

    // Forgotten before its chain is known (the app forgets Local as the sandbox starts): the chain's blocks go once it is.
    const restarted = createExplorerService({ rpc: counting, health, networkName: async (id) => networks[id]!.network.name, decoding: createDecodingService({ rpc: counting, store, chainOf: (id) => chains.of(id) }), store });
    restarted.forget('again');
    expect(cached()).toBe(2);
    expect((await restarted.block('again', '7', undefined)).block.hash).toBe(seven.block.hash);
    expect(requests).toContain('again eth_getBlockByNumber');
  });

  it('gives a network the rows kept for it before its chain was known (migration 4), once it reads its genesis', async () => {
    store.db.prepare("INSERT INTO address_labels VALUES ('network:bare', '0x00000000000000000000000000000000000000b0', 'Kept', 1, 1)").run();
    const fresh = createChainKeys({ describe: describeNetwork, request: (id, method, params) => rpc.request(id, method, params), store });
    const key = await fresh.of('bare');
    expect(store.db.prepare("SELECT chain, label FROM address_labels WHERE address = '0x00000000000000000000000000000000000000b0'").all()).toEqual([
      expect.objectContaining({ chain: key, label: 'Kept' }),
    ]);
  });

  it('reads the genesis again when the node behind a network is replaced by a fresh chain, which starts with nothing', { timeout: 60_000 }, async () => {
    const before = await chains.of('bare');
    const changes: string[] = [];
    chains.onChange((networkId, key, previous) => changes.push(`${networkId}: ${previous} -> ${key}`));
    // The health feed hears the node go and come back (a node restarted afresh at the same address, as the app
    // sees it: the network's address is unchanged, only what answers there is new).
    const controller = new AbortController();
    const connected: HealthEvent[] = [];
    const watching = rpc.watchHealth('bare', (event) => (chains.heard(event), event.state === 'connected' && connected.push(event)), controller.signal);
    await expect.poll(() => connected.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const fresh = await bareNetwork('bare-fresh', 30_000_002);
    const stopped = nodes.find((node) => node.url === networks.bare!.rpcUrl)!;
    networks.bare = { ...fresh, network: networks.bare!.network };
    await stopped.stop();
    await expect.poll(() => changes.length, { timeout: 30_000 }).toBe(1);
    controller.abort();
    await watching;
    const after = await chains.of('bare');
    expect(after).not.toBe(before);
    expect(changes).toEqual([`bare: ${before} -> ${after}`]);
    // The old chain's label stays with the old chain; the fresh chain has none.
    expect(await explorer.address('bare', factory, undefined)).not.toHaveProperty('label');
    expect(store.db.prepare('SELECT label FROM address_labels WHERE chain = ? ORDER BY label').all(before)).toEqual([expect.objectContaining({ label: 'Box' }), expect.objectContaining({ label: 'Kept' })]);
  });
});

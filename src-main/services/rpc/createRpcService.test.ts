import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sharedSandbox } from './testing/sharedSandbox';
import { PRESET_NETWORKS } from '../../../src-shared/networks/presets';
import type { NetworkWithCredentials } from './networkWithCredentials';
import { CredentialMissingError } from '../networks/networkErrors';
import { createRpcService, type RpcService } from './createRpcService';
import { toApiError } from '../errors/thrownToApiError';
import { BlockglassError } from '../errors/blockglassError';
import { thrownToApiError } from '../errors/thrownToApiError';
import { closedPort } from './testing/closedPort';
import { answerAll, startFakeRpcServer, type FakeRpcServer } from './testing/fakeRpcServer';
import { sandboxNetwork } from './testing/sandboxNetwork';

const sandbox = sharedSandbox();
const KEY = sandbox.info.key;
const services: RpcService[] = [];
const servers: FakeRpcServer[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

function service(networks: Record<string, NetworkWithCredentials | Error>, options: { timeoutMs?: number; maxResponseBytes?: number } = {}): RpcService {
  const rpc = createRpcService({
    resolve: async (id) => {
      const found = networks[id];
      if (!found) throw new Error(`no network ${id}`);
      if (found instanceof Error) throw found;
      return found;
    },
    expectedChainId: async (id) => (id === 'mainnet' ? 1 : undefined),
    ...options,
  });
  services.push(rpc);
  return rpc;
}

describe('rpc service against the real sandbox', () => {
  it('probes the sandbox: chain 31337, a head that advances, a latency', async () => {
    const rpc = service({ local: sandboxNetwork(sandbox.info, KEY) });
    const first = await rpc.probe('local');
    expect(first).toMatchObject({ networkId: 'local', ok: true, chainId: 31337, expectedChainId: 31337, chainIdMismatch: false });
    expect(first.error).toBeUndefined();
    expect(first.head?.number).toMatch(/^0x[0-9a-f]+$/);
    expect(first.head?.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(first.latencyMs).toBeGreaterThanOrEqual(0);
    // The shared sandbox mines a block every 2 s.
    let later = first;
    await expect.poll(async () => BigInt((later = await rpc.probe('local')).head!.number), { timeout: 15_000, interval: 250 }).toBeGreaterThan(BigInt(first.head!.number));
    expect(BigInt(later.head!.timestamp)).toBeGreaterThanOrEqual(BigInt(first.head!.timestamp));
  });

  it('reports a wrong key as the service rejecting it (401), without the key', async () => {
    const wrong = 'wrongkey9876543210fedcba98765432';
    const report = await service({ local: sandboxNetwork(sandbox.info, wrong) }).probe('local');
    expect(report).toMatchObject({ ok: false, chainIdMismatch: false, expectedChainId: 31337 });
    expect(report.chainId).toBeUndefined();
    expect(report.error).toEqual({
      name: 'InvalidApiKeyError',
      kind: 'credentials',
      code: 401,
      shortMessage: 'The service rejected the API key.',
      nodeSaid: 'invalid project id',
      details: 'Check the key in Settings → Keys.',
      fix: { label: 'Open API keys', route: '/settings/keys' },
    });
    expect(JSON.stringify(report)).not.toContain(wrong);
  });

  it('reports an unreachable port as the network being down', async () => {
    const port = await closedPort();
    const down = sandboxNetwork({ ...sandbox.info, rpcUrl: `http://127.0.0.1:${port}/local/v3/${KEY}`, wsUrl: `ws://127.0.0.1:${port}/local/ws/v3/${KEY}` }, KEY);
    const report = await service({ local: down }).probe('local');
    expect(report.ok).toBe(false);
    expect(report.error).toMatchObject({ name: 'NetworkDownError', code: 'ECONNREFUSED', kind: 'unreachable', shortMessage: `Nothing answers at 127.0.0.1:${port}: the connection was refused.` });
    expect(JSON.stringify(report)).not.toContain(KEY);
  });

  it('flags a custom network that claims chain 1 but points at the sandbox', async () => {
    const liar = sandboxNetwork(sandbox.info, KEY, { id: 'custom-liar', name: 'Not mainnet', chainId: 1, kind: 'custom', credentialId: 'custom-liar' });
    const report = await service({ 'custom-liar': liar }).probe('custom-liar');
    expect(report).toMatchObject({ ok: false, chainId: 31337, expectedChainId: 1, chainIdMismatch: true });
    expect(report.head).toBeDefined();
    expect(report.error).toMatchInlineSnapshot(`
      {
        "code": "CHAIN_ID_MISMATCH",
        "data": {
          "actual": 31337,
          "expected": 1,
        },
        "details": "Check the network's address, or change its chain id to the one the node reports.",
        "kind": "badAnswer",
        "name": "ChainIdMismatchError",
        "shortMessage": "The node serves chain 31337, but Not mainnet is set up for chain 1.",
      }
    `);
  });

  it('reports a network that cannot be resolved (no key yet) with its expected chain id', async () => {
    const report = await service({ mainnet: new CredentialMissingError('Ethereum Mainnet', 'hosted') }).probe('mainnet');
    expect(report).toMatchObject({ networkId: 'mainnet', ok: false, expectedChainId: 1, error: { name: 'CredentialMissingError', code: 'CREDENTIAL_MISSING' } });
  });

  it('sends requests for the screens and throws mapped, redacted failures', async () => {
    const rpc = service({ local: sandboxNetwork(sandbox.info, KEY) });
    expect(await rpc.request<string>('local', 'eth_chainId', [])).toBe('0x7a69');
    const reverter = sandbox.manifest.contracts.reverter;
    const failure = await rpc.request('local', 'eth_call', [{ to: reverter, data: sandbox.manifest.reverts.reasonString.data }, 'latest']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BlockglassError);
    expect(toApiError(failure as BlockglassError)).toMatchObject({ name: 'ExecutionRevertedError', code: 3, shortMessage: 'The call reverted: Reverter: amount is zero' });
    expect(toApiError(failure as BlockglassError).data).toMatch(/^0x08c379a0/);
    expect(JSON.stringify(failure)).not.toContain(KEY);
    expect((failure as Error).message).not.toContain(KEY);
  });

  it('enforces its response-size cap with a clear error', async () => {
    const rpc = service({ local: sandboxNetwork(sandbox.info, KEY) }, { maxResponseBytes: 256 * 1024 });
    const big = `0x${sandbox.manifest.bigBlock.number.toString(16)}`;
    const failure = (await rpc.request('local', 'eth_getBlockByNumber', [big, true]).catch((error: unknown) => error)) as BlockglassError;
    expect(toApiError(failure)).toMatchObject({ name: 'ResponseTooLargeError', shortMessage: "The node's answer is larger than the 256 KiB limit." });
  });

  it('cancels a request when its signal aborts', async () => {
    const hanging = await startFakeRpcServer(() => ({ hang: true }));
    servers.push(hanging);
    // No timeout of its own to speak of: only the abort can end the request within the test's time.
    const rpc = service({ local: sandboxNetwork({ ...sandbox.info, rpcUrl: `${hanging.origin}/local/v3/${KEY}` }, KEY) }, { timeoutMs: 3_600_000 });
    const controller = new AbortController();
    const failing = rpc.request('local', 'eth_chainId', [], { signal: controller.signal }).catch((error: unknown) => error);
    // Cancelled once the node has the request and is not answering it: a hanging request, not one never sent.
    await expect.poll(() => hanging.requests.length).toBe(1);
    controller.abort();
    const failure = (await failing) as BlockglassError;
    expect(toApiError(failure)).toEqual({ name: 'AbortError', kind: 'cancelled', code: 'ABORTED', shortMessage: 'The request was cancelled.' });
  });
});

describe('typed client per network', () => {
  it('reads with viem actions against the sandbox: chain id, the 600-transaction block, a receipt', async () => {
    const client = await service({ local: sandboxNetwork(sandbox.info, KEY) }).client('local');
    expect(await client.getChainId()).toBe(31337);
    const block = await client.getBlock({ blockNumber: BigInt(sandbox.manifest.bigBlock.number), includeTransactions: true });
    expect(block.transactions).toHaveLength(sandbox.manifest.bigBlock.transactionCount);
    const receipt = await client.getTransactionReceipt({ hash: block.transactions[0]!.hash });
    expect(receipt.blockNumber).toBe(block.number);
  });

  it('a revert through the client keeps the mapped error (reason, data) down its cause chain, and never the key', async () => {
    const client = await service({ local: sandboxNetwork(sandbox.info, KEY) }).client('local');
    const { reverter } = sandbox.manifest.contracts;
    const thrown = await client.call({ to: reverter as `0x${string}`, data: sandbox.manifest.reverts.reasonString.data as `0x${string}` }).catch((error: unknown) => error);
    const plain = thrownToApiError(thrown, (text) => text);
    expect(plain).toMatchObject({ name: 'ExecutionRevertedError', code: 3, shortMessage: 'The call reverted: Reverter: amount is zero' });
    expect(plain.data).toMatch(/^0x08c379a0/);
    expect(String(thrown)).not.toContain(KEY);
    expect(JSON.stringify(plain)).not.toContain(KEY);
  });

  it('a network that cannot be resolved fails with its own error', async () => {
    const failure = await service({ mainnet: new CredentialMissingError('Ethereum Mainnet', 'hosted') }).client('mainnet').catch((error: unknown) => error);
    expect(thrownToApiError(failure, (text) => text)).toMatchObject({ name: 'CredentialMissingError', code: 'CREDENTIAL_MISSING' });
  });
});

describe('rpc service against stand-ins', () => {
  it('sends the two questions of a probe as one batch', async () => {
    const node = await startFakeRpcServer((body) => ({
      body: answerAll(body, (method) => (method === 'eth_chainId' ? '0x1' : { number: '0x10', hash: `0x${'ab'.repeat(32)}`, timestamp: '0x5' })),
    }));
    servers.push(node);
    const mainnet = PRESET_NETWORKS[0]!;
    const report = await service({
      mainnet: { network: mainnet, rpcUrl: `${node.origin}/v3/${KEY}`, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [KEY] },
    }).probe('mainnet');
    expect(report).toMatchObject({ ok: true, chainId: 1, head: { number: '0x10', timestamp: '0x5' } });
    expect(node.requests).toHaveLength(1);
    expect((node.requests[0]?.body as unknown[]).length).toBe(2);
  });

  it('the typed client batches reads made in the same tick into one POST, and retries as request does', async () => {
    const node = await startFakeRpcServer((body, index) =>
      index === 0
        ? { status: 429, headers: { 'retry-after': '0' }, body: { jsonrpc: '2.0', id: null, error: { code: -32005, message: 'project ID request rate exceeded', data: { backoff_seconds: 0, current_rps: 9, allowed_rps: 5 } } } }
        : { body: answerAll(body, (method) => (method === 'eth_chainId' ? '0x1' : method === 'eth_blockNumber' ? '0x10' : '0x2a')) },
    );
    servers.push(node);
    const mainnet = PRESET_NETWORKS[0]!;
    const client = await service({
      mainnet: { network: mainnet, rpcUrl: `${node.origin}/v3/${KEY}`, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [KEY] },
    }).client('mainnet');
    const [chainId, blockNumber, balance] = await Promise.all([client.getChainId(), client.getBlockNumber(), client.getBalance({ address: `0x${'11'.repeat(20)}` })]);
    expect({ chainId, blockNumber, balance }).toEqual({ chainId: 1, blockNumber: 16n, balance: 42n });
    expect(node.requests).toHaveLength(2); // the rate-limited batch, then the same batch once more
    expect((node.requests[1]?.body as unknown[]).length).toBe(3);
  });

  it('probes a Starknet network with starknet_chainId and the latest block', async () => {
    const node = await startFakeRpcServer((body) => ({
      body: answerAll(body, (method) =>
        method === 'starknet_chainId' ? '0x534e5f5345504f4c4941' : { block_number: 812345, block_hash: '0x1234abc', timestamp: 1735689600, transactions: [] },
      ),
    }));
    servers.push(node);
    const sepolia = PRESET_NETWORKS.find((network) => network.id === 'starknet-sepolia')!;
    const report = await service({
      'starknet-sepolia': { network: sepolia, rpcUrl: `${node.origin}/v3/${KEY}`, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [KEY] },
    }).probe('starknet-sepolia');
    expect(report).toMatchObject({
      ok: true,
      chainId: '0x534e5f5345504f4c4941',
      chainIdMismatch: false,
      head: { number: '0xc6539', hash: '0x1234abc', timestamp: '0x67748580' },
    });
    const methods = (node.requests[0]?.body as Array<{ method: string }>).map((item) => item.method);
    expect(methods).toEqual(['starknet_chainId', 'starknet_getBlockWithTxHashes']);
  });
});

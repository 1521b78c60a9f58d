import { keccak256, toHex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createDecodingService } from './createDecodingService';
import { createContentReader } from './readContent';

// The seeded token behind OpenZeppelin's ERC1967Proxy and TransparentUpgradeableProxy: the proxies' own metadata
// knows no transfer(), their implementation's does. Every expectation is read from the chain at check time.
const sandbox = sharedSandbox();
const { proxiedToken } = sandbox.manifest.contracts;
const local = localSandboxNetwork(sandbox.info);
const rpc = createRpcService({ resolve: async () => local });
const decoding = createDecodingService({ rpc, readContent: createContentReader(async () => local), projectRoot: process.cwd() });
afterAll(() => rpc.close());

const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'));
const ZERO_TOPIC = `0x${'0'.repeat(64)}`;

/** A transfer through `proxy` (not the mint at initialization): its transaction and its Transfer log, as the node has them. */
async function transferThrough(proxy: string) {
  const logs = await rpc.request<{ topics: string[]; data: string; address: string; transactionHash: string }[]>('local', 'eth_getLogs', [
    { address: proxy, topics: [TRANSFER], fromBlock: '0x0', toBlock: 'latest' },
  ]);
  const log = logs.find((entry) => entry.topics[1] !== ZERO_TOPIC);
  if (!log) throw new Error(`no transfer through ${proxy} on the seeded chain`);
  const tx = await rpc.request<{ to: string; input: string }>('local', 'eth_getTransactionByHash', [log.transactionHash]);
  return { log, tx };
}

const word = (topic: string) => `0x${topic.slice(-40)}`;

describe('decoding through a proxy, on the sandbox', () => {
  it.each([
    ['ERC1967Proxy', proxiedToken.erc1967Proxy],
    ['TransparentUpgradeableProxy', proxiedToken.transparentProxy],
  ])("decodes a transfer through the seeded %s by name with the implementation's ABI: the call and its Transfer event", async (_name, proxy) => {
    const { log, tx } = await transferThrough(proxy);
    expect(tx.to.toLowerCase()).toBe(proxy.toLowerCase());

    const call = await decoding.decodeCallData('local', tx.to, tx.input);
    expect(call).toMatchObject({ status: 'decoded', name: 'transfer', signature: 'transfer(address,uint256)', source: 'metadata' });
    if (call.status !== 'decoded') throw new Error('not decoded');
    expect(call.args.map((arg) => arg.name)).toEqual(['to', 'amount']);
    expect(String(call.args[0]!.value).toLowerCase()).toBe(word(log.topics[2]!));
    expect(call.args[1]!.value).toBe(BigInt(log.data).toString());

    const [event] = await decoding.decodeLogs('local', [log]);
    expect(event!.decoded).toMatchObject({ status: 'decoded', name: 'Transfer', source: 'metadata' });
  });

  it("offers the implementation's functions to call through the proxy, and describes its ABI as read through the proxy", async () => {
    const implementation = proxiedToken.implementation.toLowerCase();
    const abi = await decoding.contractAbi('local', proxiedToken.erc1967Proxy);
    expect(abi.address).toBe(proxiedToken.erc1967Proxy);
    expect(abi.functions.map((fn) => fn.name)).toContain('transfer');
    expect(abi.contractName).toContain(`via proxy → ${implementation}`);

    const code = await rpc.request<string>('local', 'eth_getCode', [proxiedToken.transparentProxy, 'latest']);
    const source = await decoding.abiSource('local', proxiedToken.transparentProxy, code);
    expect(source?.functions).toContain('transfer(address,uint256)');
    expect(source?.contractName).toContain(`via proxy → ${implementation}`);

    // A method label in a table needs no network I/O: it comes from what the decoding above learned.
    const { tx } = await transferThrough(proxiedToken.transparentProxy);
    expect(await decoding.decoder.methodLabel('local', tx.to, tx.input)).toMatchObject({ kind: 'call', name: 'transfer', source: 'metadata' });
  });

  it('keeps a detection for a short while: asking again reads nothing', async () => {
    await decoding.proxyOf('local', proxiedToken.erc1967Proxy);
    const counting = { n: 0 };
    const counted = createDecodingService({
      rpc: { request: async <T,>(...args: Parameters<typeof rpc.request>) => (counting.n++, rpc.request<T>(...args)) },
      projectRoot: process.cwd(),
    });
    const first = await counted.proxyOf('local', proxiedToken.erc1967Proxy);
    const reads = counting.n;
    expect(first).toEqual({ kind: 'eip1967', implementation: proxiedToken.implementation.toLowerCase() });
    expect(await counted.proxyOf('local', proxiedToken.erc1967Proxy)).toEqual(first);
    expect(counting.n).toBe(reads);
  });
});

import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Hex } from 'viem';
import { eventually, startTestGateway, TestChain, type RpcResponse, type TestGateway } from './testing/testSupport';
import { signTestTransaction, testAccount } from './testing/testTransactions';
import { startUpstreamSpy, type UpstreamSpy } from './testing/upstreamSpy';

// The head cache against a real Anvil, with a spy between gateway and node to see which requests
// still reach the node. Blocks are mined directly on Anvil (as the sandbox's traffic does).

let chain: TestChain;
let spy: UpstreamSpy;
let gw: TestGateway;

beforeAll(async () => {
  chain = await TestChain.start();
  spy = await startUpstreamSpy(chain.anvil.url);
  gw = await startTestGateway(chain, undefined, spy);
});

afterAll(async () => {
  await gw?.close();
  await spy?.close();
  await chain?.stop();
});

type Block = { number: Hex; hash: Hex; transactions: unknown[] };

const nodeHead = async () => Number(await chain.rpc('eth_blockNumber'));
const gatewayHead = async () => Number((await gw.call('eth_blockNumber')).result);

/** Waits until eth_blockNumber is answered without asking the node. */
async function servedFromCache(): Promise<void> {
  await eventually(async () => {
    const before = spy.count('eth_blockNumber');
    await gatewayHead();
    return spy.count('eth_blockNumber') === before;
  });
}

/** Waits until the gateway reports the node's head from its cache, and returns it. */
async function settled(): Promise<number> {
  const head = await nodeHead();
  await eventually(async () => {
    const before = spy.count('eth_blockNumber');
    return (await gatewayHead()) === head && spy.count('eth_blockNumber') === before;
  });
  return head;
}

/**
 * Slows the node's notifications (for this test), so that a gateway trusting its head right after
 * a write would visibly answer an older one.
 */
function slowNotifications(): void {
  spy.delaySockets(50);
  onTestFinished(() => spy.delaySockets(0));
}

/** Mines `n` blocks directly on the node and waits until the gateway reports them. */
async function mineDirectly(n = 1): Promise<number> {
  for (let i = 0; i < n; i++) await chain.rpc('evm_mine');
  return settled();
}

describe('answers from the head', () => {
  it('answers eth_blockNumber without asking the node, with each client id', async () => {
    const head = await settled();
    const before = spy.count('eth_blockNumber');
    for (const id of [1, 'a"b', 0, -5, null, 2 ** 40]) {
      const { text } = await gw.post(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_blockNumber', params: [] }));
      expect(text).toBe(JSON.stringify({ jsonrpc: '2.0', id, result: `0x${head.toString(16)}` }));
    }
    const noParams = JSON.parse((await gw.post('{"jsonrpc":"2.0","id":9,"method":"eth_blockNumber"}')).text) as RpcResponse;
    expect(noParams.result).toBe(`0x${head.toString(16)}`);
    expect(spy.count('eth_blockNumber')).toBe(before);
  });

  it('answers the head block (latest or its number, hashes or full) from one node request per head and form', async () => {
    await chain.transact('emitMany', [3n]); // a head block with a transaction in it
    const head = await settled();
    const [direct, directFull] = await Promise.all([
      chain.rpc('eth_getBlockByNumber', ['latest', false]),
      chain.rpc('eth_getBlockByNumber', ['latest', true]),
    ]);
    const [byHashBefore, byNumberBefore] = [spy.count('eth_getBlockByHash'), spy.count('eth_getBlockByNumber')];
    const tags = ['latest', `0x${head.toString(16)}`];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => gw.call('eth_getBlockByNumber', [tags[i % 2], i % 4 < 2], `c${i}`)),
    );
    answers.forEach((answer, i) => expect(answer).toEqual({ jsonrpc: '2.0', id: `c${i}`, result: i % 4 < 2 ? directFull : direct }));
    expect(((answers[0]!.result as Block).transactions[0] as { hash: Hex }).hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(spy.count('eth_getBlockByHash') - byHashBefore).toBe(2);
    expect(spy.count('eth_getBlockByNumber')).toBe(byNumberBefore);
  });

  it('forwards other blocks and forms: an older number, pending, a missing flag', async () => {
    const head = await settled();
    const before = spy.count('eth_getBlockByNumber');
    const older = `0x${(head - 1).toString(16)}`;
    expect((await gw.call('eth_getBlockByNumber', [older, false])).result).toEqual(await chain.rpc('eth_getBlockByNumber', [older, false]));
    await gw.call('eth_getBlockByNumber', ['pending', false]);
    await gw.call('eth_getBlockByNumber', ['latest']);
    expect(spy.count('eth_getBlockByNumber') - before).toBe(3);
  });

  it('fetches eth_chainId and net_version once', async () => {
    expect((await gw.call('eth_chainId')).result).toBe('0x7a69');
    expect((await gw.call('net_version')).result).toBe('31337');
    const before = [spy.count('eth_chainId'), spy.count('net_version')];
    for (let i = 0; i < 5; i++) {
      expect((await gw.call('eth_chainId', [], i)).result).toBe('0x7a69');
      expect((await gw.call('net_version', [], i)).result).toBe('31337');
    }
    expect([spy.count('eth_chainId'), spy.count('net_version')]).toEqual(before);
  });

  it('serves batch items and WebSocket requests from the cache too', async () => {
    const head = await settled();
    await gw.call('eth_getBlockByNumber', ['latest', false]); // cached
    const before = spy.count('eth_blockNumber') + spy.count('eth_getBlockByNumber') + spy.count('eth_getBlockByHash');
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getBlockByNumber', params: ['latest', false] },
    ];
    const answers = JSON.parse((await gw.post(JSON.stringify(batch))).text) as RpcResponse[];
    expect(answers[0]).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${head.toString(16)}` });
    expect((answers[1]!.result as Block).number).toBe(`0x${head.toString(16)}`);

    const ws = new WebSocket(gw.wsUrl);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    ws.send('{"jsonrpc":"2.0","id":"w","method":"eth_blockNumber","params":[]}');
    expect(JSON.parse(await reply)).toEqual({ jsonrpc: '2.0', id: 'w', result: `0x${head.toString(16)}` });
    ws.close();
    expect(spy.count('eth_blockNumber') + spy.count('eth_getBlockByNumber') + spy.count('eth_getBlockByHash')).toBe(before);
  });
});

describe('stays correct', () => {
  it('reports a block mined directly on the node, with the new latest block', async () => {
    for (let i = 0; i < 5; i++) {
      const target = (await nodeHead()) + 1;
      await chain.rpc('evm_mine');
      await eventually(async () => (await gatewayHead()) === target);
      const latest = (await gw.call('eth_getBlockByNumber', ['latest', false])).result as Block;
      expect(latest).toEqual(await chain.rpc('eth_getBlockByNumber', ['latest', false]));
    }
  });

  it('never answers an older head after eth_sendRawTransaction through the gateway', async () => {
    const account = testAccount(1);
    await servedFromCache();
    slowNotifications();
    for (let i = 0; i < 5; i++) {
      const hash = (await gw.call('eth_sendRawTransaction', [await signTestTransaction(chain, account, 'eip1559')])).result as Hex;
      // Whatever the node has now (it may have mined already), the gateway must not be behind it.
      const nodeNow = await nodeHead();
      expect(await gatewayHead()).toBeGreaterThanOrEqual(nodeNow);
      let receipt: { blockNumber: Hex } | null = null;
      while (receipt === null) receipt = (await gw.call('eth_getTransactionReceipt', [hash])).result as { blockNumber: Hex } | null;
      expect(await gatewayHead()).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
      const latest = (await gw.call('eth_getBlockByNumber', ['latest', false])).result as Block;
      expect(Number(latest.number)).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
    }
  });

  it('holds for concurrent writes that land in different blocks, then serves from the cache again', async () => {
    const accounts = [2, 3, 4, 5].map(testAccount);
    await servedFromCache();
    slowNotifications();
    const raws = await Promise.all(accounts.map((account) => signTestTransaction(chain, account, 'eip1559')));
    const hashes = (await Promise.all(raws.map((raw) => gw.call('eth_sendRawTransaction', [raw])))).map((r) => r.result as Hex);
    const receipts: { blockNumber: Hex }[] = [];
    for (const hash of hashes) {
      let receipt: { blockNumber: Hex } | null = null;
      while (receipt === null) receipt = (await gw.call('eth_getTransactionReceipt', [hash])).result as { blockNumber: Hex } | null;
      receipts.push(receipt);
      expect(await gatewayHead()).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
    }
    expect(await gatewayHead()).toBeGreaterThanOrEqual(Math.max(...receipts.map((r) => Number(r.blockNumber))));
    spy.delaySockets(0);
    // Once the writes are in the head, reads are answered from the cache again.
    await servedFromCache();
  });

  it('lets a refused write go without holding the cache', async () => {
    await settled();
    const refused = await gw.call('eth_sendRawTransaction', ['0x00']);
    expect(refused.error).toBeDefined();
    const before = spy.count('eth_blockNumber');
    await gatewayHead();
    expect(spy.count('eth_blockNumber')).toBe(before);
  });

  it('sees evm_revert on the node (which announces nothing) by its periodic head check', async () => {
    const snapshot = await chain.rpc('evm_snapshot');
    const base = await nodeHead();
    const mined = await mineDirectly(3);
    expect(mined).toBe(base + 3);
    await gw.call('eth_getBlockByNumber', ['latest', true]); // cache the head block
    await chain.rpc('evm_revert', [snapshot]);
    await eventually(async () => (await gatewayHead()) === base);
    expect((await gw.call('eth_getBlockByNumber', ['latest', true])).result).toEqual(await chain.rpc('eth_getBlockByNumber', ['latest', true]));
  });

  it('replaces the head and its block on a reorg at the same height', async () => {
    await mineDirectly(2);
    const before = (await gw.call('eth_getBlockByNumber', ['latest', false])).result as Block;
    await chain.rpc('anvil_reorg', [1, []]);
    const after = (await chain.rpc('eth_getBlockByNumber', ['latest', false])) as Block;
    expect(after.number).toBe(before.number);
    expect(after.hash).not.toBe(before.hash);
    await eventually(async () => ((await gw.call('eth_getBlockByNumber', ['latest', false])).result as Block).hash === after.hash, 1000);
    expect((await gw.call('eth_getBlockByNumber', [after.number, false])).result).toEqual(after);
  });

  it('asks the node while the head socket is down, and uses the cache again once it is back', async () => {
    await settled();
    spy.cutSockets();
    await eventually(() => gw.logLines.some((line) => line.includes('head socket closed')));
    // Nothing announces this block to the gateway: only asking the node can see it.
    await chain.rpc('evm_mine');
    const head = await nodeHead();
    const before = spy.count('eth_blockNumber');
    expect(await gatewayHead()).toBe(head);
    expect(((await gw.call('eth_getBlockByNumber', ['latest', false])).result as Block).number).toBe(`0x${head.toString(16)}`);
    expect(spy.count('eth_blockNumber')).toBe(before + 1);

    spy.restore();
    await eventually(() => spy.openSockets() === 1);
    await servedFromCache();
    expect(await gatewayHead()).toBe(head);
  });

  it('closes its one head socket when the gateway closes', async () => {
    const own = await startUpstreamSpy(chain.anvil.url);
    const closing = await startTestGateway(chain, undefined, own);
    try {
      await eventually(() => own.openSockets() === 1);
      await closing.close();
      await eventually(() => own.openSockets() === 0);
    } finally {
      await own.close();
    }
  });
});

describe('eth_sendRawTransactionSync', () => {
  it('answers a spec-shaped receipt, and the head includes its block at once', async () => {
    await servedFromCache();
    slowNotifications();
    const raw = await signTestTransaction(chain, testAccount(6), 'eip1559');
    const answer = await gw.call('eth_sendRawTransactionSync', [raw]);
    const receipt = answer.result as { blockNumber: Hex; status: Hex };
    expect(receipt.status).toBe('0x1');
    expect(receipt).not.toHaveProperty('blockTimestamp');
    expect(await gatewayHead()).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallersEvent } from '../../../src-shared/api/callers';
import type { SentEvent } from '../../../src-shared/api/historyViews';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { startAnvil, type AnvilProcess } from '../../../test-support/bareAnvil';
import { startFaultProxy, type FaultProxy } from '../../../test-support/faultProxy';
import { waitUntil } from '../../../test-support/processTree';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { createHistoryService, type HistoryService } from './createHistoryService';

// A node that mines on a timer may answer a read of state at its head's number, made while it mines the next block,
// with that block's state (Anvil does, rarely: settledHeadState.ts). Here that moment is held still: a proxy in front
// of a real Anvil says the head is one block lower than it is until the first read of state at that block, and
// answers that read with the next block's state, as the racing node would. The history tabs must not show a change
// in the head block that the block does not hold.
const FUNDED = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
/** Anvil's second unlocked account: a sender of its own for the Sent tab. */
const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const ONE_ETH = 10n ** 18n;

type Call = { id?: number | string; method?: string; params?: unknown[] };
type Answer = { id?: number | string; result?: unknown };
const listed = <T>(parsed: T | T[]): T[] => (Array.isArray(parsed) ? parsed : [parsed]);

describe('history on a node that answers its head with the next block’s state', () => {
  let anvil: AnvilProcess;
  let proxy: FaultProxy;
  let rpc: RpcService;
  let history: HistoryService;
  const raw = async <T>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await response.json()) as { result: T }).result;
  };
  const send = async (from: string, to: string) => {
    const hash = await raw<string>('eth_sendTransaction', [{ from, to, value: `0x${ONE_ETH.toString(16)}` }]);
    let receipt: { blockNumber: string } | null = null;
    await waitUntil(async () => (receipt = await raw<{ blockNumber: string } | null>('eth_getTransactionReceipt', [hash])) !== null, `the receipt of ${hash}`);
    return { hash: hash.toLowerCase(), block: BigInt(receipt!.blockNumber) };
  };
  /** Two transfers from `from` to `to` three blocks apart, the second in the chain's last block: the one the node is "mining". */
  const twoTransfers = async (from: string, to: string) => {
    const first = await send(from, to);
    await raw('anvil_mine', ['0x3']);
    const next = await send(from, to);
    return { first, next, head: next.block - 1n, headHex: `0x${(next.block - 1n).toString(16)}` };
  };
  /**
   * From now on, until the first `method` call whose block parameter (`at`) is `headHex`: eth_blockNumber answers
   * `headHex`, and that call is answered with `nextResult` (the next block's state). Returns whether it was.
   */
  const holdTheHeadStill = (method: string, at: number, headHex: string, nextResult: unknown) => {
    let raced = false;
    proxy.behave((_index, body) => {
      const racing = listed(JSON.parse(body.toString()) as Call | Call[]).filter((call) => !raced && (call.method === 'eth_blockNumber' || (call.method === method && call.params?.[at] === headHex)));
      if (racing.length === 0) return { kind: 'forward' };
      return {
        kind: 'mangle',
        mangle: (bytes) => {
          const parsed = JSON.parse(bytes.toString()) as Answer | Answer[];
          const answers = listed(parsed);
          let read = false;
          for (const call of racing) {
            const answer = answers.find((each) => each.id === call.id);
            if (!answer || raced) continue;
            answer.result = call.method === 'eth_blockNumber' ? headHex : nextResult;
            read ||= call.method === method;
          }
          raced ||= read;
          return Buffer.from(JSON.stringify(parsed));
        },
      };
    });
    return () => raced;
  };

  beforeAll(async () => {
    anvil = await startAnvil();
    proxy = await startFaultProxy(new URL(anvil.url).origin);
    rpc = createRpcService({ resolve: async () => sandboxNetwork({ rpcUrl: proxy.origin, wsUrl: anvil.wsUrl, gasUrl: proxy.origin, chainId: 31337 }, '', { rpcUrl: proxy.origin, wsUrl: null }) });
    const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
    const decoding = createDecodingService({ rpc });
    const explorer = createExplorerService({ rpc, health, networkName: async () => 'Anvil', decoding });
    history = createHistoryService({ rpc, explorer, chainOf: (networkId) => decoding.chainOf(networkId) });
  }, 60_000);
  afterAll(async () => {
    await rpc?.close();
    await proxy?.close();
    await anvil?.stop();
  });

  it('who called it: reads the head again once the chain is past it, and lists only what the blocks hold', async () => {
    const payee = '0x00000000000000000000000000000000000ca11e';
    const { first, next, headHex } = await twoTransfers(FUNDED, payee);
    const raced = holdTheHeadStill('eth_getProof', 2, headHex, await raw<unknown>('eth_getProof', [payee, [], `0x${next.block.toString(16)}`]));

    const events: CallersEvent[] = [];
    await history.callers('local', payee, (event) => events.push(event), new AbortController().signal);
    const done = events.find((event): event is Extract<CallersEvent, { kind: 'done' }> => event.kind === 'done')!;
    const rows = events.flatMap((event) => (event.kind === 'rows' ? event.rows : []));
    // The fixture held: the visit saw the lower head, and its read there was answered with the next block's state.
    expect(raced()).toBe(true);
    expect(done.head).toBe(headHex);
    // The node's own account, read once the chain has moved on: one change up to the head, the first transfer.
    expect(await raw<{ balance: string }>('eth_getProof', [payee, [], headHex]).then((proof) => BigInt(proof.balance))).toBe(ONE_ETH);
    expect(rows.map((row) => [row.transactionHash, row.touch, BigInt(row.blockNumber)])).toEqual([[first.hash, 'received', first.block]]);
    expect(done.changedBlocks).toBe(1);
  });

  it('its balance over time: read anew up to the new head, each change with the transaction behind it', async () => {
    const payee = '0x00000000000000000000000000000000000ba1a5';
    const { first, next, headHex } = await twoTransfers(FUNDED, payee);
    const raced = holdTheHeadStill('eth_getBalance', 1, headHex, `0x${(2n * ONE_ETH).toString(16)}`);

    const view = await history.balance('local', payee, 16);
    expect(raced()).toBe(true);
    expect(BigInt(view.head)).toBeGreaterThanOrEqual(next.block);
    expect(view.changes.map((change) => [BigInt(change.block), change.transactions.map((tx) => tx.hash)])).toEqual([
      [first.block, [first.hash]],
      [next.block, [next.hash]],
    ]);
    const atHead = view.samples.find((sample) => sample.block === view.head);
    expect(atHead?.balance).toBe(BigInt(await raw<string>('eth_getBalance', [payee, view.head])).toString(10));
  });

  it('what it sent: read anew up to the new head, no nonce said to be used without a transaction', async () => {
    const { first, next, headHex } = await twoTransfers(SENDER, '0x00000000000000000000000000000000005e4d00');
    const raced = holdTheHeadStill('eth_getTransactionCount', 1, headHex, await raw<string>('eth_getTransactionCount', [SENDER, `0x${next.block.toString(16)}`]));

    const events: SentEvent[] = [];
    await history.sent('local', SENDER, { count: 10 }, (event) => events.push(event), new AbortController().signal);
    const page = events.flatMap((event) => (event.kind === 'page' ? [event.page] : []))[0]!;
    expect(raced()).toBe(true);
    expect(BigInt(page.head)).toBeGreaterThanOrEqual(next.block);
    expect(page.withoutTransaction).toEqual([]);
    expect(page.rows.map((row) => [row.nonce, row.hash.toLowerCase(), row.blockNumber === null ? null : BigInt(row.blockNumber)])).toEqual([
      [1, next.hash, next.block],
      [0, first.hash, first.block],
    ]);
    expect(page.nonce).toBe(Number(BigInt(await raw<string>('eth_getTransactionCount', [SENDER, page.head]))));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallersEvent } from '../../../src-shared/api/callers';
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
// of a real Anvil says the head is one block lower than it is until the first proof read at that block, and answers
// that read with the proof of the block after it, as the racing node would. The callers tab must not list a change
// in the head block that the block does not hold.
const FUNDED = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const PAYEE = '0x00000000000000000000000000000000000ca11e';
const ONE_ETH = 10n ** 18n;

type Call = { id?: number | string; method?: string; params?: unknown[] };
type Answer = { id?: number | string; result?: unknown };
const calls = (body: Buffer): Call[] => {
  const parsed = JSON.parse(body.toString()) as Call | Call[];
  return Array.isArray(parsed) ? parsed : [parsed];
};

describe('who called an address, on a node that answers its head with the next block’s state', () => {
  let anvil: AnvilProcess;
  let proxy: FaultProxy;
  let rpc: RpcService;
  let history: HistoryService;
  const raw = async <T>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await response.json()) as { result: T }).result;
  };
  const send = async () => {
    const hash = await raw<string>('eth_sendTransaction', [{ from: FUNDED, to: PAYEE, value: `0x${ONE_ETH.toString(16)}` }]);
    let receipt: { blockNumber: string } | null = null;
    await waitUntil(async () => (receipt = await raw<{ blockNumber: string } | null>('eth_getTransactionReceipt', [hash])) !== null, `the receipt of ${hash}`);
    return { hash: hash.toLowerCase(), block: BigInt(receipt!.blockNumber) };
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

  it('reads the head again once the chain is past it, and lists only what the blocks hold', async () => {
    // A transfer in, blocks without one, then the block the node is "mining": a second transfer in.
    const first = await send();
    await raw('anvil_mine', ['0x3']);
    const next = await send();
    const head = next.block - 1n;
    const headHex = `0x${head.toString(16)}`;
    const nextProof = await raw<unknown>('eth_getProof', [PAYEE, [], `0x${next.block.toString(16)}`]);

    let racedRead = false;
    proxy.behave((_index, body) => {
      const asked = calls(body);
      const racing = asked.filter((call) => !racedRead && (call.method === 'eth_blockNumber' || (call.method === 'eth_getProof' && call.params?.[2] === headHex)));
      if (racing.length === 0) return { kind: 'forward' };
      return {
        kind: 'mangle',
        mangle: (bytes) => {
          const parsed = JSON.parse(bytes.toString()) as Answer | Answer[];
          const answers = Array.isArray(parsed) ? parsed : [parsed];
          let proved = false;
          for (const call of racing) {
            const answer = answers.find((each) => each.id === call.id);
            if (!answer || racedRead) continue;
            if (call.method === 'eth_blockNumber') answer.result = headHex;
            else {
              answer.result = nextProof;
              proved = true;
            }
          }
          if (proved) racedRead = true;
          return Buffer.from(JSON.stringify(parsed));
        },
      };
    });

    const events: CallersEvent[] = [];
    await history.callers('local', PAYEE, (event) => events.push(event), new AbortController().signal);
    const done = events.find((event): event is Extract<CallersEvent, { kind: 'done' }> => event.kind === 'done')!;
    const rows = events.flatMap((event) => (event.kind === 'rows' ? event.rows : []));
    // The fixture held: the visit saw the lower head, and its read there was answered with the next block's state.
    expect(racedRead).toBe(true);
    expect(done.head).toBe(headHex);
    // The node's own account, read once the chain has moved on: one change up to the head, the first transfer.
    expect(await raw<{ balance: string }>('eth_getProof', [PAYEE, [], headHex]).then((proof) => BigInt(proof.balance))).toBe(ONE_ETH);
    expect(rows.map((row) => [row.transactionHash, row.touch, BigInt(row.blockNumber)])).toEqual([[first.hash, 'received', first.block]]);
    expect(done.changedBlocks).toBe(1);
  });
});

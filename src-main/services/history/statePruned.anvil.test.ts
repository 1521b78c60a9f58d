import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilProcess } from '../../../test-support/bareAnvil';
import type { SentEvent } from '../../../src-shared/api/history';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createDecodingService } from '../decoding/createDecodingService';
import { toApiError } from '../errors/thrownToApiError';
import { createExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { createHistoryService, type HistoryService } from './createHistoryService';
import { waitUntil } from '../../../test-support/processTree';

// A node that keeps no state of old blocks, for real: Anvil with `--prune-history 2` refuses a read at block 1 in
// its own words, which the rpc layer classifies once (`statePruned`); the history service reads what it keeps and
// says the run of blocks it does not.
const FUNDED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECEIVER = '0x00000000000000000000000000000000000b10c5';
/** The latest blocks whose state the node keeps. */
const KEPT = 4;

describe('history on a node without old state', () => {
  let anvil: AnvilProcess;
  let rpc: RpcService;
  let history: HistoryService;
  let oldTransfer: { hash: string; block: string };
  let newTransfer: { hash: string; block: string };
  /** 1 ETH from FUNDED (an unlocked account of Anvil's) to RECEIVER, in a block of its own. */
  const send = async () => {
    const hash = await rpc.request<string>('local', 'eth_sendTransaction', [{ from: FUNDED, to: RECEIVER, value: '0xde0b6b3a7640000' }]);
    // Mined at once (automine), its receipt there when Anvil has written it.
    let receipt: { blockNumber: string } | null = null;
    await waitUntil(async () => (receipt = await rpc.request<{ blockNumber: string } | null>('local', 'eth_getTransactionReceipt', [hash])) !== null, `the receipt of ${hash}`);
    return { hash, block: receipt!.blockNumber };
  };

  beforeAll(async () => {
    anvil = await startAnvil({ args: ['--prune-history', String(KEPT)] });
    rpc = createRpcService({ resolve: async () => sandboxNetwork({ rpcUrl: anvil.url, wsUrl: anvil.wsUrl, gasUrl: anvil.url, chainId: 31337 }, '', { rpcUrl: anvil.url, wsUrl: null }) });
    // A transfer that will be old, blocks enough to prune its state, and a transfer among the latest.
    oldTransfer = await send();
    await rpc.request('local', 'anvil_mine', ['0xc']);
    newTransfer = await send();
    await rpc.request('local', 'anvil_mine', ['0x1']);
    const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
    const decoding = createDecodingService({ rpc });
    const explorer = createExplorerService({ rpc, health, networkName: async () => 'Pruned Anvil', decoding });
    history = createHistoryService({ rpc, explorer, chainOf: (networkId) => decoding.chainOf(networkId) });
  }, 60_000);
  afterAll(async () => {
    await rpc?.close();
    await anvil?.stop();
  });

  it("says that the node keeps no old state, with the node's words behind Details, when an old balance is refused", async () => {
    const refusal = await rpc.request('local', 'eth_getBalance', [FUNDED, '0x1']).then(() => expect.unreachable('a pruned Anvil answered'), toApiError);
    expect(refusal).toMatchObject({ name: 'StatePrunedError', kind: 'unsupported', code: 'STATE_PRUNED', nodeSaid: expect.stringMatching(/^BlockOutOfRangeError: block height is \d+ but requested was 1$/) });
  });

  it('reads the history the node keeps and says the run of blocks it does not, with what moved across it', async () => {
    const received = 10n ** 18n;
    const head = BigInt(await rpc.request<string>('local', 'eth_blockNumber', []));
    // The old transfer's block is not kept; the new one is among the latest KEPT.
    expect(BigInt(oldTransfer.block)).toBeLessThan(head - BigInt(KEPT));
    const view = await history.balance('local', RECEIVER, 16);
    expect(view.changes.map((change) => BigInt(change.block))).toEqual([BigInt(newTransfer.block)]);
    expect(view.changes[0]).toMatchObject({ before: received.toString(10), after: (2n * received).toString(10), transactions: [{ hash: newTransfer.hash, direction: 'in' }] });
    // One run not kept, from just after the last kept block at its start up to just before the first kept one after it;
    // the balance across it went from nothing to the first transfer.
    expect(view.notKept).toHaveLength(1);
    const [run] = view.notKept;
    // Its last block is the node's last refused, the next one the first it answers.
    const balanceAt = (block: bigint) => rpc.request<string>('local', 'eth_getBalance', [RECEIVER, `0x${block.toString(16)}`]);
    await expect(balanceAt(BigInt(run!.to))).rejects.toThrow();
    await expect(balanceAt(BigInt(run!.to) + 1n)).resolves.toMatch(/^0x/);
    expect(BigInt(run!.to)).toBeGreaterThanOrEqual(head - BigInt(KEPT) - 1n);
    expect(BigInt(run!.from)).toBeLessThanOrEqual(BigInt(oldTransfer.block));
    expect(run!.after).toBe(received.toString(10));
    expect([null, '0']).toContain(run!.before);
    // Every reading in the chart is one the node answered.
    for (const sample of view.samples) expect(BigInt(sample.block) > BigInt(run!.to) || BigInt(sample.block) < BigInt(run!.from)).toBe(true);

    // The sender's transactions: the new one located, the old one's nonce said as the run.
    const events: SentEvent[] = [];
    await history.sent('local', FUNDED, { count: 10 }, (event) => events.push(event), new AbortController().signal);
    const page = events.flatMap((event) => (event.kind === 'page' ? [event.page] : []))[0]!;
    expect(page.rows.map((row) => row.hash)).toEqual([newTransfer.hash]);
    expect(page.notKept).toEqual([{ from: run!.from, to: `0x${(BigInt(run!.to) + 1n).toString(16)}`, nonceFrom: 0, nonceTo: 0 }]);
  });

  it('reads a block above the head as what it is, not as pruned state', async () => {
    const refusal = await rpc.request('local', 'eth_getBalance', [FUNDED, '0xffff']).then(() => expect.unreachable('Anvil answered for a future block'), toApiError);
    expect(refusal.code).not.toBe('STATE_PRUNED');
  });
});

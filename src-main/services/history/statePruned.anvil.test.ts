import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilProcess } from '../../../test-support/bareAnvil';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createDecodingService } from '../decoding/createDecodingService';
import { toApiError } from '../errors/thrownToApiError';
import { createExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { createHistoryService, type HistoryService } from './createHistoryService';

// A node that keeps no state of old blocks, for real: Anvil with `--prune-history 2` refuses a read at block 1 in
// its own words, which the rpc layer classifies once (`statePruned`) and the history service says for a person.
const FUNDED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('history on a node without old state', () => {
  let anvil: AnvilProcess;
  let rpc: RpcService;
  let history: HistoryService;

  beforeAll(async () => {
    anvil = await startAnvil({ args: ['--prune-history', '2'] });
    rpc = createRpcService({ resolve: async () => sandboxNetwork({ rpcUrl: anvil.url, wsUrl: anvil.wsUrl, gasUrl: anvil.url, chainId: 31337 }, '', { rpcUrl: anvil.url, wsUrl: null }) });
    await rpc.request('local', 'anvil_mine', ['0x8']);
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

    const failure = await history.balance('local', FUNDED, 8).then(() => expect.unreachable('the history read old state'), toApiError);
    expect(failure).toMatchObject({
      kind: 'unsupported',
      code: 'STATE_PRUNED',
      shortMessage: expect.stringMatching(/^The node would not read the address's balance at block \d+: it keeps no state of old blocks\.$/),
      fix: { label: 'Add a network', route: '/settings/networks/new' },
    });
  });

  it('reads a block above the head as what it is, not as pruned state', async () => {
    const refusal = await rpc.request('local', 'eth_getBalance', [FUNDED, '0xffff']).then(() => expect.unreachable('Anvil answered for a future block'), toApiError);
    expect(refusal.code).not.toBe('STATE_PRUNED');
  });
});

import { describe, expect, it } from 'vitest';
import type { LatestView } from '../../../src-shared/api/explorer';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createDecoder } from '../decoding/createDecoder';
import { createSignatureDatabase } from '../decoding/signatureDatabase';
import { watchLatest } from './watchLatest';

const sandbox = sharedSandbox();

/** A head feed this test drives by hand (the blocks themselves are read from the real sandbox). */
function drivenHeads() {
  let emit: ((event: HealthEvent) => void) | undefined;
  const hub = createFeedHub<HealthEvent>({
    label: 'heads of',
    log: () => {},
    source: (_key, send, signal) => {
      emit = send;
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    },
  });
  const head = (number: number) =>
    emit!({ networkId: 'local', ok: true, state: 'connected', chainIdMismatch: false, checkedAt: Date.now(), head: { number: `0x${number.toString(16)}`, hash: '0x', timestamp: '0x0' } });
  return { hub, head, ready: () => emit !== undefined };
}

describe('the latest blocks feed', () => {
  it('fills the blocks a dropped feed missed, and starts again when the chain was replaced', async () => {
    const rpc = createRpcService({ resolve: async () => sandboxNetwork(sandbox.info, sandbox.info.key) });
    const { hub, head, ready } = drivenHeads();
    const decoder = createDecoder({ signatures: createSignatureDatabase(), abis: { abisFor: async () => [], cachedAbisFor: () => [] } });
    const resets: string[] = [];
    const controller = new AbortController();
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(check()).toBe(true);
    };
    const sent: LatestView[] = [];
    const watching = watchLatest({ rpc, health: hub, decoder, onReset: (id) => resets.push(id) }, 'local', 5, (view) => sent.push(view), controller.signal);
    /** The views with their transactions (the first is sent before them: below). */
    const full = () => sent.filter((view) => !view.transactionsPending);
    try {
      await waitFor(ready);
      head(200);
      await waitFor(() => full().length === 1);
      expect(full()[0]!.blocks.map((block) => Number(block.number))).toEqual([200, 199, 198, 197, 196]);
      // The first view went out with the blocks alone, before the receipts their transactions' outcomes need.
      expect(sent[0]).toMatchObject({ transactionsPending: true, transactions: [], blocks: full()[0]!.blocks });
      expect(full()[0]!.transactions.length).toBeGreaterThan(0);
      expect(sent.filter((view) => view.transactionsPending)).toHaveLength(1);

      // Heads 201 to 204 never arrived (a dropped socket): the next view has no gap.
      head(205);
      await waitFor(() => full().length === 2);
      expect(full()[1]!.blocks.map((block) => Number(block.number))).toEqual([205, 204, 203, 202, 201]);
      expect(full()[1]!.reset).toBe(false);
      const hashes = await Promise.all([205, 201].map(async (n) => ((await rpc.request<{ hash: string }>('local', 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false])).hash)));
      expect([full()[1]!.blocks[0]!.hash, full()[1]!.blocks[4]!.hash]).toEqual(hashes);

      // The head falls below the first block the feed saw: a replaced chain (a reset sandbox).
      head(150);
      await waitFor(() => full().length === 3);
      expect(full()[2]!.reset).toBe(true);
      expect(resets).toEqual(['local']);
      expect(full()[2]!.blocks.map((block) => Number(block.number))).toEqual([150, 149, 148, 147, 146]);
    } finally {
      controller.abort();
      await watching;
      await rpc.close();
    }
  });
});

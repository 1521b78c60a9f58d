import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseGwei } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { FEE_LEVELS } from '../../../src-shared/gas/feeSuggestion';
import type { Network } from '../../../src-shared/networks/network';
import { FeeTraffic, startAnvil, type AnvilProcess } from '../../../test-support/bareAnvil';
import { createRpcService } from '../rpc/createRpcService';
import { openStore } from '../store/openStore';
import { backfillSamples } from './backfillSamples';
import { createGasPoller, type PolledGas } from './createGasPoller';
import { createGasSamples } from './gasSamples';

// The history a backfill writes for past blocks is the history polling would have written: on a bare Anvil,
// blocks with chosen tips are mined one at a time and polled (local estimate, as on a node without a gas API);
// then a fresh store is filled in from fee history alone, and every past block's sample is compared.

interface Row {
  block: number;
  ts: number;
  base_fee: number;
  source: string;
  congestion: number;
  p_low: number;
  p_medium: number;
  p_high: number;
  m_low: number;
  m_medium: number;
  m_high: number;
}

const started: AnvilProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((node) => node.stop()));
});

describe('backfillSamples on Anvil', () => {
  it('stores, for each block no poll saw, the levels a poll at that block gave', { timeout: 120_000 }, async () => {
    const anvil = await startAnvil({ args: ['--gas-limit', '200000'] });
    started.push(anvil);
    const network: Network = { id: 'anvil', name: 'Anvil', family: 'evm', chainId: 31337, rpcUrl: anvil.url, wsUrl: null, gasUrl: null, storageUrl: null, credentialId: 'anvil', kind: 'custom' };
    const resolved = { network, rpcUrl: anvil.url, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [] };
    const rpc = createRpcService({ resolve: async () => resolved });
    const deps = { resolve: async () => resolved, request: rpc.request.bind(rpc) };
    const traffic = new FeeTraffic(anvil.url);
    const signal = new AbortController().signal;
    const polling = createGasPoller('anvil', deps);
    const polled: PolledGas[] = [];
    for (let block = 0; block < 30; block++) {
      const tips = Array.from({ length: block % 4 }, (_, at) => ({ tip: parseGwei(String(0.5 + ((block * 7 + at * 3) % 10))), dataBytes: (block * 13) % 300 }));
      await traffic.mineBlock(tips);
      polled.push(await polling.poll(signal));
    }

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-backfill-'));
    const store = openStore(dataDir);
    try {
      const samples = createGasSamples(store);
      // One block already has a sample from the gas API: a backfill never replaces it.
      const fromApi = polled[12]!;
      samples.add('31337', { ...fromApi, source: 'api', fired: [] });
      const fresh = createGasPoller('anvil', deps);
      const stored = await backfillSamples({
        window: () => fresh.window(signal),
        timestampOf: (block) => fresh.timestampOf(block, signal),
        storedBlocks: (from, to) => samples.blocksIn('31337', from, to),
        store: (made) => samples.addBackfilled('31337', made),
        oldestMs: 0,
        signal,
      });
      const rows = new Map(
        (store.db.prepare('SELECT * FROM gas_samples').all() as Row[]).map((row) => [Number(row.block), row]),
      );
      expect(stored).toBe(rows.size - 1);
      expect(rows.get(fromApi.suggestionBlock)!.source).toBe('api');
      // Every polled block but the newest (a poll's own) has its sample, equal to what the poll said then.
      const past = polled.slice(0, -1).filter((poll) => poll.suggestionBlock >= 4);
      expect(past.length).toBeGreaterThan(20);
      for (const poll of past) {
        if (poll === fromApi) continue;
        const row = rows.get(poll.suggestionBlock);
        expect(row, `block ${poll.suggestionBlock}`).toBeDefined();
        expect(row!.source).toBe('local');
        expect(row!.congestion).toBe(poll.suggestion.networkCongestion);
        expect(FEE_LEVELS.map((level) => row![`p_${level}`])).toEqual(FEE_LEVELS.map((level) => Number(poll.suggestion[level].suggestedMaxPriorityFeePerGas)));
        expect(FEE_LEVELS.map((level) => row![`m_${level}`])).toEqual(FEE_LEVELS.map((level) => Number(poll.suggestion[level].suggestedMaxFeePerGas)));
        expect(BigInt(row!.base_fee)).toBe(BigInt(poll.head.baseFeePerGas));
        // Times are read every 32 blocks and interpolated between: Anvil's blocks here are a second or so apart.
        expect(Math.abs(Number(row!.ts) - poll.head.timestamp * 1000)).toBeLessThanOrEqual(3000);
      }
      // A second backfill finds nothing left to do.
      expect(await backfillSamples({ window: () => fresh.window(signal), timestampOf: (block) => fresh.timestampOf(block, signal), storedBlocks: (from, to) => samples.blocksIn('31337', from, to), store: (made) => samples.addBackfilled('31337', made), oldestMs: 0, signal })).toBe(0);
    } finally {
      store.close();
      await rpc.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

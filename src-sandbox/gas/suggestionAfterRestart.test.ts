import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilProcess } from '../chain/anvil';
import { rpcResult } from '../testing/rawRpc';
import { createGasApi, type GasApi } from './createGasApi';
import { expectedLevels } from './testing/expectedSuggestion';
import { FeeTraffic, TIPPED_BLOCKS } from './testing/feeTraffic';
import { countingProxy, serve } from './testing/gasTestServers';

// Issue 27: after a restart from Anvil's state dump, Anvil's eth_feeHistory has lost the blocks mined before it.
// The gas API computes the history from the chain (computedFeeHistory.ts), so its suggestion for a block is the same
// before and after a restart.

const KEY = 'gaskey0000000000000000000000000001';
const CHAIN_ID = 31337;
const hex = (value: bigint) => `0x${value.toString(16)}`;

// The levels read the last 5 blocks' rewards: all of them mined before the restart.
const BLOCKS = TIPPED_BLOCKS;

/** A gas API in front of `node` (through a counting proxy), served over HTTP, and its answer for block `number`. */
async function suggestionFor(node: AnvilProcess, number: bigint) {
  const proxy = await countingProxy(node.url);
  const api: GasApi = createGasApi({ chainId: CHAIN_ID, upstreamUrl: proxy.url, upstreamWsUrl: node.wsUrl, isValidKey: (key) => key === KEY, verifySecret: () => true });
  const server = await serve(api);
  try {
    const response = await fetch(`${server.base}/v3/${KEY}/networks/${CHAIN_ID}/suggestedGasFees`);
    expect(response.headers.get('x-block-number')).toBe(number.toString());
    return { body: await response.text(), nodeFeeHistoryReads: proxy.count('eth_feeHistory') };
  } finally {
    await server.close();
    await api.close();
    await proxy.close();
  }
}

describe('the gas API after a restart from a state dump', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gas-restart-'));
  const dump = path.join(dir, 'state.json');
  let original: AnvilProcess;
  let restored: AnvilProcess | undefined;
  let head: bigint;

  beforeAll(async () => {
    original = await startAnvil({ args: ['--gas-limit', '200000', '--dump-state', dump] });
    const traffic = new FeeTraffic(original.url);
    for (const txs of BLOCKS) head = await traffic.mineBlock(txs);
  });

  afterAll(async () => {
    await restored?.stop();
    await original?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('suggests the same fees for the same head as before the restart, and the published algorithm’s levels', async () => {
    const before = await suggestionFor(original, head);
    const levels = await expectedLevels(original.url, head); // from Anvil's own fee history, complete before the restart
    await original.stop();
    restored = await startAnvil({ args: ['--gas-limit', '200000', '--load-state', dump] });
    expect(BigInt(await rpcResult<string>(restored.url, 'eth_blockNumber', []))).toBe(head);
    // The bug: the restored node's own history of the last 5 blocks has lost those mined before the restart.
    const nodeHistory = await rpcResult<{ gasUsedRatio: number[] }>(restored.url, 'eth_feeHistory', ['0x5', hex(head), [10, 20, 30]]);
    expect(nodeHistory.gasUsedRatio.length).toBeLessThan(5);

    const after = await suggestionFor(restored, head);
    expect(after.body).toBe(before.body);
    expect(after.nodeFeeHistoryReads).toBe(0);
    const json = JSON.parse(after.body) as Record<'low' | 'medium' | 'high', { suggestedMaxPriorityFeePerGas: string; suggestedMaxFeePerGas: string }>;
    for (const level of ['low', 'medium', 'high'] as const) {
      expect([level, json[level].suggestedMaxPriorityFeePerGas, json[level].suggestedMaxFeePerGas]).toEqual([level, levels[level]!.tip, levels[level]!.maxFee]);
    }
  });
});

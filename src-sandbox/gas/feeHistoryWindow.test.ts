import { parseGwei } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFeeHistory } from '../../src-shared/gas/feeHistoryToInput';
import { FEE_HISTORY_PERCENTILES, HISTORICAL_BLOCKS, type FeeHistoryBlock } from '../../src-shared/gas/gasFeeInput';
import { startAnvil, type AnvilProcess } from '../chain/anvil';
import { rpcResult } from '../testing/rawRpc';
import { CONGESTION_BLOCKS, FeeHistoryWindow } from '../../src-shared/gas/feeHistoryWindow';
import { FeeTraffic, type TestTx } from './testing/feeTraffic';
import { createUpstreamRpc, type UpstreamRpc } from './upstreamRpc';

const gwei = (value: number) => parseGwei(String(value));
const hex = (value: bigint) => `0x${value.toString(16)}`;

/** The real client, counting the calls it sends (batched calls count one each). */
function countingRpc(url: string) {
  const rpc = createUpstreamRpc(url);
  const calls: string[] = [];
  const counted: UpstreamRpc = {
    call: (method, params) => {
      calls.push(method);
      return rpc.call(method, params);
    },
    batch: (list) => {
      for (const call of list) calls.push(call.method);
      return rpc.batch(list);
    },
    close: () => rpc.close(),
  };
  return { rpc: counted, calls };
}

/** Every block 0..newest as the node's own eth_feeHistory reports it (in steps of at most 1,024 blocks). */
async function nodeHistory(url: string, newest: bigint): Promise<FeeHistoryBlock[]> {
  const blocks: FeeHistoryBlock[] = [];
  for (let hi = newest; hi >= 0n; hi -= 1024n) {
    const count = hi + 1n < 1024n ? hi + 1n : 1024n;
    const raw = await rpcResult(url, 'eth_feeHistory', [hex(count), hex(hi), FEE_HISTORY_PERCENTILES]);
    blocks.unshift(...decodeFeeHistory(raw, { newestBlock: hi, percentiles: FEE_HISTORY_PERCENTILES }).blocks);
  }
  return blocks;
}

/** One block as the node's eth_feeHistory reports it. */
async function nodeBlock(url: string, number: bigint): Promise<FeeHistoryBlock | undefined> {
  const raw = await rpcResult(url, 'eth_feeHistory', ['0x1', hex(number), FEE_HISTORY_PERCENTILES]);
  return decodeFeeHistory(raw, { newestBlock: number, percentiles: FEE_HISTORY_PERCENTILES }).blocks[0];
}

const BLOCKS: TestTx[][] = [
  [{ tip: gwei(1) }, { tip: gwei(2), dataBytes: 200 }, { tip: gwei(3) }],
  [],
  [{ tip: gwei(4) }, { tip: 0n }],
  [{ tip: gwei(2) }, { tip: gwei(2.5) }, { tip: gwei(7), dataBytes: 500 }, { tip: gwei(1) }, { tip: gwei(9) }],
  [{ tip: 1n }],
  [{ tip: gwei(3) }, { tip: gwei(6) }, { tip: gwei(8), dataBytes: 50 }, { tip: gwei(10) }, { tip: gwei(12) }, { tip: gwei(0.5) }],
];

const started: AnvilProcess[] = [];
const anvil = async () => {
  const node = await startAnvil({ args: ['--gas-limit', '200000'] });
  started.push(node);
  return node;
};
afterAll(async () => {
  await Promise.all(started.map((node) => node.stop()));
});

describe('FeeHistoryWindow on a restored chain', () => {
  let original: AnvilProcess;
  let restored: AnvilProcess;
  let head: bigint;

  beforeAll(async () => {
    original = await anvil();
    const traffic = new FeeTraffic(original.url);
    for (const txs of BLOCKS) head = await traffic.mineBlock(txs);
    restored = await anvil();
    await rpcResult(restored.url, 'anvil_loadState', [await rpcResult(original.url, 'anvil_dumpState', [])]);
  });

  it('fills the blocks Anvil keeps no fee history for from headers and receipts, as the original node reported them', async () => {
    const { rpc, calls } = countingRpc(restored.url);
    try {
      const { input } = await new FeeHistoryWindow(rpc).sync();
      expect(input.blocks).toEqual(await nodeHistory(original.url, head));
      expect(calls).toContain('eth_getBlockReceipts');
    } finally {
      await rpc.close();
    }
  });

  it('then extends itself from eth_feeHistory alone, one block at a time', async () => {
    const { rpc, calls } = countingRpc(restored.url);
    try {
      const window = new FeeHistoryWindow(rpc);
      await window.sync();
      const next = await new FeeTraffic(restored.url).mineBlock([{ tip: gwei(40) }, { tip: gwei(41) }]);
      calls.length = 0;
      const { input, head: synced } = await window.sync();
      expect(synced.number).toBe(next);
      expect(calls).toEqual(['eth_getBlockByNumber', 'eth_feeHistory']);
      expect(input.blocks.at(-1)).toEqual(await nodeBlock(restored.url, next));
      expect(input.blocks.slice(0, -1)).toEqual(await nodeHistory(original.url, head));
    } finally {
      await rpc.close();
    }
  });
});

describe('FeeHistoryWindow on a live chain', () => {
  let node: AnvilProcess;
  let traffic: FeeTraffic;

  beforeAll(async () => {
    node = await anvil();
    traffic = new FeeTraffic(node.url);
    for (const txs of BLOCKS) await traffic.mineBlock(txs);
  });

  it('reads several new blocks in one call after checking they descend from the last one', async () => {
    const { rpc, calls } = countingRpc(node.url);
    try {
      const window = new FeeHistoryWindow(rpc);
      await window.sync();
      for (const txs of BLOCKS.slice(0, 3)) await traffic.mineBlock(txs);
      calls.length = 0;
      const { input, head } = await window.sync();
      expect(calls).toEqual(['eth_getBlockByNumber', 'eth_getBlockByNumber', 'eth_feeHistory']);
      expect(input.blocks).toEqual(await nodeHistory(node.url, head.number));
      const latest = await rpcResult<{ baseFeePerGas: string[] }>(node.url, 'eth_feeHistory', ['0x1', 'latest', []]);
      expect(input.nextBaseFeePerGas).toBe(BigInt(latest.baseFeePerGas[1]!));
    } finally {
      await rpc.close();
    }
  });

  it('starts over when the chain is reverted and mined again to the same height', async () => {
    const { rpc } = countingRpc(node.url);
    try {
      const window = new FeeHistoryWindow(rpc);
      const snapshot = await rpcResult<string>(node.url, 'evm_snapshot', []);
      await traffic.mineBlock([{ tip: gwei(90) }]);
      const before = await window.sync();
      await rpcResult(node.url, 'evm_revert', [snapshot]);
      const replaced = await new FeeTraffic(node.url).mineBlock([{ tip: gwei(1.25) }, { tip: gwei(1.5) }]);
      const after = await window.sync();
      expect(after.head.number).toBe(before.head.number);
      expect(after.head.hash).not.toBe(before.head.hash);
      expect(after.input.blocks).toEqual(await nodeHistory(node.url, replaced));
      expect(after.input.blocks.at(-1)!.rewards![50]).toBe(gwei(1.25));
    } finally {
      await rpc.close();
    }
  });
});

describe('FeeHistoryWindow on a long chain', () => {
  // A window of 1,100 rather than CONGESTION_BLOCKS: the same two-request path, at half of Anvil's mining time.
  const size = 1100;

  it("keeps the last blocks of its size, read in eth_feeHistory's 1,024-block steps, or restored from headers", async () => {
    const node = await anvil();
    await rpcResult(node.url, 'anvil_mine', [hex(1200n)]);
    const { rpc, calls } = countingRpc(node.url);
    const copy = await anvil();
    await rpcResult(copy.url, 'anvil_loadState', [await rpcResult(node.url, 'anvil_dumpState', [])]);
    const restored = countingRpc(copy.url);
    try {
      const { input, head } = await new FeeHistoryWindow(rpc, size).sync();
      expect(calls).toEqual(['eth_getBlockByNumber', 'eth_feeHistory', 'eth_feeHistory']);
      expect(input.blocks).toHaveLength(size);
      expect(input.blocks[0]!.number).toBe(head.number - BigInt(size) + 1n);
      expect(input.blocks).toEqual((await nodeHistory(node.url, head.number)).slice(-size));

      const again = await new FeeHistoryWindow(restored.rpc, size).sync();
      const baseFees = (blocks: readonly FeeHistoryBlock[]) => blocks.map((block) => [block.number, block.baseFeePerGas]);
      expect(baseFees(again.input.blocks)).toEqual(baseFees(input.blocks));
      expect(again.input.blocks.slice(-HISTORICAL_BLOCKS)).toEqual(input.blocks.slice(-HISTORICAL_BLOCKS));
      expect(again.input.blocks.slice(0, -HISTORICAL_BLOCKS).every((block) => block.rewards === undefined)).toBe(true);
    } finally {
      await rpc.close();
      await restored.rpc.close();
    }
  });

  it(`defaults to a congestion window of ${CONGESTION_BLOCKS} blocks, within Anvil's 2,048-block fee history`, () => {
    expect(CONGESTION_BLOCKS).toBeLessThanOrEqual(2048 - 24); // room for blocks mined between two reads
  });
});

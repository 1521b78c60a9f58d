import { describe, expect, it } from 'vitest';
import { startGanache } from '../../../test-support/nodes/startGanache';
import { startHardhatNode } from '../../../test-support/nodes/startHardhatNode';
import { createBlockTimes } from '../chains/blockTimes';
import type { RawNodeLog } from '../chains/rawNodeLog';
import { createDecodingService } from '../decoding/createDecodingService';
import type { RpcService } from '../rpc/createRpcService';
import { toLogRows } from './toLogRows';
import { useSeededDevNode } from '../rpc/testing/seededDevNode';

// Log rows say when, on nodes that send no `blockTimestamp` with their logs (Hardhat 2, Ganache 7): the time is read
// from each block's header, once per block.


describe.each([
  ['Hardhat 2 (EDR)', startHardhatNode],
  ['Ganache 7', startGanache],
])('log rows with their time on %s', (_, start) => {
  const dev = useSeededDevNode(start);

  it("gives each row its block's time from the header when the node sends none, asking each block once", async () => {
    const { chain, rpc, id } = dev;
    const logs = await rpc.request<RawNodeLog[]>(id, 'eth_getLogs', [{ address: chain.trace.contracts.token, fromBlock: '0x0', toBlock: 'latest' }]);
    expect(logs.length).toBeGreaterThan(1);
    expect(logs.every((log) => log.blockTimestamp === undefined)).toBe(true); // what this test is about
    let headers = 0;
    const counting = { request: (<T>(networkId: string, method: string, params: unknown[], options?: { signal?: AbortSignal }) => {
      if (method === 'eth_getBlockByHash') headers += 1;
      return rpc.request<T>(networkId, method, params as never, options);
    }) as RpcService['request'] };
    const times = createBlockTimes(counting);
    const rows = await toLogRows(createDecodingService({ rpc, projectRoot: process.cwd() }), id, logs, undefined, times);
    for (const row of rows) {
      const header = await rpc.request<{ timestamp: string }>(id, 'eth_getBlockByNumber', [row.blockNumber, false]);
      expect(row.blockTimestamp).toBe(header.timestamp);
    }
    expect(headers).toBe(new Set(logs.map((log) => log.blockHash)).size);
    // Asked again: the times are kept, no header is read.
    await toLogRows(createDecodingService({ rpc, projectRoot: process.cwd() }), id, logs, undefined, times);
    expect(headers).toBe(new Set(logs.map((log) => log.blockHash)).size);
  });
}, 180_000);

import { describe, expect, it } from 'vitest';
import { openStore } from '../store/openStore';
import { useTempDataDirs } from '../store/testing/tempDataDir';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC } from './approvals';
import { approvalsOf } from './approvalsOf';
import { historyTestKit } from './testing/historyTestKit';
import { addressTopic } from './tokenTransfers';

const { sandbox, servicesOver, raw } = historyTestKit();
const tempDir = useTempDataDirs();
const MAX = 2n ** 256n - 1n;

interface Log {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  logIndex: string;
  transactionHash: string;
}

/** The owner's approvals as the node answers them: one eth_getLogs per event with the owner as topic 1, the latest per pair kept here. */
async function nodeApprovals(owner: string, head: string) {
  const latest = new Map<string, Log>();
  for (const topic0 of [APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC]) {
    const logs = await raw<Log[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: head, topics: [topic0, addressTopic(owner)] }]);
    for (const log of logs) {
      const key = `${log.address.toLowerCase()}:0x${log.topics[2]!.slice(26)}`;
      const seen = latest.get(key);
      const order = (entry: Log) => BigInt(entry.blockNumber) * 100_000n + BigInt(entry.logIndex);
      if (!seen || order(seen) < order(log)) latest.set(key, log);
    }
  }
  return latest;
}

describe('approvals on the sandbox', () => {
  it("lists every pair a trader approved, its allowance now as allowance() answers, when granted, the router's unlimited ones marked", async () => {
    const trader = sandbox.manifest.accounts.traders[1]!.address;
    const router = sandbox.manifest.contracts.uniswapRouter.toLowerCase();
    const store = openStore(tempDir());
    const { history, decoding, sent } = servicesOver(store);
    await decoding.importAbi('local', router, 'function factory() view returns (address)', 'Uniswap V2 router');
    const before = sent.length;
    const view = await history.approvals('local', trader);
    const expected = await nodeApprovals(trader, view.block);

    expect(view.rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(view.rows.map((row) => row.id))).toEqual(new Set(expected.keys()));
    expect(sent.slice(before).filter((request) => request.method === 'eth_getLogs')).toHaveLength(1);
    // The state at the head in one round: a single eth_call without a `to` (Multicall3 deployed inside the call).
    const calls = sent.slice(before).filter((request) => request.method === 'eth_call');
    expect(calls.map((request) => (request.params as [{ to?: string }])[0].to)).toEqual([undefined]);
    for (const row of view.rows) {
      const log = expected.get(row.id)!;
      expect(row.kind).toBe('allowance');
      expect(row.transactionHash).toBe(log.transactionHash);
      expect(row.granted).toBe(BigInt(log.data).toString(10));
      const allowance = await raw<string>('eth_call', [{ to: row.token, data: `0xdd62ed3e${addressTopic(trader).slice(2)}${addressTopic(row.spender).slice(2)}` }, view.block]);
      expect(row.allowance).toBe(BigInt(allowance).toString(10));
      expect(row.unlimited).toBe(BigInt(allowance) >= 2n ** 255n);
      const block = await raw<{ timestamp: string }>('eth_getBlockByNumber', [log.blockNumber, false]);
      expect(row.timestamp).toBe(block.timestamp);
      expect(row.symbol).toBe(sandbox.manifest.contracts.tokens.find((token) => token.address.toLowerCase() === row.token)?.symbol ?? 'WETH');
    }
    const toRouter = view.rows.filter((row) => row.spender === router);
    expect(toRouter.length).toBe(3);
    for (const row of toRouter) expect([row.granted, row.allowance, row.unlimited, row.spenderName]).toEqual([MAX.toString(10), MAX.toString(10), true, 'Uniswap V2 router']);
    const limited = view.rows.filter((row) => row.spender !== router);
    expect(limited.length).toBeGreaterThan(0);
    for (const row of limited) expect(row.unlimited).toBe(false);
    store.close();
  });

  it('an address that approved nothing has no approvals, after one eth_getLogs', async () => {
    const { history, sent } = servicesOver();
    const nobody = '0x000000000000000000000000000000000000dEaD';
    const view = await history.approvals('local', nobody);
    expect(view.rows).toEqual([]);
    expect(sent.filter((request) => request.method === 'eth_getLogs')).toHaveLength(1);
  });

  it('asks the log planner, up to the head, when the node refuses the whole chain in one request', async () => {
    const owner = '0x1111111111111111111111111111111111111111';
    const token = '0x4444444444444444444444444444444444444444';
    const spender = '0x2222222222222222222222222222222222222222';
    const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;
    const asked: unknown[] = [];
    const log = { address: token, topics: [APPROVAL_TOPIC, addressTopic(owner), addressTopic(spender)], data: word(5n), blockNumber: '0x7', blockHash: word(7n), transactionHash: word(1n), transactionIndex: '0x0', logIndex: '0x0', blockTimestamp: '0x65' };
    const rpc = {
      request: async (_networkId: string, method: string, params: unknown[]) => {
        if (method === 'eth_blockNumber') return '0x10';
        asked.push((params[0] as { toBlock: string }).toBlock);
        if ((params[0] as { toBlock: string }).toBlock === 'latest') throw new Error('block range too wide');
        return [log];
      },
      client: async () => ({
        request: async ({ params }: { params: [{ data: string }, string] }) => {
          const selector = params[0].data.slice(0, 10);
          return selector === '0xdd62ed3e' ? word(3n) : selector === '0x313ce567' ? word(6n) : '0x';
        },
      }),
    } as unknown as Parameters<typeof approvalsOf>[0]['rpc'];
    const view = await approvalsOf({ rpc }, 'x', owner, new AbortController().signal);
    expect(asked).toEqual(['latest', '0x10']);
    expect(view.block).toBe('0x10');
    expect(view.rows.map((row) => [row.spender, row.granted, row.allowance, row.decimals, row.timestamp, row.unlimited, row.active])).toEqual([[spender, '5', '3', 6, '0x65', false, true]]);
  });
});

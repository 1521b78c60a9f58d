import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBytes } from './logsQuery';
import { startTestGateway, TestChain, type TestGateway } from './testing/testSupport';

let chain: TestChain;
let gw: TestGateway;
/** Blocks holding 6,000 logs each (together over the 10,000 limit), then one with 3. */
let blockA: number;
let blockB: number;
let blockC: number;

const hex = (n: number) => `0x${n.toString(16)}`;
/** An address that never emits, so range tests are not tripped by the result limit. */
const NO_LOGS = '0x000000000000000000000000000000000000dead';

beforeAll(async () => {
  chain = await TestChain.start();
  gw = await startTestGateway(chain);
  blockA = Number((await chain.transact('emitMany', [6000n])).blockNumber);
  blockB = Number((await chain.transact('emitMany', [6000n])).blockNumber);
  blockC = Number((await chain.transact('emitMany', [3n])).blockNumber);
});

afterAll(async () => {
  await gw?.close();
  await chain?.stop();
});

describe('eth_getLogs result limit', () => {
  it('refuses more than 10,000 results with the hint message and data', async () => {
    const response = await gw.call('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]);
    const to = hex(blockB - 1);
    expect(response.error).toEqual({
      code: -32005,
      message: `query returned more than 10000 results. Try with this block range [0x0, ${to}].`,
      data: { from: '0x0', to, limit: 10000 },
    });
  });

  it('gives a hint that is the largest prefix that fits', async () => {
    const { error } = await gw.call('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]);
    const hint = error?.data as { from: string; to: string };
    const fits = await gw.call('eth_getLogs', [{ fromBlock: hint.from, toBlock: hint.to }]);
    expect((fits.result as unknown[]).length).toBeLessThanOrEqual(10_000);
    const oneMore = await gw.call('eth_getLogs', [{ fromBlock: hint.from, toBlock: hex(Number(hint.to) + 1) }]);
    expect(oneMore.error?.code).toBe(-32005);
  });

  it('hands back results within the limit exactly as the node returns them', async () => {
    const viaGateway = await gw.call('eth_getLogs', [{ fromBlock: hex(blockA), toBlock: hex(blockA) }]);
    const direct = await chain.rpc('eth_getLogs', [{ fromBlock: hex(blockA), toBlock: hex(blockA) }]);
    expect((viaGateway.result as unknown[]).length).toBe(6000);
    expect(viaGateway.result).toEqual(direct);
  });

  it('hints a single block when even the first block exceeds the limit', async () => {
    const small = await startTestGateway(chain, { logsMaxResults: 100 });
    try {
      const ranged = await small.call('eth_getLogs', [{ fromBlock: hex(blockA), toBlock: hex(blockC) }]);
      expect(ranged.error).toEqual({
        code: -32005,
        message: `query returned more than 100 results. Try with this block range [${hex(blockA)}, ${hex(blockA)}].`,
        data: { from: hex(blockA), to: hex(blockA), limit: 100 },
      });
      const blockHash = ((await chain.rpc('eth_getBlockByNumber', [hex(blockB), false])) as { hash: string }).hash;
      const byHash = await small.call('eth_getLogs', [{ blockHash }]);
      expect(byHash.error?.data).toEqual({ from: hex(blockB), to: hex(blockB), limit: 100 });
      expect((await small.call('eth_getLogs', [{ fromBlock: hex(blockC), toBlock: hex(blockC) }])).result).toHaveLength(3);
    } finally {
      await small.close();
    }
  });
});

describe('eth_getLogs result count without parsing', () => {
  it('answers a result of exactly the limit as the node gave it, and refuses one log more', async () => {
    const direct = await chain.rpc('eth_getLogs', [{ fromBlock: hex(blockC), toBlock: hex(blockC) }]);
    for (const [limit, refused] of [[3, false], [2, true]] as const) {
      const small = await startTestGateway(chain, { logsMaxResults: limit });
      try {
        const answer = await small.call('eth_getLogs', [{ fromBlock: hex(blockC), toBlock: hex(blockC) }]);
        if (refused) expect(answer.error).toMatchObject({ code: -32005, data: { from: hex(blockC), to: hex(blockC), limit } });
        else expect(answer.result).toEqual(direct);
      } finally {
        await small.close();
      }
    }
  });

  it('counts a byte as a plain count does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 0, max: 255 }), (bytes, byte) => {
        expect(countBytes(Buffer.from(bytes), byte)).toBe(bytes.filter((b) => b === byte).length);
      }),
    );
  });
});

describe('eth_getLogs parameters', () => {
  const topic = `0x${'11'.repeat(32)}`;

  it('refuses more than 5,000 addresses and topics with -32005 {limit, count}', async () => {
    const response = await gw.call('eth_getLogs', [{ fromBlock: hex(blockC), toBlock: hex(blockC), address: chain.fixture, topics: [Array.from({ length: 5000 }, () => topic)] }]);
    expect(response.error).toEqual({ code: -32005, message: 'query exceeds limit of 5000 parameters', data: { limit: 5000, count: 5001 } });
  });

  it('accepts exactly 5,000', async () => {
    const response = await gw.call('eth_getLogs', [{ fromBlock: hex(blockC), toBlock: hex(blockC), topics: [Array.from({ length: 5000 }, () => topic)] }]);
    expect(response.result).toEqual([]);
  });

  it('refuses blockHash together with fromBlock/toBlock with -32602', async () => {
    const response = await gw.call('eth_getLogs', [{ blockHash: topic, fromBlock: '0x0' }]);
    expect(response.error).toMatchInlineSnapshot(`
      {
        "code": -32602,
        "message": "cannot specify both blockHash and fromBlock/toBlock, choose one or the other",
      }
    `);
  });

  it('refuses params other than [filter] with -32602', async () => {
    for (const params of [[], [{}, {}], ['0x0'], { fromBlock: '0x0' }]) {
      expect((await gw.call('eth_getLogs', params)).error?.code).toBe(-32602);
    }
  });
});

describe('eth_getLogs block range', () => {
  it('refuses a range over 10,000 blocks with -32602', async () => {
    const response = await gw.call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x2710' }]);
    expect(response.error).toEqual({ code: -32602, message: 'range 10001 exceeds limit of 10000', data: { from: '0x0', to: '0x2710', limit: 10000 } });
    expect((await gw.call('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x2710', address: NO_LOGS }])).result).toEqual([]);
  });

  it('resolves tags against the head', async () => {
    const narrow = await startTestGateway(chain, { logsMaxBlockRange: 3 });
    try {
      const head = Number(await chain.rpc('eth_blockNumber'));
      const answer = (fromBlock: string, toBlock?: string) =>
        narrow.call('eth_getLogs', [{ fromBlock, address: NO_LOGS, ...(toBlock === undefined ? {} : { toBlock }) }]);
      expect((await answer(hex(head - 2))).result).toEqual([]); // toBlock defaults to latest: 3 blocks
      expect((await answer(hex(head - 3), 'latest')).error).toMatchObject({ code: -32602, message: 'range 4 exceeds limit of 3' });
      expect((await answer('earliest', hex(2))).result).toEqual([]);
      expect((await answer('earliest', 'pending')).error?.code).toBe(-32602);
    } finally {
      await narrow.close();
    }
  });
});

describe('eth_getLogs duration', () => {
  it('answers a query over the time limit with -32005 "query timeout exceeded"', async () => {
    const hasty = await startTestGateway(chain, { logsTimeoutMs: 1 });
    try {
      const response = await hasty.call('eth_getLogs', [{ fromBlock: hex(blockA), toBlock: hex(blockB) }]);
      expect(response.error).toMatchInlineSnapshot(`
        {
          "code": -32005,
          "message": "query timeout exceeded",
        }
      `);
      // The aborted request leaves the gateway healthy.
      expect((await hasty.call('eth_chainId')).result).toBe('0x7a69');
    } finally {
      await hasty.close();
    }
  });
});

import { parseGwei } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeSuggestionSchema, GWEI_STRING } from '../../src-shared/gas/feeSuggestionSchema';
import { startAnvil, type AnvilProcess } from '../chain/anvil';
import { rpcResult } from '../testing/rawRpc';
import { createGasApi, type GasApi } from './createGasApi';
import { expectedLevels, expectedOtherFields } from './testing/expectedSuggestion';
import { FeeTraffic, TIPPED_BLOCKS } from './testing/feeTraffic';
import { countingProxy, serve } from './testing/gasTestServers';

const KEY = 'gaskey0000000000000000000000000001';
const SECRET = 'gassecret00000000000000000000001';
const CHAIN_ID = 31337;
const gwei = (value: number | string) => parseGwei(String(value));
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

// Blocks of 200,000 gas: a block of five plain transfers is over the 100,000 target and raises the next base
// fee, a block of one lowers it, so the base fee moves both ways without cheat codes.
const BLOCKS = TIPPED_BLOCKS;

let anvil: AnvilProcess;
let traffic: FeeTraffic;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
let api: GasApi;
let server: Awaited<ReturnType<typeof serve>>;
const logs: string[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ args: ['--gas-limit', '200000'] });
  traffic = new FeeTraffic(anvil.url);
  for (const txs of BLOCKS) await traffic.mineBlock(txs);
  proxy = await countingProxy(anvil.url);
  api = createGasApi({
    chainId: CHAIN_ID,
    upstreamUrl: proxy.url,
    upstreamWsUrl: anvil.wsUrl,
    isValidKey: (key) => key === KEY,
    verifySecret: (key, secret) => key === KEY && secret === SECRET,
    log: (line) => logs.push(line),
  });
  server = await serve(api);
});

afterAll(async () => {
  await server?.close();
  await api?.close();
  await proxy?.close();
  await anvil?.stop();
});

const get = (path: string, headers: Record<string, string> = { authorization: basic(`${KEY}:${SECRET}`) }, method = 'GET') =>
  fetch(`${server.base}${path}`, { method, headers });
const suggestionPath = `/networks/${CHAIN_ID}/suggestedGasFees`;

/** GETs suggestions until they are for block `number` (the API learns of a block over WebSocket, a moment after evm_mine). */
async function suggestionsFor(number: bigint): Promise<{ body: string; json: Record<string, unknown> }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await get(suggestionPath);
    const body = await response.text();
    if (response.headers.get('x-block-number') === number.toString()) return { body, json: JSON.parse(body) as Record<string, unknown> };
    if (Date.now() > deadline) throw new Error(`no suggestion for block ${number}; last was for ${response.headers.get('x-block-number')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const latestNumber = async () => BigInt(await rpcResult<string>(anvil.url, 'eth_blockNumber', []));

describe('GET /networks/<chainId>/suggestedGasFees', () => {
  it('answers every field of the spec table with the right type, as JSON with CORS', async () => {
    const response = await get(suggestionPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-block-number')).toBe((await latestNumber()).toString());
    const body = (await response.json()) as Record<string, unknown>;
    feeSuggestionSchema.parse(body); // strict: no key the spec does not name, besides "version"
    expect(Object.keys(body).sort()).toEqual(
      [
        'low',
        'medium',
        'high',
        'estimatedBaseFee',
        'networkCongestion',
        'latestPriorityFeeRange',
        'historicalPriorityFeeRange',
        'historicalBaseFeeRange',
        'priorityFeeTrend',
        'baseFeeTrend',
        'version',
      ].sort(),
    );
    for (const level of ['low', 'medium', 'high']) {
      const fees = body[level] as Record<string, unknown>;
      expect(Object.keys(fees).sort()).toEqual(['maxWaitTimeEstimate', 'minWaitTimeEstimate', 'suggestedMaxFeePerGas', 'suggestedMaxPriorityFeePerGas']);
      expect(fees.suggestedMaxPriorityFeePerGas).toMatch(GWEI_STRING);
      expect(fees.suggestedMaxFeePerGas).toMatch(GWEI_STRING);
      expect(Number.isInteger(fees.minWaitTimeEstimate)).toBe(true);
      expect(Number.isInteger(fees.maxWaitTimeEstimate)).toBe(true);
    }
    expect(body).toMatchObject({
      low: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 30_000 },
      medium: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 45_000 },
      high: { minWaitTimeEstimate: 15_000, maxWaitTimeEstimate: 60_000 },
      version: '0.0.1',
    });
    expect(typeof body.networkCongestion).toBe('number');
    expect(body.networkCongestion).toBeGreaterThanOrEqual(0);
    expect(body.networkCongestion).toBeLessThanOrEqual(1);
    for (const key of ['latestPriorityFeeRange', 'historicalPriorityFeeRange', 'historicalBaseFeeRange']) {
      const [min, max] = body[key] as [string, string];
      expect(parseGwei(min)).toBeLessThanOrEqual(parseGwei(max));
    }
    expect(['up', 'down', 'level']).toContain(body.priorityFeeTrend);
    expect(['up', 'down', 'level']).toContain(body.baseFeeTrend);
  });

  it('gives the levels of the published algorithm, recomputed from eth_feeHistory at the same block', async () => {
    const number = await latestNumber(); // automine is off: the chain stands still while both read it
    const { json } = await suggestionsFor(number);
    const expected = await expectedLevels(anvil.url, number);
    for (const level of ['low', 'medium', 'high'] as const) {
      const fees = json[level] as { suggestedMaxPriorityFeePerGas: string; suggestedMaxFeePerGas: string };
      expect([level, fees.suggestedMaxPriorityFeePerGas, fees.suggestedMaxFeePerGas]).toEqual([level, expected[level]!.tip, expected[level]!.maxFee]);
    }
    // The blocks are chosen so that low sits on its floor and the other two come from their medians.
    expect([expected.low!.tip, expected.medium!.tip, expected.high!.tip]).toEqual(['1', '2.91', '3.266666666']);
  });

  it('gives ranges, trends and congestion as SERVICE-FACTS defines them', async () => {
    const number = await latestNumber();
    const { json } = await suggestionsFor(number);
    expect(json).toMatchObject(await expectedOtherFields(anvil.url, number));
  });

  it('computes once per block: same bytes and no node reads within a block, one read for the next block', async () => {
    const number = await latestNumber();
    const first = await suggestionsFor(number);
    // The fee history is computed from the chain (computedFeeHistory.ts): a new block costs its receipts, once.
    const reads = () => ({ feeHistory: proxy.count('eth_feeHistory'), receipts: proxy.count('eth_getBlockReceipts') });
    const before = reads();
    const again = await Promise.all(Array.from({ length: 20 }, () => get(suggestionPath).then((r) => r.text())));
    for (const body of again) expect(body).toBe(first.body);
    expect(reads()).toEqual(before);

    const next = await traffic.mineBlock([{ tip: gwei(20) }, { tip: gwei(30) }, { tip: gwei(40) }, { tip: gwei(50) }, { tip: gwei(60) }]);
    const [after, ...concurrent] = await Promise.all(Array.from({ length: 10 }, () => suggestionsFor(next)));
    for (const other of concurrent) expect(other.body).toBe(after!.body);
    expect(reads()).toEqual({ feeHistory: 0, receipts: before.receipts + 1 });
    expect(after!.body).not.toBe(first.body);
    expect((after!.json.high as { suggestedMaxPriorityFeePerGas: string }).suggestedMaxPriorityFeePerGas).toBe((await expectedLevels(anvil.url, next)).high!.tip);
    expect(after!.json).toMatchObject(await expectedOtherFields(anvil.url, next));
  });
});

describe('gas API credentials', () => {
  const keyPath = (key: string) => `/v3/${key}/networks/${CHAIN_ID}/suggestedGasFees`;

  it.each([
    ['basic KEY:SECRET', suggestionPath, { authorization: basic(`${KEY}:${SECRET}`) }],
    ['basic KEY: (secret left empty)', suggestionPath, { authorization: basic(`${KEY}:`) }],
    ['basic KEY (no colon)', suggestionPath, { authorization: basic(KEY) }],
    ['the key in the path', keyPath(KEY), {}],
    ['the key in the path and matching basic credentials', keyPath(KEY), { authorization: basic(`${KEY}:${SECRET}`) }],
  ])('accepts %s', async (_name, path, headers) => {
    const response = await get(path, headers);
    expect(response.status).toBe(200);
    feeSuggestionSchema.parse(await response.json());
  });

  it.each([
    ['no credentials', suggestionPath, {}, 'missing credentials: send HTTP basic auth KEY:SECRET (the secret is optional) or put the key in the path /v3/<KEY>/networks/<chainId>/suggestedGasFees'],
    ['a wrong key', suggestionPath, { authorization: basic(`wrong:${SECRET}`) }, 'invalid API key'],
    ['a wrong key without secret', suggestionPath, { authorization: basic('wrong:') }, 'invalid API key'],
    ['a wrong secret', suggestionPath, { authorization: basic(`${KEY}:wrong`) }, 'invalid API key secret'],
    ['an empty key', suggestionPath, { authorization: basic(`:${SECRET}`) }, 'missing API key in the basic credentials'],
    ['a bearer token', suggestionPath, { authorization: `Bearer ${KEY}` }, 'malformed Authorization header: expected "Basic " and base64 of KEY:SECRET'],
    ['broken base64', suggestionPath, { authorization: 'Basic %%%' }, 'malformed Authorization header: expected "Basic " and base64 of KEY:SECRET'],
    ['a wrong key in the path', keyPath('wrong'), {}, 'invalid API key'],
    ['an empty key in the path', keyPath(''), {}, 'missing API key in the path /v3/<KEY>/networks/<chainId>/suggestedGasFees'],
    ['the key in the path with a wrong secret', keyPath(KEY), { authorization: basic(`${KEY}:wrong`) }, 'invalid API key secret'],
  ])('refuses %s with 401, a JSON reason and a basic-auth challenge', async (_name, path, headers, reason) => {
    const response = await get(path, headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: reason });
    expect(text).not.toContain(SECRET);
  });
});

describe('gas API paths and methods', () => {
  it.each([
    ['5', 'unsupported chain id 5; this sandbox serves 31337'],
    ['1', 'unsupported chain id 1; this sandbox serves 31337'],
    ['0x7a69', 'the chain id must be a decimal integer; got "0x7a69"'],
    ['mainnet', 'the chain id must be a decimal integer; got "mainnet"'],
    ['', 'the chain id must be a decimal integer; got ""'],
  ])('answers chain id %j with 400 %j', async (chainId, error) => {
    const response = await get(`/networks/${chainId}/suggestedGasFees`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error });
  });

  it('checks credentials before the chain id', async () => {
    expect((await get('/networks/5/suggestedGasFees', {})).status).toBe(401);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405 and an Allow header', async (method) => {
    const response = await get(suggestionPath, { authorization: basic(`${KEY}:${SECRET}`) }, method);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toEqual({ error: `method ${method} not allowed; use GET` });
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await get(suggestionPath, { authorization: basic(`${KEY}:${SECRET}`) }, 'HEAD');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('answers a CORS preflight without credentials', async () => {
    const response = await get(suggestionPath, { origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' }, 'OPTIONS');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('leaves other paths alone', async () => {
    for (const path of ['/networks/31337/baseFeeHistory', '/local/v3/x', '/v3/x/networks/31337', '/networks/31337/suggestedGasFees/extra']) {
      expect(await (await get(path)).text()).toBe('not ours');
    }
  });

  it('ignores the query string and tolerates a trailing slash', async () => {
    expect((await get(`${suggestionPath}/?x=1`)).status).toBe(200);
  });
});

describe('gas API without the node WebSocket', () => {
  it('notices new blocks by polling eth_blockNumber instead', async () => {
    const lines: string[] = [];
    const polling = createGasApi({
      chainId: CHAIN_ID,
      upstreamUrl: anvil.url,
      upstreamWsUrl: 'ws://127.0.0.1:9',
      isValidKey: (key) => key === KEY,
      verifySecret: () => false,
      log: (line) => lines.push(line),
    });
    const alone = await serve(polling);
    try {
      const read = async () => {
        const response = await fetch(`${alone.base}/v3/${KEY}/networks/${CHAIN_ID}/suggestedGasFees`);
        await response.text();
        return response.headers.get('x-block-number');
      };
      expect(await read()).toBe((await latestNumber()).toString());
      const next = await traffic.mineBlock([{ tip: gwei(3) }]);
      await expect.poll(read, { timeout: 5_000, interval: 25 }).toBe(next.toString());
      expect(lines).toContain("gas: lost the node's newHeads stream; polling eth_blockNumber until it is back");
    } finally {
      await alone.close();
      await polling.close();
    }
  });
});

describe('gas API without a node', () => {
  it('answers 503 with the reason, and closes cleanly', async () => {
    const lost: string[] = [];
    const orphan = createGasApi({
      chainId: CHAIN_ID,
      upstreamUrl: 'http://127.0.0.1:9',
      upstreamWsUrl: 'ws://127.0.0.1:9',
      isValidKey: (key) => key === KEY,
      verifySecret: () => false,
      log: (line) => lost.push(line),
    });
    const alone = await serve(orphan);
    try {
      const response = await fetch(`${alone.base}/v3/${KEY}/networks/${CHAIN_ID}/suggestedGasFees`);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: string }).error).toMatch(/^fee suggestions unavailable: /);
      expect(lost.join('\n')).not.toContain(KEY);
    } finally {
      await alone.close();
      await orphan.close();
    }
  });
});

/**
 * Boundary values in every parameter of every method of the Ethereum JSON-RPC spec (the vendored execution-apis
 * document), through the gateway on a real Anvil: each answer is well formed, the node never dies, and the gateway
 * keeps answering. Enumerated, not sampled: every method × every parameter (and every numeric field of an object
 * parameter, every element of an array parameter) × every boundary value. An outside fuzz once killed the node with
 * one of these (eth_feeHistory with a block count of 2^256-1); the last test shows this enumeration finds it.
 */
import { describe, expect, it } from 'vitest';
import { readSpecFile } from '../../test-support/specs/specFiles';
import { isAlive } from '../../test-support/processTree';
import { startAnvil } from '../chain/anvil';
import { useGatewayOnTestChain } from './testing/testSupport';

interface SpecMethod {
  name: string;
  params: { name: string }[];
  examples?: { params: { value: unknown }[] }[];
}

const HEX_BOUNDARIES: unknown[] = [
  `0x${'f'.repeat(64)}`, // 2^256-1
  `0x1${'0'.repeat(64)}`, // 2^256
  '0x10000000000000000', // 2^64
  '0xffffffffffffffff', // 2^64-1
  '0x8000000000000000', // 2^63
  '0x20000000000001', // 2^53+1
  '0x0',
  '0x00000001', // leading zeros
  '-0x1',
  '0x',
  '0xg',
  '',
];
const NUMBER_BOUNDARIES: unknown[] = [0, -1, -0, 2 ** 53 + 1, 2 ** 64, 1e308, 0.5, Number.MAX_SAFE_INTEGER];
const SHAPE_BOUNDARIES: unknown[] = [null, true, {}, [], Array.from({ length: 10_000 }, () => '0x1'), 'x'.repeat(100_000)];
const BOUNDARIES = [...HEX_BOUNDARIES, ...NUMBER_BOUNDARIES, ...SHAPE_BOUNDARIES];

const spec = JSON.parse(readSpecFile('executionApis')) as { methods: SpecMethod[] };
const methods = spec.methods.filter((method) => /^(eth|net|web3)_/.test(method.name));

/** Every request of the enumeration: one boundary value in one place of one method's example params. */
function boundaryRequests(): { method: string; params: unknown[]; where: string }[] {
  const requests: { method: string; params: unknown[]; where: string }[] = [];
  for (const method of methods) {
    const base = method.examples?.[0]?.params.map((param) => param.value) ?? method.params.map(() => 'latest');
    base.forEach((value, index) => {
      const put = (replacement: unknown, where: string) => requests.push({ method: method.name, params: base.map((given, at) => (at === index ? replacement : given)), where });
      for (const boundary of BOUNDARIES) put(boundary, `param ${index}`);
      if (Array.isArray(value) && value.length > 0) for (const boundary of BOUNDARIES) put([boundary, ...value.slice(1)], `param ${index}[0]`);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const field of Object.keys(value)) for (const boundary of BOUNDARIES) put({ ...value, [field]: boundary }, `param ${index}.${field}`);
      }
    });
  }
  return requests;
}

const isWellFormed = (answer: unknown, id: number): boolean => {
  if (typeof answer !== 'object' || answer === null) return false;
  const { jsonrpc, id: answeredId, result, error } = answer as Record<string, unknown>;
  if (jsonrpc !== '2.0' || answeredId !== id || (result === undefined) === (error === undefined)) return false;
  return error === undefined || (Number.isInteger((error as { code?: unknown }).code) && typeof (error as { message?: unknown }).message === 'string');
};

const { chain, gateway } = useGatewayOnTestChain({ rateLimit: { requestsPerSecond: 1e6, burst: 1e6 } });

describe('boundary values in every parameter of every method', () => {
  it('are answered well formed, and the node lives through all of them', { timeout: 300_000 }, async () => {
    const requests = boundaryRequests();
    const refusedByName = new Set<string>();
    let id = 0;
    for (const request of requests) {
      id++;
      const { status, text } = await gateway().post(JSON.stringify({ jsonrpc: '2.0', id, method: request.method, params: request.params }));
      const what = `${request.method} ${request.where} = ${JSON.stringify(request.params).slice(0, 120)}`;
      expect(status, what).toBe(200);
      const answer = JSON.parse(text) as { error?: { code: number; message: string } };
      expect(isWellFormed(answer, id), `${what}: ${text.slice(0, 200)}`).toBe(true);
      expect(answer.error?.message, `${what}: the node stopped answering`).not.toBe('upstream request failed');
      if (answer.error?.code === -32601) refusedByName.add(request.method);
      if (id % 50 === 0) expect(isAlive(chain().anvil.pid), `the node died by ${what}`).toBe(true);
    }
    expect(isAlive(chain().anvil.pid)).toBe(true);
    expect((await gateway().call('eth_chainId')).result).toBe('0x7a69');
    console.log(`boundary fuzz: ${requests.length} requests over ${methods.length} methods (${refusedByName.size} refused by name), the node alive after all`);
  });

  it('holds the request that killed the node, and straight to Anvil those requests still kill it', { timeout: 60_000 }, async () => {
    const feeHistory = boundaryRequests().filter((request) => request.method === 'eth_feeHistory' && request.where === 'param 0');
    expect(feeHistory.map((request) => request.params[0])).toContain(`0x${'f'.repeat(64)}`);
    // The same requests to a bare Anvil, with no gateway between: one of them aborts it (what the checks now stop).
    const bare = await startAnvil();
    try {
      let killedBy: unknown;
      for (const request of feeHistory) {
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, params: request.params });
        const answered = await fetch(bare.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
          () => true,
          () => false,
        );
        if (!answered) {
          killedBy = request.params[0];
          break;
        }
      }
      expect(killedBy, 'a bare Anvil answered every eth_feeHistory boundary value: the checks may no longer be needed').toBeDefined();
      expect(await bare.exited, `Anvil exits after block count ${String(killedBy)}`).not.toBe(0);
    } finally {
      await bare.stop();
    }
  });
});

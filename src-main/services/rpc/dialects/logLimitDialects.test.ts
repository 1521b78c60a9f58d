import { HttpRequestError, RpcRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { plainNodeError } from '../testing/plainNodeError';
import { isLogLimitSignal, logLimitOf, type LogLimitSignal } from './logLimitDialects';

// Each row of reference/NODE-DIALECTS.md's eth_getLogs table, in the words its sources quote, and what it means.
const ALCHEMY_RESULTS =
  'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [0x10, 0x2a]';
const rows: [string, { code: number; message: string; data?: unknown }, LogLimitSignal | undefined][] = [
  ['the hosted service, results (hint in data)', { code: -32005, message: 'query returned more than 10000 results. Try with this block range [0x79, 0x80].', data: { from: '0x79', to: '0x80', limit: 10_000 } }, { kind: 'range', from: 0x79, to: 0x80, results: 10_000 }],
  ['the hosted service, results (no hint)', { code: -32005, message: 'query returned more than 10000 results' }, { kind: 'halve', reason: 'results', results: 10_000 }],
  ['the hosted service, timeout', { code: -32005, message: 'query timeout exceeded' }, { kind: 'halve', reason: 'timeout' }],
  ['Infura live API, span', { code: -32602, message: 'range 1000000 exceeds limit of 10000' }, { kind: 'limit', blocks: 10_000 }],
  ['Alchemy, results/size', { code: -32602, message: ALCHEMY_RESULTS }, { kind: 'range', from: 0x10, to: 0x2a, results: 10_000 }],
  ['Alchemy-style, span', { code: -32600, message: 'You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [0x0, 0x1f3]' }, { kind: 'limit', blocks: 500 }],
  ['QuickNode, span', { code: -32614, message: 'eth_getLogs is limited to a 10,000 range' }, { kind: 'limit', blocks: 10_000 }],
  ['zkSync Era, results', { code: -32602, message: 'Query returned more than 10000 results. Try with this block range [0x0, 0x30f].' }, { kind: 'range', from: 0, to: 0x30f, results: 10_000 }],
  ['zkSync Era, its hint too big', { code: -32008, message: 'Response is too big' }, { kind: 'halve', reason: 'size' }],
  ['Erigon', { code: -32602, message: 'query block range exceeds server limit, narrow your filter: 5.' }, { kind: 'limit', blocks: 5 }],
  ['Erigon forks (cdk)', { code: -32005, message: 'block range too large, max range: 1000' }, { kind: 'limit', blocks: 1_000 }],
  ['Reth', { code: -32602, message: 'query exceeds max block range 5000' }, { kind: 'limit', blocks: 5_000 }],
  ['geth forks (BSC)', { code: -32000, message: 'exceed maximum block range: 5000' }, { kind: 'limit', blocks: 5_000 }],
  ['geth forks (Scroll)', { code: -32000, message: 'block range is bigger than maxBlockRange' }, { kind: 'halve', reason: 'span' }],
  ['L2 nodes (Morph)', { code: -32000, message: 'block range is larger than max block range, block range = 5120, max block range = 5000' }, { kind: 'limit', blocks: 5_000 }],
  ['small RPCs', { code: -32600, message: 'block range too high' }, { kind: 'halve', reason: 'span' }],
  ['BNB public endpoints (eth_getLogs turned off)', { code: -32005, message: 'limit exceeded' }, { kind: 'halve', reason: 'unknown' }],
  ['an endpoint naming eth_getLogs as turned off', { code: -32000, message: 'eth_getLogs is disabled on this endpoint' }, { kind: 'disabled' }],
  // Shapes that are no log limit stay plain failures in the node's words.
  ['too many addresses and topics', { code: -32005, message: 'query exceeds limit of 5000 parameters' }, undefined],
  ['the rate limit', { code: -32005, message: 'project ID request rate exceeded' }, undefined],
  ['a bad filter', { code: -32602, message: 'invalid params: fromBlock must be a hex block number or a block tag' }, undefined],
  // Words no row knows (or a known phrase under another code) that speak of a limit: a range is halved.
  ['the right phrase under another code', { code: -32603, message: 'query returned more than 10000 results' }, { kind: 'halve', reason: 'unknown' }],
  ['words no row knows', { code: -32614, message: 'query returned too many results' }, { kind: 'halve', reason: 'unknown' }],
  ['a response size in words no row knows', { code: -32000, message: 'Response size exceeded' }, { kind: 'halve', reason: 'unknown' }],
  ['a revert whose reason names the method', { code: 3, message: 'execution reverted: eth_getLogs is disabled' }, undefined],
];

describe('logLimitOf', () => {
  it.each(rows)('reads %s', (_who, error, expected) => {
    const signal = logLimitOf(error, 'eth_getLogs');
    expect(signal).toEqual(expected);
    if (signal) expect(isLogLimitSignal(JSON.parse(JSON.stringify(signal)))).toBe(true);
  });

  it('reads "method not found" as eth_getLogs not offered only when eth_getLogs was asked', () => {
    const notFound = { code: -32601, message: 'the method eth_getLogs does not exist/is not available' };
    expect(logLimitOf(notFound, 'eth_getLogs')).toEqual({ kind: 'disabled' });
    expect(logLimitOf({ ...notFound, message: 'the method anvil_mine does not exist/is not available' }, 'anvil_mine')).toBeUndefined();
  });

  it('matches by shape, not by the whole sentence: reworded, with other numbers, the same signal', () => {
    expect(logLimitOf({ code: -32005, message: 'Query returned more than 20,000 results; try with this block range [0x1, 0x2]' })).toEqual({ kind: 'range', from: 1, to: 2, results: 20_000 });
    expect(logLimitOf({ code: -32614, message: 'eth_getLogs is limited to a 5 block range, please narrow it' })).toEqual({ kind: 'limit', blocks: 5 });
    // A hint range backwards, or a limit of 0, is no usable hint.
    expect(logLimitOf({ code: -32602, message: 'Query returned more than 10000 results. Try with this block range [0x9, 0x2].' })).toEqual({ kind: 'halve', reason: 'results', results: 10_000 });
    expect(logLimitOf({ code: -32602, message: 'query exceeds max block range 0' })).toEqual({ kind: 'halve', reason: 'span' });
  });

  it('reads only the start of a huge message', () => {
    const huge = `block range too large, max range: ${'x'.repeat(5_000_000)}`;
    expect(logLimitOf({ code: -32005, message: huge })).toBeUndefined();
    expect(logLimitOf({ code: -32005, message: `${'limit exceeded'} ${'y'.repeat(5_000_000)}` })).toBeUndefined();
  });

  it('refuses signals with unsound numbers when they are read back', () => {
    expect(isLogLimitSignal({ kind: 'range', from: 5, to: 4 })).toBe(false);
    expect(isLogLimitSignal({ kind: 'limit', blocks: 0 })).toBe(false);
    expect(isLogLimitSignal({ kind: 'halve', reason: 'soon' })).toBe(false);
    expect(isLogLimitSignal('limit')).toBe(false);
  });
});

describe('a failed request, classified and described on log limits', () => {
  const KEY = 'k3y0123456789abcdef0123456789abc';
  const url = `https://logs.example.io/v3/${KEY}`;
  const body = { method: 'eth_getLogs', params: [] };
  const context = { secrets: [KEY], method: 'eth_getLogs' };
  const alchemySpan = { code: -32600, message: 'You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [0x0, 0x1f3]' };
  const quickNode = { code: -32614, message: 'eth_getLogs is limited to a 10,000 range' };

  it('reads an HTTP 400 or 413 carrying a JSON-RPC body as that body, from either transport', () => {
    // viem's transport keeps the body's error as the HTTP error's text; the lean client throws it as an RpcRequestError.
    const viaViem = (status: number, error: object) => new HttpRequestError({ body, url, status, details: JSON.stringify(error) });
    const viaLean = (status: number, error: { code: number; message: string }) => new RpcRequestError({ body, error, url, status, headers: new Headers() } as ConstructorParameters<typeof RpcRequestError>[0]);
    for (const error of [viaViem(400, alchemySpan), viaLean(400, alchemySpan)]) expect(plainNodeError(error, context).data).toEqual({ logLimit: { kind: 'limit', blocks: 500 } });
    for (const error of [viaViem(413, quickNode), viaLean(413, quickNode)]) expect(plainNodeError(error, context)).toMatchObject({ name: 'LogRangeTooLargeError', code: -32614, data: { logLimit: { kind: 'limit', blocks: 10_000 } } });
    // Another status, or a body that is no JSON-RPC error, stays an HTTP error.
    expect(plainNodeError(viaViem(502, quickNode), context).name).toBe('HttpError');
    expect(plainNodeError(new HttpRequestError({ body, url, status: 413, details: JSON.stringify('Request Entity Too Large') }), context).name).toBe('HttpError');
  });

  it('says an endpoint without eth_getLogs does not offer it and where to go instead, with the key redacted', () => {
    const mapped = plainNodeError(new RpcRequestError({ body, url, error: { code: -32601, message: `the method eth_getLogs does not exist/is not available at /v3/${KEY}` } }), context);
    expect(mapped).toMatchInlineSnapshot(`
      {
        "code": -32601,
        "data": {
          "logLimit": {
            "kind": "disabled",
          },
        },
        "details": "Log queries need an endpoint that offers it: add this chain with another provider's address, or your own node's, in Settings → Networks, and run the query there.",
        "fix": {
          "label": "Add a network",
          "route": "/settings/networks/new",
        },
        "kind": "unsupported",
        "name": "MethodNotFoundError",
        "nodeSaid": "the method eth_getLogs does not exist/is not available at /v3/<redacted>",
        "shortMessage": "The node does not offer eth_getLogs.",
      }
    `);
  });

  it('keeps the node\'s own data beside the signal, redacted', () => {
    const mapped = plainNodeError(new RpcRequestError({ body, url, error: { code: -32005, message: 'query returned more than 10000 results', data: { see: `https://x/v3/${KEY}` } } }), context);
    expect(mapped.data).toEqual({ see: 'https://x/v3/<redacted>', logLimit: { kind: 'halve', reason: 'results', results: 10_000 } });
  });
});

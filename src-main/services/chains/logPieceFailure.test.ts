import { RpcRequestError } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src-shared/api/apiError';
import { createRpcService } from '../rpc/createRpcService';
import type { BlockglassErrorOptions } from '../errors/blockglassError';
import { nodeError, NodeError } from '../rpc/nodeError';
import type { NodeFailure } from '../rpc/nodeFailures';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { logPieceFailure } from './logPieceFailure';

// What the rpc service throws for a failure it classified: a NodeError of one case of the table.
const thrown = (failure: NodeFailure, { name, shortMessage, ...options }: Omit<ApiError, 'shortMessage'> & { shortMessage?: string }) =>
  new NodeError(failure, name, shortMessage ?? 'refused', options as BlockglassErrorOptions);

// What the rpc service throws for a node's JSON-RPC error: viem's error, mapped (typed data and all), as a BlockglassError.
const refused = (error: { code: number; message: string; data?: unknown }) =>
  nodeError(new RpcRequestError({ body: { method: 'eth_getLogs' }, url: 'http://node.example', error }), { secrets: [], method: 'eth_getLogs' });

describe('logPieceFailure', () => {
  it.each([
    ['a result limit with the hint in data', refused({ code: -32005, message: 'query returned more than 10000 results. Try with this block range [0x10, 0x1f].', data: { from: '0x10', to: '0x1f', limit: 10_000 } }), { kind: 'tooManyResults', suggested: { from: 16, to: 31 }, limit: 10_000 }],
    ['a result limit without a hint', refused({ code: -32005, message: 'query returned more than 10000 results' }), { kind: 'tooManyResults', limit: 10_000 }],
    ['a result limit with a malformed hint', refused({ code: -32005, message: 'query returned more than 10000 results', data: { from: 'soon', to: '0x1' } }), { kind: 'tooManyResults', limit: 10_000 }],
    ["Alchemy's hint in the message", refused({ code: -32602, message: 'Log response size exceeded. Based on your parameters and the response size limit, this block range should work: [0x10, 0x12]' }), { kind: 'tooManyResults', suggested: { from: 16, to: 18 } }],
    ["zkSync's hint that is too big an answer", refused({ code: -32008, message: 'Response is too big' }), { kind: 'tooLarge' }],
    ["the node's time limit", refused({ code: -32005, message: 'query timeout exceeded' }), { kind: 'timeout' }],
    ['a range too wide, limit in data', refused({ code: -32602, message: 'range 20001 exceeds limit of 10000', data: { from: '0x0', to: '0x4e20', limit: 5_000 } }), { kind: 'rangeTooLarge', limit: 5_000 }],
    ['a range too wide, limit in words', refused({ code: -32602, message: 'range 20001 exceeds limit of 10000' }), { kind: 'rangeTooLarge', limit: 10_000 }],
    ["Reth's limit", refused({ code: -32602, message: 'query exceeds max block range 5000' }), { kind: 'rangeTooLarge', limit: 5_000 }],
    ['a span refused without a limit', refused({ code: -32600, message: 'block range too high' }), { kind: 'rangeTooLarge' }],
    ['a limit the node does not name', refused({ code: -32005, message: 'limit exceeded' }), { kind: 'unknownLimit' }],
    ['an endpoint without eth_getLogs', refused({ code: -32601, message: 'the method eth_getLogs does not exist/is not available' }), { kind: 'disabled' }],
    ['other refused parameters', refused({ code: -32602, message: 'invalid params: fromBlock must be a hex block number or a block tag' }), { kind: 'other' }],
    ['a parameter limit', refused({ code: -32005, message: 'query exceeds limit of 5000 parameters' }), { kind: 'other' }],
    ['a rate limit with its backoff', thrown('rateLimited', { name: 'RateLimitedError', kind: 'limit', code: 429, data: { backoffSeconds: 1.5 } }), { kind: 'rateLimited', backoffMs: 1_500 }],
    ['a rate limit without one', thrown('rateLimited', { name: 'RateLimitedError', kind: 'limit', code: 429, data: { backoffSeconds: undefined } }), { kind: 'rateLimited', backoffMs: 1_000 }],
    ['our own size cap', thrown('tooLarge', { name: 'ResponseTooLargeError', kind: 'limit', code: 'RESPONSE_TOO_LARGE', data: { maxBytes: 1, receivedBytes: 2 } }), { kind: 'tooLarge' }],
    ['our own timeout', thrown('timeout', { name: 'TimeoutError', kind: 'timeout', code: 'TIMEOUT' }), { kind: 'other' }],
    ['a node that is gone', thrown('networkDown', { name: 'NetworkDownError', kind: 'unreachable', code: 'ECONNREFUSED' }), { kind: 'unreachable' }],
    ['a connection cut', thrown('network', { name: 'NetworkError', kind: 'unreachable', code: 'NETWORK', data: { systemCode: 'ECONNRESET' } }), { kind: 'unreachable' }],
    ['a proxy whose node is gone', thrown('gatewayDown', { name: 'HttpError', kind: 'unreachable', code: 503 }), { kind: 'unreachable' }],
    ["a gateway whose node is gone (the sandbox's words)", thrown('nodeFailed', { name: 'RpcError', kind: 'unreachable', code: -32603, shortMessage: 'The node answered with error -32603: upstream request failed' }), { kind: 'unreachable' }],
    ['another JSON-RPC error', thrown('rpc', { name: 'RpcError', kind: 'refused', code: -32000 }), { kind: 'other' }],
    ['an HTTP refusal that is no outage', thrown('http', { name: 'HttpError', kind: 'refused', code: 400 }), { kind: 'other' }],
    ['a name alone, without the typed data', thrown('logLimit', { name: 'LogLimitExceededError', kind: 'limit', code: -32005 }), { kind: 'other' }],
    ['a plain error', new Error('boom'), { kind: 'other' }],
    ['a viem error wrapping ours', Object.assign(new Error('viem'), { cause: refused({ code: -32005, message: 'query timeout exceeded' }) }), { kind: 'timeout' }],
    ['not an error', 'nope', { kind: 'other' }],
  ])('reads %s', (_name, error, expected) => {
    expect(logPieceFailure(error)).toEqual(expected);
  });
});

describe('logPieceFailure on what the sandbox gateway really answers', () => {
  const sandbox = sharedSandbox();
  const rpc = createRpcService({ resolve: async () => sandboxNetwork(sandbox.info, sandbox.info.key) });
  afterAll(() => rpc.close());
  const refusal = (filter: Record<string, unknown>) => rpc.request('local', 'eth_getLogs', [filter]).then(() => expect.unreachable('the gateway accepted it'), (error: unknown) => logPieceFailure(error));
  const hex = (n: number) => `0x${n.toString(16)}`;

  it('reads too many results with the hint, a range too wide with the limit, and other refusals as other', async () => {
    const { logStorm, contracts } = sandbox.manifest;
    expect(await refusal({ address: contracts.logStorm, fromBlock: hex(logStorm.denseFromBlock), toBlock: hex(logStorm.denseToBlock) })).toEqual({
      kind: 'tooManyResults',
      suggested: { from: logStorm.denseFromBlock, to: logStorm.denseFromBlock + 7 }, // 8 blocks of 1,200 logs fit
      limit: 10_000,
    });
    expect(await refusal({ fromBlock: '0x0', toBlock: '0x30d40' })).toEqual({ kind: 'rangeTooLarge', limit: 10_000 });
    expect(await refusal({ fromBlock: 'yesterday' })).toEqual({ kind: 'other' });
    expect(await refusal({ address: Array.from({ length: 5_001 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`) })).toEqual({ kind: 'other' });
  });
});

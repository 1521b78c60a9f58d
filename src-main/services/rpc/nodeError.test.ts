import { HttpRequestError, RpcRequestError, SocketClosedError } from 'viem';
import { MethodNotFoundRpcError } from 'viem';
import { describe, expect, it } from 'vitest';
import { toApiError } from '../errors/thrownToApiError';
import { nodeError, NodeError } from './nodeError';
import { plainNodeError } from './testing/plainNodeError';
import { BlockglassError } from '../errors/blockglassError';

// Pure cases: errors built the way viem builds them (same classes, same fields), for the shapes the real
// sandbox cannot produce on demand. nodeError.sandbox.test.ts covers the errors viem really throws.
const KEY = 'k3y0123456789abcdef0123456789abc';
const URL = `https://mainnet.example.io/v3/${KEY}`;
const body = { method: 'eth_call', params: [] };
const context = { secrets: [KEY], timeoutMs: 15_000, maxResponseBytes: 32 * 1024 * 1024 };

const rpc = (error: { code: number; message: string; data?: unknown }, status?: number, headers?: Record<string, string>) =>
  new RpcRequestError({ body, error, url: URL, ...(status ? { status, headers: new Headers(headers) } : {}) });
const fetchFailed = (code: string, message: string) =>
  new HttpRequestError({ body, url: URL, details: 'fetch failed', cause: Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(message), { code }) }) });

const cases: Array<[string, unknown]> = [
  ['-32005 daily quota', rpc({ code: -32005, message: 'daily request count exceeded, request rate limited' })],
  ['-32005 query timeout', rpc({ code: -32005, message: 'query timeout exceeded' })],
  ['-32005 too many params', rpc({ code: -32005, message: 'too many addresses and topics' })],
  ['code 3 revert without reason', rpc({ code: 3, message: 'execution reverted', data: '0x4e487b710000000000000000000000000000000000000000000000000000000000000011' })],
  ['-32602', rpc({ code: -32602, message: 'exceed maximum block range: 10000' })],
  ['-32603', rpc({ code: -32603, message: 'internal error' })],
  ["-32603 a gateway's node failed", rpc({ code: -32603, message: 'upstream request failed' })],
  [
    'Hardhat -32603 custom error, bytes in data.data',
    rpc({
      code: -32603,
      message: 'Error: VM Exception while processing transaction: reverted with an unrecognized custom error (return data: 0xcf479181)',
      data: { message: 'Error: VM Exception while processing transaction: reverted with an unrecognized custom error (return data: 0xcf479181)', data: '0xcf479181' },
    }),
  ],
  [
    'Hardhat -32603 reason string',
    rpc({ code: -32603, message: "Error: VM Exception while processing transaction: reverted with reason string 'Reverter: amount is zero'", data: { message: 'x', data: '0x08c379a0' } }),
  ],
  ['Hardhat -32603 revert without data', rpc({ code: -32603, message: 'Error: Transaction reverted without a reason string', data: { message: 'Error: Transaction reverted without a reason string', data: '0x' } })],
  ['Ganache -32700 for a method it lacks', rpc({ code: -32700, message: 'The method eth_getBlockReceipts does not exist/is not available' })],
  ['Ganache -32000 revert', rpc({ code: -32000, message: 'VM Exception while processing transaction: revert', data: '0x4e487b710000000000000000000000000000000000000000000000000000000000000011' })],
  ['host not found', fetchFailed('ENOTFOUND', 'getaddrinfo ENOTFOUND mainnet.example.io')],
  ['connection reset', fetchFailed('ECONNRESET', 'read ECONNRESET')],
  ['socket closed', new SocketClosedError({ url: `wss://mainnet.example.io/ws/v3/${KEY}` })],
  ['HTTP 502 with a body echoing the URL', new HttpRequestError({ body, url: URL, status: 502, details: JSON.stringify(`bad gateway for /v3/${KEY}`) })],
  ['an answer that is not JSON', new HttpRequestError({ body, url: URL, cause: new SyntaxError('Unexpected token o in JSON at position 12') })],
  ['abort', new DOMException('This operation was aborted', 'AbortError')],
  ['unknown', new Error(`something odd at ${URL}`)],
];

describe('a failed request, classified and described (pure cases)', () => {
  it.each(cases)('never lets the key through: %s', (_label, error) => {
    expect(JSON.stringify(plainNodeError(error, context))).not.toContain(KEY);
  });

  it('maps each failure to a sentence a person understands', () => {
    const mapped = Object.fromEntries(cases.map(([label, error]) => [label, plainNodeError(error, context)]));
    expect(mapped).toMatchInlineSnapshot(`
      {
        "-32005 daily quota": {
          "code": -32005,
          "details": "Requests work again when the quota resets, or with another key.",
          "kind": "limit",
          "name": "QuotaExceededError",
          "nodeSaid": "daily request count exceeded, request rate limited",
          "shortMessage": "The key's daily request quota is used up.",
        },
        "-32005 query timeout": {
          "code": -32005,
          "data": {
            "logLimit": {
              "kind": "halve",
              "reason": "timeout",
            },
          },
          "details": "Ask for a narrower block range, or fewer addresses and topics.",
          "kind": "limit",
          "name": "QueryTimeoutError",
          "nodeSaid": "query timeout exceeded",
          "shortMessage": "The node gave up on the query at its time limit.",
        },
        "-32005 too many params": {
          "code": -32005,
          "details": "Ask for less at once: fewer addresses and topics, a narrower range, a smaller batch.",
          "kind": "limit",
          "name": "LimitExceededError",
          "nodeSaid": "too many addresses and topics",
          "shortMessage": "The request exceeds a limit of the service.",
        },
        "-32602": {
          "code": -32602,
          "data": {
            "logLimit": {
              "blocks": 10000,
              "kind": "limit",
            },
          },
          "details": "Ask for a narrower block range; a log query splits its range to fit by itself.",
          "kind": "limit",
          "name": "LogRangeTooLargeError",
          "nodeSaid": "exceed maximum block range: 10000",
          "shortMessage": "The node answers eth_getLogs over at most 10000 blocks at once.",
        },
        "-32603": {
          "code": -32603,
          "details": "It, or the node behind it, may be restarting or overloaded. Try again; a live view keeps retrying by itself.",
          "kind": "unreachable",
          "name": "NodeFailedError",
          "nodeSaid": "internal error",
          "shortMessage": "The node at mainnet.example.io failed while answering.",
        },
        "-32603 a gateway's node failed": {
          "code": -32603,
          "details": "It, or the node behind it, may be restarting or overloaded. Try again; a live view keeps retrying by itself.",
          "kind": "unreachable",
          "name": "NodeFailedError",
          "nodeSaid": "upstream request failed",
          "shortMessage": "The node at mainnet.example.io failed while answering.",
        },
        "Ganache -32000 revert": {
          "code": -32000,
          "data": "0x4e487b710000000000000000000000000000000000000000000000000000000000000011",
          "details": "The contract refused the call. Its revert data names the error: import the contract’s ABI to decode a custom error.",
          "kind": "reverted",
          "name": "ExecutionRevertedError",
          "nodeSaid": "VM Exception while processing transaction: revert",
          "shortMessage": "The call reverted; its revert data is attached.",
        },
        "Ganache -32700 for a method it lacks": {
          "code": -32700,
          "details": "The service may not support it on this network, or the key's plan may not include it.",
          "kind": "unsupported",
          "name": "MethodNotFoundError",
          "nodeSaid": "The method eth_getBlockReceipts does not exist/is not available",
          "shortMessage": "The node does not offer the method asked.",
        },
        "HTTP 502 with a body echoing the URL": {
          "code": 502,
          "details": "The node behind it may be down or restarting. Try again; a live view keeps retrying by itself.",
          "kind": "unreachable",
          "name": "HttpError",
          "nodeSaid": "bad gateway for /v3/<redacted>",
          "shortMessage": "The server at mainnet.example.io answered with an HTTP error: bad gateway.",
        },
        "Hardhat -32603 custom error, bytes in data.data": {
          "code": -32603,
          "data": {
            "data": "0xcf479181",
            "message": "Error: VM Exception while processing transaction: reverted with an unrecognized custom error (return data: 0xcf479181)",
          },
          "details": "The contract refused the call. Its revert data names the error: import the contract’s ABI to decode a custom error.",
          "kind": "reverted",
          "name": "ExecutionRevertedError",
          "nodeSaid": "Error: VM Exception while processing transaction: reverted with an unrecognized custom error (return data: 0xcf479181)",
          "shortMessage": "The call reverted; its revert data is attached.",
        },
        "Hardhat -32603 reason string": {
          "code": -32603,
          "data": {
            "data": "0x08c379a0",
            "message": "x",
          },
          "details": "The contract refused the call with this reason.",
          "kind": "reverted",
          "name": "ExecutionRevertedError",
          "nodeSaid": "Error: VM Exception while processing transaction: reverted with reason string 'Reverter: amount is zero'",
          "shortMessage": "The call reverted: Reverter: amount is zero",
        },
        "Hardhat -32603 revert without data": {
          "code": -32603,
          "data": {
            "data": "0x",
            "message": "Error: Transaction reverted without a reason string",
          },
          "details": "The contract refused the call without saying why (a bare revert, an invalid opcode, or out of gas).",
          "kind": "reverted",
          "name": "ExecutionRevertedError",
          "nodeSaid": "Error: Transaction reverted without a reason string",
          "shortMessage": "The call reverted without data.",
        },
        "abort": {
          "code": "ABORTED",
          "kind": "cancelled",
          "name": "AbortError",
          "shortMessage": "The request was cancelled.",
        },
        "an answer that is not JSON": {
          "code": "NOT_JSON_RPC",
          "details": "The address may not be a JSON-RPC endpoint: check it in the network settings.",
          "kind": "badAnswer",
          "name": "InvalidAnswerError",
          "shortMessage": "The answer of mainnet.example.io is not JSON-RPC.",
        },
        "code 3 revert without reason": {
          "code": 3,
          "data": "0x4e487b710000000000000000000000000000000000000000000000000000000000000011",
          "details": "The contract refused the call. Its revert data names the error: import the contract’s ABI to decode a custom error.",
          "kind": "reverted",
          "name": "ExecutionRevertedError",
          "nodeSaid": "execution reverted",
          "shortMessage": "The call reverted; its revert data is attached.",
        },
        "connection reset": {
          "code": "NETWORK",
          "data": {
            "systemCode": "ECONNRESET",
          },
          "details": "The network or the node dropped it. Try again; a live view reconnects by itself.",
          "kind": "unreachable",
          "name": "NetworkError",
          "nodeSaid": "read ECONNRESET",
          "shortMessage": "The connection to mainnet.example.io failed.",
        },
        "host not found": {
          "code": "HOST_NOT_FOUND",
          "data": {
            "systemCode": "ENOTFOUND",
          },
          "details": "Check the address and the internet connection.",
          "kind": "unreachable",
          "name": "HostNotFoundError",
          "shortMessage": "The host mainnet.example.io could not be found.",
        },
        "socket closed": {
          "code": "SOCKET_CLOSED",
          "details": "Live views reconnect by themselves.",
          "kind": "unreachable",
          "name": "SocketClosedError",
          "shortMessage": "The WebSocket connection to mainnet.example.io closed.",
        },
        "unknown": {
          "code": "UNKNOWN",
          "kind": "internal",
          "name": "UnknownRpcError",
          "nodeSaid": "something odd at https://mainnet.example.io/v3/<redacted>",
          "shortMessage": "The request failed for a reason Blockglass does not recognise.",
        },
      }
    `);
  });

  it('names the method the node does not offer', () => {
    const error = new MethodNotFoundRpcError(rpc({ code: -32601, message: 'the method eth_foo does not exist/is not available' }), { method: 'eth_foo' });
    expect(plainNodeError(error, { ...context, method: 'eth_foo' }).shortMessage).toBe('The node does not offer eth_foo.');
  });

  it("returns an error of Blockglass's own as it is: classified already, its secrets removed at the door", () => {
    const error = new BlockglassError('No API key is set for this network', { code: 'CREDENTIAL_MISSING', details: 'Enter it.' });
    expect(nodeError(error, context)).toBe(error);
  });

  it('names the host and port of an unreachable node, never the path with the key', () => {
    const mapped = plainNodeError(fetchFailed('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:8545'), context);
    expect(mapped.shortMessage).toBe('Nothing answers at mainnet.example.io: the connection was refused.');
  });

  it("redacts secrets in the data's strings and keys, keeping its structure and its other values", () => {
    const mapped = plainNodeError(rpc({ code: -32000, message: 'odd', data: { flag: true, url: `https://x/v3/${KEY}`, [KEY]: 1 } }), context);
    expect(mapped.data).toEqual({ flag: true, url: 'https://x/v3/<redacted>', '<redacted>': 1 });
  });
});

describe('state a node no longer keeps', () => {
  it.each([
    ["geth's missing trie node", { code: -32000, message: 'missing trie node 3f1c…e2 (path ) state 0x3f1c is not available' }, 'statePruned'],
    ["Reth's historical state", { code: -32000, message: 'historical state not available for block 12' }, 'statePruned'],
    ["a provider's archive plan", { code: -32000, message: 'project ID does not have access to archive state' }, 'statePruned'],
    ["the sandbox gateway's words", { code: -32602, message: 'the state at block 5 is not available: the sandbox keeps the state of its seeded blocks and of its latest blocks, not of every block' }, 'statePruned'],
    ['Anvil with --prune-history, below its kept height', { code: -32602, message: 'BlockOutOfRangeError: block height is 6 but requested was 1' }, 'statePruned'],
    ['Anvil, above its head', { code: -32602, message: 'BlockOutOfRangeError: block height is 6 but requested was 9' }, 'invalidParams'],
    ['another refusal', { code: -32000, message: 'nonce too low' }, 'rpc'],
  ] as const)('tells %s', (_label, error, failure) => {
    const classified = nodeError(rpc(error), context);
    expect(classified).toBeInstanceOf(NodeError);
    expect((classified as NodeError).failure).toBe(failure);
    if (failure === 'statePruned') expect(toApiError(classified)).toMatchObject({ name: 'StatePrunedError', kind: 'unsupported', code: 'STATE_PRUNED', nodeSaid: error.message });
  });

  it('says what the Local sandbox keeps where it is the node asked, instead of pointing to an archive endpoint', () => {
    const refusal = { code: -32602, message: 'the state at block 5 is not available: the sandbox keeps the state of its seeded blocks and of its latest blocks, not of every block' };
    const elsewhere = toApiError(nodeError(rpc(refusal), context));
    expect(elsewhere).toMatchObject({ shortMessage: 'The node keeps no state of the block asked.', details: expect.stringContaining('archive endpoint'), fix: { route: '/settings/networks/new' } });
    const local = toApiError(nodeError(rpc(refusal), { ...context, localSandbox: true }));
    expect(local).toMatchObject({ code: 'STATE_PRUNED', shortMessage: 'The Local sandbox keeps no state of the block asked.', details: expect.stringContaining('its latest live blocks only (Settings → Sandbox says how many; more when started with --live-states N)') });
    expect(local.fix).toBeUndefined();
  });
});

describe('history a node no longer keeps', () => {
  const gateway = { code: 4444, message: 'pruned history unavailable', data: { kept: [{ fromBlock: '0x0', toBlock: '0xf4' }, { fromBlock: '0x2328', toBlock: 'latest' }] } };

  it.each([
    ["geth's and the sandbox's 4444", gateway],
    ['the words under another code', { code: -32000, message: 'history has been pruned for this block' }],
  ] as const)('tells %s from a state pruned', (_label, error) => {
    const classified = nodeError(rpc(error), context) as NodeError;
    expect(classified.failure).toBe('historyPruned');
    expect(toApiError(classified)).toMatchObject({ name: 'HistoryPrunedError', kind: 'unsupported', code: 'HISTORY_PRUNED', nodeSaid: error.message });
  });

  it('says what the Local sandbox keeps where it is the node asked, and points elsewhere to a full-history endpoint', () => {
    const local = toApiError(nodeError(rpc(gateway), { ...context, localSandbox: true }));
    expect(local).toMatchObject({ shortMessage: 'The Local sandbox no longer keeps this block.', details: expect.stringContaining('--live-blocks N'), data: gateway.data });
    expect(local.fix).toBeUndefined();
    const elsewhere = toApiError(nodeError(rpc(gateway), context));
    expect(elsewhere).toMatchObject({ shortMessage: 'The node no longer keeps this block.', fix: { route: '/settings/networks/new' } });
  });
});

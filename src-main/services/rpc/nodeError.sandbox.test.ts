import { afterAll, describe, expect, it } from 'vitest';
import { plainNodeError } from './testing/plainNodeError';
import { sharedSandbox } from './testing/sharedSandbox';
import { createHttpAgent } from './createHttpAgent';
import { createHttpClient } from './createHttpClient';
import { createLeanRpcClient } from './createLeanRpcClient';
import { createSocketPool } from './createSocketPool';
import { answerError, startFakeRpcServer, type FakeRpcServer } from './testing/fakeRpcServer';
import { closedPort } from './testing/closedPort';

// The errors viem really throws against the real sandbox (and, for what the sandbox does not do on demand,
// a stand-in answering with the service's documented bodies), mapped. Ports vary between runs: they are
// replaced by <port> before the snapshot.
const sandbox = sharedSandbox();
const KEY = sandbox.info.key;
const base = sandbox.info.rpcUrl.slice(0, -KEY.length); // …/local/v3/
const agent = createHttpAgent({ timeoutMs: 5000 });
const servers: FakeRpcServer[] = [];
afterAll(async () => {
  await agent.close();
  await Promise.all(servers.map((server) => server.close()));
});

const client = (url: string, options: { timeoutMs?: number; maxResponseBytes?: number } = {}) =>
  createHttpClient(url, { fetch: agent.fetch, timeoutMs: options.timeoutMs ?? 5000, maxResponseBytes: options.maxResponseBytes ?? 32 * 1024 * 1024 });

/** The error `run` throws, mapped with the sandbox's key as the secret to redact. */
async function mapped(run: () => Promise<unknown>, method?: string, extra: { timeoutMs?: number; maxResponseBytes?: number; url?: string } = {}) {
  try {
    await run();
  } catch (error) {
    const apiError = plainNodeError(error, { secrets: [KEY, 'wrong-key-0123456789'], method, timeoutMs: extra.timeoutMs ?? 5000, maxResponseBytes: extra.maxResponseBytes, url: extra.url });
    const text = JSON.stringify(apiError);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('wrong-key-0123456789');
    return JSON.parse(text.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')) as unknown;
  }
  throw new Error('expected the request to fail');
}

const send = (url: string, method: string, params: unknown[] = [], options?: { timeoutMs?: number; maxResponseBytes?: number; signal?: AbortSignal }) =>
  client(url, options).request({ method, params } as never, { retryCount: 0, signal: options?.signal });

type Send = typeof send;

/** Every failure the mapping knows, provoked through `sendWith` (each run with stand-ins of its own), mapped. */
async function failures(sendWith: Send) {
  const send = sendWith;
  const { manifest } = sandbox;
  const reverter = manifest.contracts.reverter;
  const call = (data: string) => [{ to: reverter, data }, 'latest'];
  const port = await closedPort();
  const hanging = await startFakeRpcServer(() => ({ hang: true }));
  const service = await startFakeRpcServer((body, index) =>
    index === 0
      ? {
          status: 429,
          headers: { 'retry-after': '1' },
          body: answerError(body, { code: -32005, message: 'project ID request rate exceeded', data: { current_rps: 12, allowed_rps: 10, backoff_seconds: 1 } }),
        }
      : { status: 403, body: answerError(body, { code: -32002, message: 'rejected due to project ID settings' }) },
  );
  servers.push(hanging, service);

  const results = {
    'wrong key': await mapped(() => send(`${base}wrong-key-0123456789`, 'eth_chainId')),
    'no key': await mapped(() => send(base, 'eth_chainId')),
    'unavailable method': await mapped(() => send(sandbox.info.rpcUrl, 'anvil_mine'), 'anvil_mine'),
    'revert with a reason': await mapped(() => send(sandbox.info.rpcUrl, 'eth_call', call(manifest.reverts.reasonString.data)), 'eth_call'),
    'revert with a custom error': await mapped(() => send(sandbox.info.rpcUrl, 'eth_call', call(manifest.reverts.customError.data)), 'eth_call'),
    'too many logs': await mapped(() =>
      send(sandbox.info.rpcUrl, 'eth_getLogs', [{ fromBlock: `0x${manifest.logStorm.denseFromBlock.toString(16)}`, toBlock: `0x${manifest.logStorm.denseToBlock.toString(16)}` }]),
    ),
    'block range too wide': await mapped(() => send(sandbox.info.rpcUrl, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x30d40' }])),
    'node down': await mapped(() => send(`http://127.0.0.1:${port}/v3/${KEY}`, 'eth_chainId')),
    timeout: await mapped(() => send(`${hanging.origin}/v3/${KEY}`, 'eth_chainId', [], { timeoutMs: 300 }), undefined, { timeoutMs: 300 }),
    'answer too large': await mapped(
      () => send(sandbox.info.rpcUrl, 'eth_getBlockByNumber', [`0x${manifest.bigBlock.number.toString(16)}`, true], { maxResponseBytes: 64 * 1024 }),
      undefined,
      { maxResponseBytes: 64 * 1024 },
    ),
    'rate limited (stand-in)': await mapped(() => send(`${service.origin}/v3/${KEY}`, 'eth_chainId')),
    'allowlist refusal (stand-in)': await mapped(() => send(`${service.origin}/v3/${KEY}`, 'eth_chainId')),
    cancelled: await mapped(async () => {
      // Cancelled once the node has the request and does not answer it.
      const aborted = new AbortController();
      const asked = hanging.requests.length;
      const request = send(`${hanging.origin}/v3/${KEY}`, 'eth_chainId', [], { signal: aborted.signal });
      await expect.poll(() => hanging.requests.length).toBeGreaterThan(asked);
      aborted.abort();
      return request;
    }),
  };
  return results;
}

describe('a failed request, classified and described on errors viem throws against the real sandbox', () => {
  it('maps each failure to a sentence a person understands, without the key', async () => {
    const results = await failures(send);
    expect(results).toMatchInlineSnapshot(`
      {
        "allowlist refusal (stand-in)": {
          "code": -32002,
          "details": "The key's allowlists (methods, contract addresses, origins) do not allow it. Change them in the service's dashboard, or use another key.",
          "kind": "credentials",
          "name": "AccessDeniedError",
          "nodeSaid": "rejected due to project ID settings",
          "shortMessage": "The service refused the request under the key's settings.",
        },
        "answer too large": {
          "code": "RESPONSE_TOO_LARGE",
          "data": {
            "maxBytes": 65536,
            "receivedBytes": 444663,
          },
          "details": "Ask for less at once: a narrower block range, fewer items in a batch.",
          "kind": "limit",
          "name": "ResponseTooLargeError",
          "shortMessage": "The node's answer is larger than the 64 KiB limit.",
        },
        "block range too wide": {
          "code": -32602,
          "data": {
            "from": "0x0",
            "limit": 10000,
            "logLimit": {
              "blocks": 10000,
              "kind": "limit",
            },
            "to": "0x30d40",
          },
          "details": "Ask for a narrower block range; a log query splits its range to fit by itself.",
          "kind": "limit",
          "name": "LogRangeTooLargeError",
          "nodeSaid": "range 200001 exceeds limit of 10000",
          "shortMessage": "The node answers eth_getLogs over at most 10000 blocks at once.",
        },
        "cancelled": {
          "code": "ABORTED",
          "kind": "cancelled",
          "name": "AbortError",
          "shortMessage": "The request was cancelled.",
        },
        "no key": {
          "code": 401,
          "details": "Enter the key in Settings → Keys.",
          "fix": {
            "label": "Open API keys",
            "route": "/settings/keys",
          },
          "kind": "credentials",
          "name": "MissingApiKeyError",
          "nodeSaid": "project id required in the url",
          "shortMessage": "The service needs an API key for this network.",
        },
        "node down": {
          "code": "ECONNREFUSED",
          "details": "The node is down or the address is wrong. For the Local network, check that the sandbox is running.",
          "kind": "unreachable",
          "name": "NetworkDownError",
          "shortMessage": "Nothing answers at 127.0.0.1:<port>: the connection was refused.",
        },
        "rate limited (stand-in)": {
          "code": 429,
          "data": {
            "allowedRps": 10,
            "backoffSeconds": 1,
            "currentRps": 12,
          },
          "details": "Blockglass retried as the service asked; try again in 1 s, or send fewer requests at once.",
          "kind": "limit",
          "name": "RateLimitedError",
          "nodeSaid": "project ID request rate exceeded",
          "shortMessage": "The service's request rate limit for this key was reached.",
        },
        "revert with a custom error": {
          "code": 3,
          "data": "0xcf47918100000000000000000000000000000000000000000000000000000000000003e80000000000000000000000000000000000000000000000000000000000000064",
          "details": "The contract refused the call. Its revert data names the error: import the contract’s ABI to decode a custom error.",
          "kind": "reverted",
          "name": "ExecutionRevertedError",
          "nodeSaid": "execution reverted",
          "shortMessage": "The call reverted; its revert data is attached.",
        },
        "revert with a reason": {
          "code": 3,
          "data": "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001852657665727465723a20616d6f756e74206973207a65726f0000000000000000",
          "details": "The contract refused the call with this reason.",
          "kind": "reverted",
          "name": "ExecutionRevertedError",
          "nodeSaid": "execution reverted: Reverter: amount is zero",
          "shortMessage": "The call reverted: Reverter: amount is zero",
        },
        "timeout": {
          "code": "TIMEOUT",
          "details": "It may be overloaded or unreachable. Try again; a live view keeps retrying by itself.",
          "kind": "timeout",
          "name": "TimeoutError",
          "shortMessage": "The node at 127.0.0.1:<port> did not answer within 0.3 s.",
        },
        "too many logs": {
          "code": -32005,
          "data": {
            "from": "0x79",
            "limit": 10000,
            "logLimit": {
              "from": 121,
              "kind": "range",
              "results": 10000,
              "to": 128,
            },
            "to": "0x80",
          },
          "details": "Ask for a narrower block range: the service suggests blocks 0x79 to 0x80.",
          "kind": "limit",
          "name": "LogLimitExceededError",
          "nodeSaid": "query returned more than 10000 results. Try with this block range [0x79, 0x80].",
          "shortMessage": "The query matches more than 10000 logs, over the service's limit for one answer.",
        },
        "unavailable method": {
          "code": -32601,
          "details": "The service may not support it on this network, or the key's plan may not include it.",
          "kind": "unsupported",
          "name": "MethodNotFoundError",
          "nodeSaid": "the method anvil_mine does not exist/is not available",
          "shortMessage": "The node does not offer anvil_mine.",
        },
        "wrong key": {
          "code": 401,
          "details": "Check the key in Settings → Keys.",
          "fix": {
            "label": "Open API keys",
            "route": "/settings/keys",
          },
          "kind": "credentials",
          "name": "InvalidApiKeyError",
          "nodeSaid": "invalid project id",
          "shortMessage": "The service rejected the API key.",
        },
      }
    `);
  });

  it("the lean client (lone requests) fails exactly as viem's transport does, case by case", async () => {
    const lean = (url: string, method: string, params: unknown[] = [], options?: { timeoutMs?: number; maxResponseBytes?: number; signal?: AbortSignal }) =>
      createLeanRpcClient(url, { dispatcher: agent.dispatcher, timeoutMs: options?.timeoutMs ?? 5000, maxResponseBytes: options?.maxResponseBytes ?? 32 * 1024 * 1024 }).request({ method, params }, { signal: options?.signal });
    // The answer's size varies by a byte or two with the request's id, which the node echoes.
    const sized = (results: Record<string, unknown>) => {
      const tooLarge = results['answer too large'] as { data: { receivedBytes: number } };
      expect(tooLarge.data.receivedBytes).toBeGreaterThan(64 * 1024);
      return { ...results, 'answer too large': { ...tooLarge, data: { ...tooLarge.data, receivedBytes: 'over the cap' } } };
    };
    expect(sized(await failures(lean as Send))).toEqual(sized(await failures(send)));
  });

  it('maps a WebSocket refused for a wrong key, and one to a closed port', async () => {
    const pool = createSocketPool({ timeoutMs: 3000 });
    try {
      const wrongKey = await mapped(() => pool.acquire(sandbox.info.wsUrl.replace(KEY, 'wrong-key-0123456789')));
      const port = await closedPort();
      const down = await mapped(() => pool.acquire(`ws://127.0.0.1:${port}/ws/v3/${KEY}`), undefined, { url: `ws://127.0.0.1:${port}/ws/v3/${KEY}` });
      // The same words as over HTTP (pinned above), but for the node's own: a refused upgrade has no body to quote.
      const { nodeSaid: _said, ...wrongKeyOverHttp } = (await mapped(() => send(`${base}wrong-key-0123456789`, 'eth_chainId'))) as Record<string, unknown>;
      expect(wrongKey).toEqual(wrongKeyOverHttp);
      expect(down).toEqual(await mapped(() => send(`http://127.0.0.1:${port}/v3/${KEY}`, 'eth_chainId')));
    } finally {
      pool.close();
    }
  });
});

import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestGateway, TEST_KEY, useGatewayOnTestChain, type RpcResponse } from './testing/testSupport';

const { chain, gateway } = useGatewayOnTestChain();

/** A raw HTTP exchange, for methods and paths fetch would normalize. */
function rawRequest(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: gateway().port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const blockNumber = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });

describe('paths and authentication', () => {
  it('answers an unknown key with the hosted service’s plain-text 401', async () => {
    const res = await gateway().post(blockNumber, '/local/v3/not-the-key');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="Auth failure, invalid project id"');
    expect(res.text).toBe('invalid project id\n');
  });

  it('answers a missing key with "project id required in the url"', async () => {
    for (const path of ['/local/v3', '/local/v3/', '/local/v3?x=1']) {
      const res = await gateway().post(blockNumber, path);
      expect(res.status).toBe(401);
      expect(res.text).toBe('project id required in the url\n');
    }
  });

  it('authenticates before looking at the method or body', async () => {
    const res = await rawRequest('GET', '/local/v3/wrong');
    expect(res.status).toBe(401);
  });

  it('leaves other paths to the rest of the server', async () => {
    const res = await rawRequest('POST', `/other/v3/${TEST_KEY}`, blockNumber);
    expect(res.status).toBe(404);
  });

  it('never echoes the key', async () => {
    const res = await gateway().post('{"jsonrpc":"2.0","id":1,"method":"anvil_mine"}', `/local/v3/${TEST_KEY}`);
    expect(res.text).not.toContain(TEST_KEY);
  });
});

describe('HTTP methods and CORS', () => {
  it('refuses methods other than POST with 405 and Allow', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await rawRequest(method, `/local/v3/${TEST_KEY}`);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST, OPTIONS');
    }
  });

  it('answers a CORS preflight with 204', async () => {
    const res = await rawRequest('OPTIONS', `/local/v3/${TEST_KEY}`, undefined, {
      origin: 'https://example.org',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    expect(res.headers['access-control-allow-headers']).toBe('content-type');
  });

  it('adds access-control-allow-origin to answers', async () => {
    const res = await gateway().post(blockNumber);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('answers plain HTTP on the WebSocket path with 426', async () => {
    const res = await rawRequest('POST', `/local/ws/v3/${TEST_KEY}`, blockNumber);
    expect(res.status).toBe(426);
  });
});

describe('body size', () => {
  it('answers a declared oversized body with 413 and a JSON-RPC error naming the limit', async () => {
    const res = await gateway().post(Buffer.alloc(5 * 1024 * 1024 + 1, 0x20));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'request body exceeds the limit of 5242880 bytes', data: { limit: 5242880 } } });
  });

  it('stops reading a chunked body once it passes the limit', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const res = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: gateway().port, method: 'POST', path: `/local/v3/${TEST_KEY}` }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      });
      req.on('error', reject);
      // Keeps sending past the limit without end(): the answer must come anyway.
      for (let i = 0; i < 6; i++) req.write(chunk);
    });
    expect(res).toBe(413);
  });

  it('still serves after refusing a large body', async () => {
    expect((await gateway().call('eth_chainId')).result).toBe('0x7a69');
  });
});

describe('JSON-RPC validation', () => {
  const parse = async (body: string) => {
    const res = await gateway().post(body);
    expect(res.status).toBe(200);
    return JSON.parse(res.text) as RpcResponse | RpcResponse[];
  };

  it('answers a body that is not JSON with -32700 and id null', async () => {
    expect(await parse('{"jsonrpc":"2.0",')).toMatchInlineSnapshot(`
      {
        "error": {
          "code": -32700,
          "message": "parse error",
        },
        "id": null,
        "jsonrpc": "2.0",
      }
    `);
  });

  it('answers a body that is not an object or array with -32600', async () => {
    expect(await parse('"eth_blockNumber"')).toMatchObject({ id: null, error: { code: -32600, message: 'invalid request' } });
  });

  it('answers a missing method with -32600 and the request’s id', async () => {
    expect(await parse('{"jsonrpc":"2.0","id":"x","params":[]}')).toMatchInlineSnapshot(`
      {
        "error": {
          "code": -32600,
          "data": ""method" must be a non-empty string",
          "message": "invalid request",
        },
        "id": "x",
        "jsonrpc": "2.0",
      }
    `);
  });

  it('answers a bad id type with -32600 and id null', async () => {
    expect(await parse('{"jsonrpc":"2.0","id":{"a":1},"method":"eth_chainId"}')).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('answers params that are neither array nor object with -32600', async () => {
    expect(await parse('{"jsonrpc":"2.0","id":3,"method":"eth_chainId","params":"x"}')).toMatchObject({ id: 3, error: { code: -32600 } });
  });

  it('answers jsonrpc "1.0" with -32006 and a missing jsonrpc with -32600', async () => {
    expect(await parse('{"jsonrpc":"1.0","id":3,"method":"eth_chainId"}')).toMatchObject({ id: 3, error: { code: -32006, message: 'JSON-RPC version not supported' } });
    expect(await parse('{"id":3,"method":"eth_chainId"}')).toMatchObject({ id: 3, error: { code: -32600 } });
  });

  it('echoes ids the node itself cannot read (fractions, exponents, huge numbers, null)', async () => {
    for (const [text, id] of [['1.5', 1.5], ['1e3', 1000], ['18446744073709551616', 18446744073709551616], ['null', null], ['-7', -7], ['"\\u00e9"', 'é']] as const) {
      expect(await parse(`{"jsonrpc":"2.0","id":${text},"method":"eth_chainId","params":[]}`)).toEqual({ jsonrpc: '2.0', id, result: '0x7a69' });
    }
  });

  it('accepts members beyond the four JSON-RPC ones', async () => {
    expect(await parse('{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[],"extra":true}')).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
  });

  it('answers a notification with 204 and no body', async () => {
    const res = await gateway().post('{"jsonrpc":"2.0","method":"eth_blockNumber","params":[]}');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });
});

describe('batches', () => {
  it('answers each item independently and in order, skipping notifications', async () => {
    const res = await gateway().post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', method: 'eth_blockNumber', params: [] },
        5,
        { jsonrpc: '2.0', id: 'b', method: 'anvil_mine', params: [] },
        { jsonrpc: '2.0', id: 'c', method: 'eth_getBalance', params: ['0x0000000000000000000000000000000000000000', 'latest'] },
        { jsonrpc: '2.0', id: 'd', method: 'eth_call', params: [{ to: chain().fixture, data: chain().data('revertWithReason') }, 'latest'] },
      ]),
    );
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text) as RpcResponse[];
    expect(body.map((r) => r.id)).toEqual(['a', null, 'b', 'c', 'd']);
    expect(body[0]).toMatchObject({ result: '0x7a69' });
    expect(body[1]).toMatchObject({ error: { code: -32600 } });
    expect(body[2]).toMatchObject({ error: { code: -32601 } });
    expect(body[3]?.result).toMatch(/^0x[0-9a-f]+$/);
    expect(body[4]).toMatchObject({ error: { code: 3, message: 'execution reverted: fixture says no' } });
  });

  it('answers an empty batch with a single -32600 object', async () => {
    const res = await gateway().post('[]');
    expect(JSON.parse(res.text)).toMatchInlineSnapshot(`
      {
        "error": {
          "code": -32600,
          "data": "empty batch",
          "message": "invalid request",
        },
        "id": null,
        "jsonrpc": "2.0",
      }
    `);
  });

  it('answers a batch over the item limit with a single "batch too large"', async () => {
    const items = Array.from({ length: 1001 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }));
    const res = await gateway().post(JSON.stringify(items));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large', data: { limit: 1000 } } });
  });

  it('answers a full batch of 1,000 items', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: i % 2 ? 'eth_chainId' : 'eth_blockNumber' }));
    const body = JSON.parse((await gateway().post(JSON.stringify(items))).text) as RpcResponse[];
    expect(body.map((r) => r.id)).toEqual(items.map((i) => i.id));
    expect(body.every((r) => r.result !== undefined)).toBe(true);
  });

  it('answers a batch of notifications only with 204', async () => {
    const res = await gateway().post(JSON.stringify([{ jsonrpc: '2.0', method: 'eth_chainId' }, { jsonrpc: '2.0', method: 'anvil_mine' }]));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });
});

describe('method allowlist', () => {
  it.each(['anvil_mine', 'anvil_setBalance', 'evm_mine', 'evm_snapshot', 'debug_traceTransaction', 'ots_getApiLevel', 'hardhat_impersonateAccount', 'txpool_content', 'trace_block', 'admin_nodeInfo', 'personal_sign', 'foo'])(
    'refuses %s with the hosted service’s -32601',
    async (method) => {
      const response = await gateway().call(method, [], 9);
      expect(response).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -32601, message: `the method ${method} does not exist/is not available` } });
    },
  );

  it.each(['eth_sendTransaction', 'eth_sendTransactionSync', 'eth_sendUnsignedTransaction', 'eth_sign', 'eth_signTransaction', 'eth_signTypedData_v4', 'eth_fillTransaction'])(
    'refuses the key-holding method %s',
    async (method) => {
      expect((await gateway().call(method, [{ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }])).error).toEqual({
        code: -32601,
        message: `the method ${method} does not exist/is not available`,
      });
    },
  );

  it('did not run a refused dev control', async () => {
    const before = await chain().rpc('eth_blockNumber');
    await gateway().call('anvil_mine', ['0x5']);
    await gateway().call('evm_mine');
    expect(await chain().rpc('eth_blockNumber')).toBe(before);
  });

  it('answers eth_accounts with [] (the node’s dev accounts are not the client’s)', async () => {
    expect((await gateway().call('eth_accounts')).result).toEqual([]);
  });

  it('refuses eth_subscribe over HTTP', async () => {
    expect((await gateway().call('eth_subscribe', ['newHeads'])).error).toMatchObject({ code: -32601 });
  });

  it('serves the public namespaces', async () => {
    expect((await gateway().call('net_version')).result).toBe('31337');
    expect((await gateway().call('web3_clientVersion')).result).toMatch(/^anvil\//);
    expect((await gateway().call('eth_getCode', [chain().fixture, 'latest'])).result).toMatch(/^0x6080/);
  });
});

describe('rate limit', () => {
  it('answers over the limit with 429, -32005, the rate report and Retry-After; batches count per item', async () => {
    const limited = await startTestGateway(chain(), { rateLimit: { requestsPerSecond: 1, burst: 5 } });
    try {
      const batch = JSON.stringify(Array.from({ length: 4 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' })));
      expect((await limited.post(batch)).status).toBe(200);
      expect((await limited.post(blockNumber)).status).toBe(200);
      const refused = await limited.post(blockNumber);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      const body = JSON.parse(refused.text) as RpcResponse;
      expect(body).toMatchObject({
        id: 1,
        error: { code: -32005, message: 'project ID request rate exceeded', data: { allowed_rps: 1, backoff_seconds: 1 } },
      });
      expect((body.error?.data as { current_rps: number }).current_rps).toBeGreaterThanOrEqual(6);
    } finally {
      await limited.close();
    }
    // A batch that does not fit is refused as a whole, with a single error object: six requests against a full
    // bucket of five, on a gateway of its own.
    const full = await startTestGateway(chain(), { rateLimit: { requestsPerSecond: 1, burst: 5 } });
    try {
      const bigBatch = await full.post(JSON.stringify(Array.from({ length: 6 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))));
      expect(bigBatch.status).toBe(429);
      expect(JSON.parse(bigBatch.text)).toMatchObject({ id: null, error: { code: -32005 } });
      expect((await full.post(blockNumber)).status, 'nothing of the refused batch was taken').toBe(200);
    } finally {
      await full.close();
    }
  });
});

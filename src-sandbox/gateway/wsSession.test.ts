import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { DEV_ACCOUNT, establishedConnectionsTo, eventually, startTestGateway, TEST_KEY, useGatewayOnTestChain, type RpcResponse } from './testing/testSupport';

const { chain, gateway } = useGatewayOnTestChain();

interface Notification {
  method: 'eth_subscription';
  params: { subscription: string; result: Record<string, unknown> | string };
}

/** A test client that keeps every message and lets tests wait for the ones they expect. */
class Client {
  readonly messages: unknown[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];
  private nextId = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static async open(url: string): Promise<Client> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Client(ws);
  }

  /** Waits for the first message matching `match`. */
  async next<T>(match: (message: unknown) => message is T, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(this.messages).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Sends a request and waits for the response with its id. */
  async request(method: string, params: unknown = []): Promise<RpcResponse> {
    const id = `req-${this.nextId++}`;
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return this.next((m): m is RpcResponse => (m as RpcResponse).id === id);
  }

  notificationsFor(subscription: string): Notification[] {
    return this.messages.filter((m): m is Notification => (m as Notification).method === 'eth_subscription' && (m as Notification).params.subscription === subscription);
  }

  close(): void {
    this.ws.close();
  }
}

function refusedUpgrade(url: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => {});
  });
}

describe('WebSocket authentication', () => {
  it('refuses an unknown key with the same 401 as HTTP', async () => {
    const refused = await refusedUpgrade(`ws://127.0.0.1:${gateway().port}/local/ws/v3/wrong-key`);
    expect(refused).toMatchObject({
      status: 401,
      body: 'invalid project id\n',
      headers: { 'content-type': 'text/plain', 'www-authenticate': 'Basic realm="Auth failure, invalid project id"' },
    });
  });

  it('refuses a missing key', async () => {
    const refused = await refusedUpgrade(`ws://127.0.0.1:${gateway().port}/local/ws/v3`);
    expect(refused).toMatchObject({ status: 401, body: 'project id required in the url\n' });
  });
});

describe('JSON-RPC over WebSocket', () => {
  it('serves the same methods and errors as HTTP', async () => {
    const client = await Client.open(gateway().wsUrl);
    try {
      expect((await client.request('eth_chainId')).result).toBe('0x7a69');
      expect((await client.request('anvil_mine')).error).toEqual({ code: -32601, message: 'the method anvil_mine does not exist/is not available' });
      expect((await client.request('eth_accounts')).result).toEqual([]);
      const revert = await client.request('eth_call', [{ from: DEV_ACCOUNT, to: chain().fixture, data: chain().data('revertWithCustom') }, 'latest']);
      expect(revert.error).toMatchObject({ code: 3, message: 'execution reverted' });
      const range = await client.request('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x2710' }]);
      expect(range.error).toMatchObject({ code: -32602, message: 'range 10001 exceeds limit of 10000' });
      // Same message through HTTP, byte for byte apart from the id.
      const viaHttp = await gateway().call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x2710' }]);
      expect(viaHttp.error).toEqual(range.error);
    } finally {
      client.close();
    }
  });

  it('answers batches and skips notifications', async () => {
    const client = await Client.open(gateway().wsUrl);
    try {
      client.ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_chainId' }));
      client.ws.send(JSON.stringify([{ jsonrpc: '2.0', id: 'b1', method: 'eth_chainId' }, { jsonrpc: '2.0', method: 'eth_chainId' }, { jsonrpc: '2.0', id: 'b2', method: 'evm_mine' }]));
      const batch = await client.next((m): m is RpcResponse[] => Array.isArray(m));
      expect(batch.map((r) => r.id)).toEqual(['b1', 'b2']);
      expect(batch[1]?.error?.code).toBe(-32601);
      await client.request('eth_chainId');
      expect(client.messages).toHaveLength(2); // nothing for the notification
    } finally {
      client.close();
    }
  });

  it('answers a message that is not JSON with -32700', async () => {
    const client = await Client.open(gateway().wsUrl);
    try {
      client.ws.send('this is not json');
      expect(await client.next((_m): _m is RpcResponse => true)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    } finally {
      client.close();
    }
  });

  it('closes with 1009 on a message over the size limit', async () => {
    const small = await startTestGateway(chain(), { maxBodyBytes: 1024 });
    try {
      const client = await Client.open(small.wsUrl);
      client.ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ data: `0x${'00'.repeat(1024)}` }] }));
      expect((await client.closed).code).toBe(1009);
    } finally {
      await small.close();
    }
  });

  it('applies the rate limit to WebSocket messages, each batch item counting', async () => {
    const limited = await startTestGateway(chain(), { rateLimit: { requestsPerSecond: 1, burst: 3 } });
    try {
      const client = await Client.open(limited.wsUrl);
      client.ws.send(JSON.stringify([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))));
      await client.next((m): m is RpcResponse[] => Array.isArray(m));
      const refused = await client.request('eth_chainId');
      expect(refused.error).toMatchObject({ code: -32005, message: 'project ID request rate exceeded', data: { allowed_rps: 1, backoff_seconds: 1 } });
      client.close();
    } finally {
      await limited.close();
    }
  });
});

describe('subscriptions', () => {
  const isNotification = (m: unknown): m is Notification => (m as Notification).method === 'eth_subscription';

  it('delivers newHeads for blocks mined on the node', async () => {
    const client = await Client.open(gateway().wsUrl);
    try {
      const subscription = (await client.request('eth_subscribe', ['newHeads'])).result as string;
      expect(subscription).toMatch(/^0x[0-9a-f]+$/);
      await chain().rpc('evm_mine');
      const head = Number(await chain().rpc('eth_blockNumber'));
      const notification = await client.next((m): m is Notification => isNotification(m) && m.params.subscription === subscription);
      expect(Number((notification.params.result as { number: string }).number)).toBe(head);
    } finally {
      client.close();
    }
  });

  it('delivers logs matching the filter, and stops after eth_unsubscribe', async () => {
    const client = await Client.open(gateway().wsUrl);
    try {
      const subscription = (await client.request('eth_subscribe', ['logs', { address: chain().fixture }])).result as string;
      const other = (await client.request('eth_subscribe', ['logs', { address: '0x000000000000000000000000000000000000dead' }])).result as string;
      const receipt = await chain().transact('emitMany', [2n]);
      await eventually(() => client.notificationsFor(subscription).length === 2);
      const logs = client.notificationsFor(subscription).map((n) => n.params.result as { address: string; blockNumber: string });
      expect(logs.every((log) => log.address === chain().fixture && log.blockNumber === receipt.blockNumber)).toBe(true);
      expect(client.notificationsFor(other)).toEqual([]);

      expect((await client.request('eth_unsubscribe', [subscription])).result).toBe(true);
      expect((await client.request('eth_unsubscribe', [subscription])).result).toBe(false);
      // A live subscription to the same logs gets the next block's: the stopped one would have had them by then.
      const live = (await client.request('eth_subscribe', ['logs', { address: chain().fixture }])).result as string;
      await chain().transact('emitMany', [2n]);
      await eventually(() => client.notificationsFor(live).length === 2);
      await client.request('eth_chainId'); // a round trip after them
      expect(client.notificationsFor(subscription)).toHaveLength(2);
    } finally {
      client.close();
    }
  });

  it('delivers newPendingTransactions', async () => {
    const client = await Client.open(gateway().wsUrl);
    try {
      const subscription = (await client.request('eth_subscribe', ['newPendingTransactions'])).result as string;
      const hash = await chain().rpc('eth_sendTransaction', [{ from: DEV_ACCOUNT, to: DEV_ACCOUNT, value: '0x1' }]);
      const notification = await client.next((m): m is Notification => isNotification(m) && m.params.subscription === subscription && m.params.result === hash);
      expect(notification.params.result).toBe(hash);
    } finally {
      client.close();
    }
  });

  it('refuses unsupported subscription types with -32602', async () => {
    const client = await Client.open(gateway().wsUrl);
    try {
      expect((await client.request('eth_subscribe', ['syncing'])).error).toMatchInlineSnapshot(`
        {
          "code": -32602,
          "data": {
            "supported": [
              "newHeads",
              "logs",
              "newPendingTransactions",
            ],
          },
          "message": "unsupported subscription type "syncing"",
        }
      `);
      expect((await client.request('eth_subscribe', [])).error?.code).toBe(-32602);
    } finally {
      client.close();
    }
  });

  it('applies the eth_getLogs parameter limit to logs subscriptions', async () => {
    const client = await Client.open(gateway().wsUrl);
    try {
      const topics = [Array.from({ length: 5001 }, () => `0x${'22'.repeat(32)}`)];
      expect((await client.request('eth_subscribe', ['logs', { topics }])).error).toMatchObject({ code: -32005, data: { limit: 5000, count: 5001 } });
    } finally {
      client.close();
    }
  });

  it('caps active subscriptions per connection', async () => {
    const capped = await startTestGateway(chain(), { maxSubscriptionsPerConnection: 3 });
    try {
      const client = await Client.open(capped.wsUrl);
      const ids = await Promise.all([1, 2, 3].map(async () => (await client.request('eth_subscribe', ['newHeads'])).result as string));
      expect(new Set(ids).size).toBe(3);
      expect((await client.request('eth_subscribe', ['newHeads'])).error).toMatchInlineSnapshot(`
        {
          "code": -32005,
          "data": {
            "limit": 3,
          },
          "message": "subscription limit exceeded: at most 3 active subscriptions per connection",
        }
      `);
      expect((await client.request('eth_unsubscribe', [ids[0]])).result).toBe(true);
      expect(typeof (await client.request('eth_subscribe', ['newHeads'])).result).toBe('string');
      // The cap is per connection: another client starts from zero.
      const second = await Client.open(capped.wsUrl);
      expect(typeof (await second.request('eth_subscribe', ['newHeads'])).result).toBe('string');
      client.close();
      second.close();
    } finally {
      await capped.close();
    }
  });

  it('opens the upstream socket on the first subscription and closes it with the client', async () => {
    const anvilPort = Number(new URL(chain().anvil.url).port);
    const client = await Client.open(gateway().wsUrl);
    await client.request('eth_chainId');
    const before = establishedConnectionsTo(anvilPort);
    await client.request('eth_subscribe', ['newHeads']);
    const opened = [...establishedConnectionsTo(anvilPort)].filter((port) => !before.has(port));
    expect(opened).toHaveLength(1);
    client.close();
    await client.closed;
    await eventually(() => !establishedConnectionsTo(anvilPort).has(opened[0]!));
  });

  it('closes client sockets when the gateway closes', async () => {
    const closing = await startTestGateway(chain());
    const client = await Client.open(closing.wsUrl);
    await client.request('eth_subscribe', ['newHeads']);
    await closing.close();
    expect((await client.closed).code).toBe(1001);
  });
});

describe('key hygiene', () => {
  it('never writes the key to the log', () => {
    expect(gateway().logLines.join('\n')).not.toContain(TEST_KEY);
  });
});

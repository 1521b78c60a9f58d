import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { e2eSandbox } from './sandbox';

// A dapp developer's page on another origin reads the Local chain through the sandbox, as it would
// through the hosted service: JSON-RPC over HTTP with CORS, and a newHeads subscription over WebSocket.

let page_server: http.Server;
let origin: string;

test.beforeAll(async () => {
  page_server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>dapp</title><p>dapp</p>');
  });
  await new Promise<void>((resolve) => page_server.listen(0, '127.0.0.1', resolve));
  origin = `http://localhost:${(page_server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => page_server.close(resolve));
});

test('a page on another origin reads blocks over HTTP JSON-RPC', async ({ page }) => {
  const sandbox = e2eSandbox();
  await page.goto(origin);
  const result = await page.evaluate(async (rpcUrl) => {
    const call = async (method: string, params: unknown[]) => {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return (await response.json()) as { result: { number: string; hash: string } & string };
    };
    const chainId = (await call('eth_chainId', [])).result;
    const block = (await call('eth_getBlockByNumber', ['0x1', false])).result;
    return { chainId, blockNumber: block.number, hash: block.hash };
  }, sandbox.rpcUrl);
  expect(result.chainId).toBe('0x7a69');
  expect(result.blockNumber).toBe('0x1');
  expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
});

test('a page subscribes to new heads over WebSocket and sees the chain advance', async ({ page }) => {
  const sandbox = e2eSandbox();
  await page.goto(origin);
  const heads = await page.evaluate(async (wsUrl) => {
    const socket = new WebSocket(wsUrl);
    const numbers: number[] = [];
    return await new Promise<number[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${numbers.length} heads in 20 s`)), 20_000);
      socket.onopen = () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data as string);
        if (message.method === 'eth_subscription') numbers.push(Number(message.params.result.number));
        if (numbers.length === 2) {
          clearTimeout(timer);
          socket.close();
          resolve(numbers);
        }
      };
    });
  }, sandbox.wsUrl);
  expect(heads[1]).toBeGreaterThan(heads[0]!);
});

test('a page with a wrong key gets the service\'s 401', async ({ page }) => {
  const sandbox = e2eSandbox();
  await page.goto(origin);
  const wrongUrl = sandbox.rpcUrl.replace(sandbox.key, 'not-the-key');
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
    return { status: response.status, body: await response.text() };
  }, wrongUrl);
  expect(answer).toEqual({ status: 401, body: 'invalid project id\n' });
});

/**
 * Test support for the gateway suites (not a test itself): a real Anvil, a fixture contract
 * compiled from source with solc, and the gateway behind a real http.Server on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import solc from 'solc';
import { encodeFunctionData, type Abi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll } from 'vitest';
import { startAnvil, type AnvilProcess } from '../../chain/anvil';
import { rpcResult } from '../../testing/rawRpc';
import { createGateway, type Gateway, type GatewayLimits } from '../createGateway';

/** The key the test gateways accept. */
export const TEST_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
/** Anvil's first dev account (funded, unlocked). */
export const DEV_ACCOUNT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const FIXTURE_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract GatewayFixture {
  error Custom(uint256 code);
  event Ping(uint256 indexed i, address indexed sender);
  function emitMany(uint256 n) external { for (uint256 i; i < n; i++) emit Ping(i, msg.sender); }
  function revertWithReason() external pure { revert("fixture says no"); }
  function revertWithCustom() external pure { revert Custom(42); }
  function revertWithPanic(uint256 x) external pure returns (uint256) { return 1 / x; }
  function revertEmpty() external pure { revert(); }
  function gasLeft() external view returns (uint256) { return gasleft(); }
  function requireGas(uint256 n) external view returns (uint256) { require(gasleft() >= n, "not enough gas"); return gasleft(); }
}`;

/** The fixture contract's ABI and creation code, compiled from source. */
export function compileFixture(): { abi: Abi; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { 'GatewayFixture.sol': { content: FIXTURE_SOURCE } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const compile = solc.compile as (input: string) => string;
  const output = JSON.parse(compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['GatewayFixture.sol']!['GatewayFixture']!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/** A JSON-RPC response as tests read it. */
export interface RpcResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** A running Anvil with the fixture deployed, and direct (gateway-less) access to it. */
export class TestChain {
  private constructor(
    readonly anvil: AnvilProcess,
    readonly abi: Abi,
    readonly fixture: Address,
  ) {}

  /** Starts Anvil and deploys the fixture. */
  static async start(args: string[] = []): Promise<TestChain> {
    const anvil = await startAnvil({ args });
    try {
      const { abi, bytecode } = compileFixture();
      const hash = (await rpcResult(anvil.url, 'eth_sendTransaction', [{ from: DEV_ACCOUNT, data: bytecode }])) as Hex;
      const receipt = await waitForReceipt(anvil.url, hash);
      return new TestChain(anvil, abi, receipt.contractAddress as Address);
    } catch (error) {
      await anvil.stop();
      throw error;
    }
  }

  /** Calls Anvil directly; throws on a JSON-RPC error. */
  rpc(method: string, params: unknown[] = []): Promise<unknown> {
    return rpcResult(this.anvil.url, method, params);
  }

  /** Encodes a call to the fixture. */
  data(functionName: string, args: readonly unknown[] = []): Hex {
    return encodeFunctionData({ abi: this.abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  }

  /** Sends a transaction to the fixture from the dev account (directly on Anvil) and waits for its receipt. */
  async transact(functionName: string, args: readonly unknown[] = []): Promise<{ blockNumber: Hex; logs: unknown[] }> {
    const hash = (await this.rpc('eth_sendTransaction', [{ from: DEV_ACCOUNT, to: this.fixture, data: this.data(functionName, args), gas: '0x1c9c380' }])) as Hex;
    return (await waitForReceipt(this.anvil.url, hash)) as { blockNumber: Hex; logs: unknown[] };
  }

  stop(): Promise<void> {
    return this.anvil.stop();
  }
}

/** Anvil mines right after answering eth_sendTransaction, so the receipt is polled for. */
async function waitForReceipt(url: string, hash: Hex): Promise<{ contractAddress: string | null; blockNumber: Hex; logs: unknown[]; status: Hex }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const receipt = (await rpcResult(url, 'eth_getTransactionReceipt', [hash])) as { contractAddress: string | null; blockNumber: Hex; logs: unknown[]; status: Hex } | null;
    if (receipt !== null) {
      if (receipt.status !== '0x1') throw new Error(`transaction ${hash} failed`);
      return receipt;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no receipt for ${hash}`);
}

/** A gateway served by a real http.Server on an ephemeral port. */
export interface TestGateway {
  gateway: Gateway;
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The HTTP JSON-RPC address with the test key. */
  url: string;
  /** The WebSocket address with the test key. */
  wsUrl: string;
  /** Log lines the gateway wrote. */
  logLines: string[];
  /** POSTs a body; returns status, headers and text. */
  post(body: string | Buffer, path?: string): Promise<{ status: number; headers: Headers; text: string }>;
  /** POSTs one request and returns its parsed response. */
  call(method: string, params?: unknown, id?: string | number): Promise<RpcResponse>;
  close(): Promise<void>;
}

/** Starts a gateway in front of `chain` with optional limits; `upstream` reroutes it (e.g. through an UpstreamSpy). */
export async function startTestGateway(
  chain: TestChain,
  limits?: Partial<GatewayLimits>,
  upstream: { url: string; wsUrl: string } = chain.anvil,
): Promise<TestGateway> {
  const logLines: string[] = [];
  const gateway = createGateway({
    network: 'local',
    upstreamUrl: upstream.url,
    upstreamWsUrl: upstream.wsUrl,
    isValidKey: (key) => key === TEST_KEY,
    limits,
    log: (line) => logLines.push(line),
  });
  const server = http.createServer((req, res) => {
    if (!gateway.handleRequest(req, res)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('404 page not found\n');
    }
  });
  server.on('upgrade', (req, socket, head) => {
    if (!gateway.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const url = `${origin}/local/v3/${TEST_KEY}`;
  let nextId = 1;
  const post: TestGateway['post'] = async (body, path = `/local/v3/${TEST_KEY}`) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return {
    gateway,
    port,
    origin,
    url,
    wsUrl: `ws://127.0.0.1:${port}/local/ws/v3/${TEST_KEY}`,
    logLines,
    post,
    async call(method, params = [], id = nextId++) {
      const { text } = await post(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      return JSON.parse(text) as RpcResponse;
    },
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Local ports of this machine's established TCP connections to `remotePort` on 127.0.0.1 (from /proc/net/tcp). */
export function establishedConnectionsTo(remotePort: number): Set<number> {
  const ports = new Set<number>();
  const lines = fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1);
  for (const line of lines) {
    const fields = line.trim().split(/\s+/);
    const [local, remote, state] = [fields[1], fields[2], fields[3]];
    if (local === undefined || remote === undefined || state !== '01') continue;
    if (Number.parseInt(remote.split(':')[1] ?? '', 16) === remotePort && remote.startsWith('0100007F')) {
      ports.add(Number.parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  return ports;
}

/** Polls `check` until it returns true or the timeout passes. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** For a test file: a {@link TestChain} and a gateway in front of it (with `limits`), up before its tests, stopped after. */
export function useGatewayOnTestChain(limits?: Partial<GatewayLimits>): { chain(): TestChain; gateway(): TestGateway } {
  let chain: TestChain | undefined;
  let gateway: TestGateway | undefined;
  beforeAll(async () => {
    chain = await TestChain.start();
    gateway = await startTestGateway(chain, limits);
  });
  afterAll(async () => {
    await gateway?.close();
    await chain?.stop();
  });
  return { chain: () => chain!, gateway: () => gateway! };
}

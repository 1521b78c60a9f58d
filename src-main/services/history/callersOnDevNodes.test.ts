import { createRequire } from 'node:module';
import { encodeFunctionData, type Abi, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallersEvent } from '../../../src-shared/api/callers';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { DevNode } from '../../../test-support/nodes/devNodeProcess';
import { startGanache } from '../../../test-support/nodes/startGanache';
import { startHardhatNode } from '../../../test-support/nodes/startHardhatNode';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { createHistoryService, type HistoryService } from './createHistoryService';

// Who called a contract on nodes nobody here wrote (both answer eth_getProof), added as a custom network would be:
// a small counter compiled here for Shanghai (Ganache 7 knows no later fork), called by two accounts, once with a
// call that changes nothing (which the bisection cannot see, and the tab says so).

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Counter {
  uint256 public count;
  function bump() external payable { count += 1; }
  function same() external { count = count; }
}
`;

function compile(): { abi: Abi; bytecode: Hex } {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const input = { language: 'Solidity', sources: { 'Counter.sol': { content: SOURCE } }, settings: { evmVersion: 'shanghai', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as { contracts: { 'Counter.sol': { Counter: { abi: Abi; evm: { bytecode: { object: string } } } } } };
  const counter = output.contracts['Counter.sol'].Counter;
  return { abi: counter.abi, bytecode: `0x${counter.evm.bytecode.object}` };
}

const counter = compile();

describe.each([
  ['Hardhat 2 (EDR)', startHardhatNode],
  ['Ganache 7', startGanache],
])('callers on %s', (_, start) => {
  let node: DevNode;
  let rpc: RpcService;
  let history: HistoryService;
  let id: string;
  const request = <T>(method: string, params: unknown[]) => rpc.request<T>(id, method, params);
  const send = async (from: Hex, to: Hex | null, data: Hex, value = 0n): Promise<{ hash: Hex; contract: Hex | null }> => {
    const hash = await request<Hex>('eth_sendTransaction', [{ from, ...(to ? { to } : {}), data, gas: '0x100000', value: `0x${value.toString(16)}` }]);
    for (;;) {
      const receipt = await request<{ status: string; contractAddress: Hex | null } | null>('eth_getTransactionReceipt', [hash]);
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error(`${hash} failed`);
        return { hash, contract: receipt.contractAddress?.toLowerCase() as Hex | null };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  let deployed: { hash: Hex; contract: Hex };
  const calls: { hash: Hex; from: Hex; value: bigint }[] = [];
  let unchanged: Hex;

  beforeAll(async () => {
    node = await start();
    const network = { id: `custom-${node.name}`, name: node.name, family: 'evm' as const, chainId: node.chainId, rpcUrl: node.url, wsUrl: null, gasUrl: null, storageUrl: null, credentialId: `custom-${node.name}`, kind: 'custom' as const };
    id = network.id;
    rpc = createRpcService({ resolve: async () => ({ network, rpcUrl: node.url, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [] }) });
    const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (networkId, emit, signal) => rpc.watchHealth(networkId, emit, signal) });
    const chainKey = `${node.chainId}:${node.name}:callers`;
    const decoding = createDecodingService({ rpc, chainOf: async () => chainKey });
    const explorer = createExplorerService({ rpc, health, networkName: async () => node.name, decoding });
    history = createHistoryService({ rpc, explorer, chainOf: async () => chainKey, decoding });
    const [alice, bob] = (await request<Hex[]>('eth_accounts', [])).map((account) => account.toLowerCase() as Hex) as [Hex, Hex];
    const made = await send(alice, null, counter.bytecode);
    deployed = { hash: made.hash, contract: made.contract! };
    const bump = encodeFunctionData({ abi: counter.abi, functionName: 'bump' });
    for (const [from, value] of [[alice, 0n], [bob, 10n ** 15n], [bob, 0n]] as const) calls.push({ ...(await send(from, deployed.contract, bump, value)), from, value });
    unchanged = (await send(alice, deployed.contract, encodeFunctionData({ abi: counter.abi, functionName: 'same' }))).hash;
  }, 120_000);
  afterAll(async () => {
    await rpc?.close();
    await node?.stop();
  });

  it('lists its deployment and every call that changed it, each as the node has it; a call that changed nothing is not seen', async () => {
    const events: CallersEvent[] = [];
    await history.callers(id, deployed.contract, (event) => events.push(event), new AbortController().signal);
    const start = events.find((event): event is Extract<CallersEvent, { kind: 'start' }> => event.kind === 'start')!;
    const done = events.find((event): event is Extract<CallersEvent, { kind: 'done' }> => event.kind === 'done')!;
    const rows = events.flatMap((event) => (event.kind === 'rows' ? event.rows : []));
    expect([start.mode, start.proofRefused]).toEqual(['proof', null]);
    const receipt = await request<{ blockNumber: string }>('eth_getTransactionReceipt', [deployed.hash]);
    expect(done.from).toBe(receipt.blockNumber);
    const byHash = new Map(rows.map((row) => [row.transactionHash, row]));
    expect(byHash.get(deployed.hash)?.touch).toBe('created');
    for (const call of calls) {
      const tx = await request<{ blockNumber: string; from: string; value: string }>('eth_getTransactionByHash', [call.hash]);
      expect(byHash.get(call.hash)).toMatchObject({ touch: 'called', from: tx.from.toLowerCase(), value: BigInt(tx.value).toString(10), blockNumber: tx.blockNumber, status: 'success' });
    }
    // The node's own proofs agree that the last call changed nothing: so it is not listed.
    const at = await request<{ blockNumber: string }>('eth_getTransactionReceipt', [unchanged]);
    const proof = async (block: bigint) => {
      const { storageHash, balance, nonce, codeHash } = await request<{ storageHash: string; balance: string; nonce: string; codeHash: string }>('eth_getProof', [deployed.contract, [], `0x${block.toString(16)}`]);
      return { storageHash, balance, nonce, codeHash };
    };
    expect(await proof(BigInt(at.blockNumber) - 1n)).toEqual(await proof(BigInt(at.blockNumber)));
    expect(byHash.has(unchanged)).toBe(false);
    expect(done.count).toBe(rows.length);
    expect(rows).toHaveLength(1 + calls.length);
  });
});

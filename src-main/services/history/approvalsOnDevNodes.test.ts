import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { encodeFunctionData, maxUint256, type Abi, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { DevNode } from '../../../test-support/nodes/devNodeProcess';
import { startGanache } from '../../../test-support/nodes/startGanache';
import { startHardhatNode } from '../../../test-support/nodes/startHardhatNode';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { openStore, type Store } from '../store/openStore';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC } from './approvals';
import { createHistoryService, type HistoryService } from './createHistoryService';
import { addressTopic } from './tokenTransfers';
import { devNodeNetwork } from '../rpc/testing/devNodeNetwork';

// Approvals on nodes nobody here wrote, added as a custom network would be. Their seeded chains hold no approval, so
// this test sends its own, on small contracts of each kind compiled here for Shanghai (Ganache 7 knows no later fork).

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract TinyToken {
  event Approval(address indexed owner, address indexed spender, uint256 value);
  event Transfer(address indexed from, address indexed to, uint256 value);
  string public constant symbol = "TINY";
  uint8 public constant decimals = 6;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  constructor() { balanceOf[msg.sender] = 1e12; }
  function approve(address spender, uint256 value) external returns (bool) { allowance[msg.sender][spender] = value; emit Approval(msg.sender, spender, value); return true; }
  function transferFrom(address from, address to, uint256 value) external returns (bool) {
    if (allowance[from][msg.sender] != type(uint256).max) allowance[from][msg.sender] -= value;
    balanceOf[from] -= value; balanceOf[to] += value; emit Transfer(from, to, value); return true;
  }
}
contract TinyNft {
  event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
  event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
  mapping(uint256 => address) public ownerOf;
  mapping(uint256 => address) public getApproved;
  mapping(address => mapping(address => bool)) public isApprovedForAll;
  constructor() { ownerOf[1] = msg.sender; ownerOf[2] = msg.sender; }
  function approve(address to, uint256 id) external { require(ownerOf[id] == msg.sender); getApproved[id] = to; emit Approval(msg.sender, to, id); }
  function setApprovalForAll(address operator, bool approved) external { isApprovedForAll[msg.sender][operator] = approved; emit ApprovalForAll(msg.sender, operator, approved); }
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x80ac58cd || id == 0x01ffc9a7; }
}
contract TinyMulti {
  event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
  mapping(address => mapping(address => bool)) public isApprovedForAll;
  function setApprovalForAll(address operator, bool approved) external { isApprovedForAll[msg.sender][operator] = approved; emit ApprovalForAll(msg.sender, operator, approved); }
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0xd9b67a26 || id == 0x01ffc9a7; }
}
`;

type Compiled = Record<'TinyToken' | 'TinyNft' | 'TinyMulti', { abi: Abi; bytecode: Hex }>;

function compile(): Compiled {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const input = { language: 'Solidity', sources: { 'Tiny.sol': { content: SOURCE } }, settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as { contracts: { 'Tiny.sol': Record<keyof Compiled, { abi: Abi; evm: { bytecode: { object: string } } }> } };
  const get = (name: keyof Compiled) => ({ abi: output.contracts['Tiny.sol'][name].abi, bytecode: `0x${output.contracts['Tiny.sol'][name].evm.bytecode.object}` as Hex });
  return { TinyToken: get('TinyToken'), TinyNft: get('TinyNft'), TinyMulti: get('TinyMulti') };
}


const contracts = compile();

describe.each([
  ['Hardhat 2 (EDR)', startHardhatNode],
  ['Ganache 7', startGanache],
])('approvals on %s', (_, start) => {
  let node: DevNode;
  let rpc: RpcService;
  let history: HistoryService;
  let store: Store;
  let dataDir: string;
  let id: string;
  let owner: Hex;
  let deskA: Hex;
  let deskB: Hex;
  const deployed = {} as Record<keyof Compiled, Hex>;
  const request = <T>(method: string, params: unknown[]) => rpc.request<T>(id, method, params);
  const send = async (from: Hex, to: Hex | null, data: Hex): Promise<Hex> => {
    const hash = await request<Hex>('eth_sendTransaction', [{ from, ...(to ? { to } : {}), data, gas: '0x200000' }]);
    for (;;) {
      const receipt = await request<{ status: string; contractAddress: Hex | null } | null>('eth_getTransactionReceipt', [hash]);
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error(`${hash} failed`);
        return receipt.contractAddress ?? hash;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const call = (name: keyof Compiled, functionName: string, args: unknown[]) => send(owner, deployed[name], encodeFunctionData({ abi: contracts[name].abi, functionName, args } as never));

  beforeAll(async () => {
    node = await start();
    const resolved = devNodeNetwork(node);
    id = resolved.network.id;
    rpc = createRpcService({ resolve: async () => resolved });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-approvals-'));
    store = openStore(dataDir);
    const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (networkId, emit, signal) => rpc.watchHealth(networkId, emit, signal) });
    const chainKey = `${node.chainId}:${node.name}`;
    const decoding = createDecodingService({ rpc, store, chainOf: async () => chainKey });
    const explorer = createExplorerService({ rpc, health, networkName: async () => node.name, decoding, store });
    history = createHistoryService({ rpc, explorer, chainOf: async () => chainKey, decoding, store });
    [owner, deskA, deskB] = (await request<Hex[]>('eth_accounts', [])).map((account) => account.toLowerCase() as Hex) as [Hex, Hex, Hex];
    for (const name of ['TinyToken', 'TinyNft', 'TinyMulti'] as const) deployed[name] = (await send(owner, null, contracts[name].bytecode)).toLowerCase() as Hex;
    await decoding.importAbi(id, deskA, 'function ping()', 'Desk A');
    // An unlimited allowance; another set twice (the latest counts) and partly spent; one NFT to B; operators.
    await call('TinyToken', 'approve', [deskA, maxUint256]);
    await call('TinyToken', 'approve', [deskB, 1_000_000_000n]);
    await call('TinyToken', 'approve', [deskB, 500_000_000n]);
    await send(deskB, deployed.TinyToken, encodeFunctionData({ abi: contracts.TinyToken.abi, functionName: 'transferFrom', args: [owner, deskB, 200_000_000n] } as never));
    await call('TinyNft', 'approve', [deskB, 1n]);
    await call('TinyNft', 'setApprovalForAll', [deskA, true]);
    await call('TinyMulti', 'setApprovalForAll', [deskB, true]);
    await call('TinyMulti', 'setApprovalForAll', [deskA, true]);
    await call('TinyMulti', 'setApprovalForAll', [deskA, false]);
  }, 120_000);
  afterAll(async () => {
    await rpc?.close();
    store?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await node?.stop();
  });

  it('lists each approval as the node answers it: allowance(), getApproved(), isApprovedForAll(), the latest logs, their blocks’ time', async () => {
    const view = await history.approvals(id, owner);
    const byId = new Map(view.rows.map((row) => [row.id, row]));
    // The node's own logs, one eth_getLogs per event with the owner as topic 1.
    const logs = [
      ...(await request<{ topics: string[]; transactionHash: string; blockNumber: string }[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: view.block, topics: [APPROVAL_TOPIC, addressTopic(owner)] }])),
      ...(await request<{ topics: string[]; transactionHash: string; blockNumber: string }[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: view.block, topics: [APPROVAL_FOR_ALL_TOPIC, addressTopic(owner)] }])),
    ];
    expect(logs).toHaveLength(8);
    expect(view.logs).toBe(8);
    const read = async (to: Hex, data: Hex) => BigInt(await request<Hex>('eth_call', [{ to, data }, view.block]));
    const token = contracts.TinyToken.abi;

    const unlimited = byId.get(`${deployed.TinyToken}:${deskA}`)!;
    expect(unlimited).toMatchObject({ kind: 'allowance', standard: 'erc20', symbol: 'TINY', decimals: 6, spenderName: 'Desk A', unlimited: true, active: true, allowance: maxUint256.toString(10) });
    expect(BigInt(unlimited.allowance!)).toBe(await read(deployed.TinyToken, encodeFunctionData({ abi: token, functionName: 'allowance', args: [owner, deskA] } as never)));

    const spent = byId.get(`${deployed.TinyToken}:${deskB}`)!;
    expect(spent).toMatchObject({ granted: '500000000', allowance: '300000000', unlimited: false, active: true, spenderName: null });
    expect(BigInt(spent.allowance!)).toBe(await read(deployed.TinyToken, encodeFunctionData({ abi: token, functionName: 'allowance', args: [owner, deskB] } as never)));
    const latest = logs.filter((log) => log.topics[0] === APPROVAL_TOPIC && log.topics[2] === addressTopic(deskB) && log.topics.length === 3).at(-1)!;
    expect(spent.transactionHash).toBe(latest.transactionHash);
    const block = await request<{ timestamp: string }>('eth_getBlockByNumber', [latest.blockNumber, false]);
    expect(spent.timestamp).toBe(block.timestamp);

    expect(byId.get(`${deployed.TinyNft}:#1`)).toMatchObject({ kind: 'token', standard: 'erc721', spender: deskB, tokenId: '1', active: true });
    expect(byId.get(`${deployed.TinyNft}:${deskA}:operator`)).toMatchObject({ kind: 'operator', standard: 'erc721', active: true, spenderName: 'Desk A' });
    expect(byId.get(`${deployed.TinyMulti}:${deskB}:operator`)).toMatchObject({ kind: 'operator', standard: 'erc1155', active: true });
    expect(byId.get(`${deployed.TinyMulti}:${deskA}:operator`)).toMatchObject({ kind: 'operator', standard: 'erc1155', active: false });
    expect(view.rows).toHaveLength(6);
    // Standing approvals first.
    expect(view.rows.map((row) => row.active)).toEqual([true, true, true, true, true, false]);
  });
});

// Test support: the same small chain on any development node (Hardhat's, Ganache), through plain JSON-RPC with
// viem: ETH transfers, a contract with events, and failed transactions of each kind of revert.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeErrorResult,
  encodeFunctionData,
  http,
  maxUint256,
  parseEther,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { sandboxAccount } from '../../src-sandbox/chain/accounts';
import { compileDevNodeContracts } from './compileDevNodeContracts';
import type { DevNode } from './devNodeProcess';

/** A failed transaction the seeder mined, and what its revert should decode to. */
export interface FailedTransaction {
  hash: Hex;
  /** The call's input (to reproduce it with eth_call). */
  data: Hex;
  /** The revert bytes the contract returns. */
  revertData: Hex;
}

/** What the seeder did, for the tests to check against. */
export interface DevNodeChain {
  accounts: { sender: Address; receivers: Address[] };
  /** The three ETH transfers. */
  transfers: Hex[];
  contracts: { reverter: Address; noticeboard: Address };
  abis: { reverter: Abi; noticeboard: Abi };
  /** The two posts on the noticeboard (each logs `Posted`). */
  posts: Hex[];
  failed: {
    /** `withdraw(101)`: `InsufficientBalance(101, 100)`. */
    customError: FailedTransaction & { errorName: 'InsufficientBalance'; args: [bigint, bigint] };
    /** `requireNonZero(0)`: `Error("Reverter: amount is zero")`. */
    reasonString: FailedTransaction & { reason: string };
    /** `increment(2^256 - 1)`: `Panic(0x11)`. */
    panic: FailedTransaction & { panicCode: number };
  };
  /** A call that answers: `increment(41)` returns 42. */
  value: { data: Hex; returns: bigint };
}

/** Gas of each failed transaction: sent as is, so the node does not refuse it when estimating. */
const FAILING_GAS = 200_000n;

/** Seeds `node` (an empty chain, the well-known test mnemonic's accounts funded) and says what it made. */
export async function seedDevNode(node: DevNode): Promise<DevNodeChain> {
  const chain = defineChain({ id: node.chainId, name: node.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [node.url] } } });
  const transport = http(node.url, { retryCount: 0 });
  const client = createPublicClient({ chain, transport });
  const account = sandboxAccount(0);
  const wallet = createWalletClient({ chain, transport, account });
  const { Reverter, Noticeboard } = compileDevNodeContracts();
  const mined = async (hash: Hex, expect: 'success' | 'reverted'): Promise<Hex> => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== expect) throw new Error(`${node.name}: ${hash} ended ${receipt.status}, not ${expect}`);
    return hash;
  };
  // One transaction at a time: each awaited to its receipt, so nonces and blocks come in the same order everywhere.
  const receivers = [1, 2, 3].map((index) => sandboxAccount(index).address);
  const transfers: Hex[] = [];
  for (const [i, to] of receivers.entries()) transfers.push(await mined(await wallet.sendTransaction({ to, value: parseEther(`${i + 1}`) }), 'success'));
  const deploy = async (contract: { abi: Abi; bytecode: Hex }): Promise<Address> => {
    const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (!receipt.contractAddress) throw new Error(`${node.name}: deployment ${hash} made no contract`);
    return receipt.contractAddress;
  };
  const noticeboard = await deploy(Noticeboard);
  const reverter = await deploy(Reverter);
  const posts: Hex[] = [];
  for (const text of ['first post', 'second post']) {
    posts.push(await mined(await wallet.sendTransaction({ to: noticeboard, data: encodeFunctionData({ abi: Noticeboard.abi, functionName: 'post', args: [text] }) }), 'success'));
  }
  const fail = async (data: Hex, revertData: Hex): Promise<FailedTransaction> => ({
    hash: await mined(await wallet.sendTransaction({ to: reverter, data, gas: FAILING_GAS }), 'reverted'),
    data,
    revertData,
  });
  const call = (functionName: string, args: unknown[]) => encodeFunctionData({ abi: Reverter.abi, functionName, args });
  const reason = 'Reverter: amount is zero';
  return {
    accounts: { sender: account.address, receivers },
    transfers,
    contracts: { reverter, noticeboard },
    abis: { reverter: Reverter.abi, noticeboard: Noticeboard.abi },
    posts,
    failed: {
      customError: {
        ...(await fail(call('withdraw', [101n]), encodeErrorResult({ abi: Reverter.abi, errorName: 'InsufficientBalance', args: [101n, 100n] }))),
        errorName: 'InsufficientBalance',
        args: [101n, 100n],
      },
      reasonString: { ...(await fail(call('requireNonZero', [0n]), encodeErrorResult({ abi: ERROR_STRING, errorName: 'Error', args: [reason] }))), reason },
      panic: { ...(await fail(call('increment', [maxUint256]), encodeErrorResult({ abi: PANIC, errorName: 'Panic', args: [0x11n] }))), panicCode: 0x11 },
    },
    value: { data: call('increment', [41n]), returns: 42n },
  };
}

const ERROR_STRING = [{ type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] }] as const;
const PANIC = [{ type: 'error', name: 'Panic', inputs: [{ type: 'uint256', name: 'code' }] }] as const;

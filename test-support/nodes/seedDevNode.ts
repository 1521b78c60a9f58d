// Test support: the same small chain on any development node (Hardhat's, Ganache), through plain JSON-RPC with
// viem: ETH transfers, a contract with events, the sandbox's trace showcase (its deep revert), and failed
// transactions of each kind of revert.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeErrorResult,
  encodeFunctionData,
  getContractAddress,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { sandboxAccount } from '../../src-sandbox/chain/accounts';
import { compileSandboxContracts } from '../../src-sandbox/chain/contracts';
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
  /** The Local sandbox's trace showcase, its deep revert's part (src-sandbox/chain/seed-trace.ts), sent by its own account (`trace.sender`). */
  trace: TraceShape;
}

/**
 * The sandbox's deep revert, from the same compiled contracts: TraceRouter.redeem → TracePool.redeem →
 * TraceVault.pay → TraceToken.transfer. The vault holds 100 TRC, pays 40 (`redeemed`), then is asked for 1,000
 * (`deepRevert`, mined with status 0): the token reverts with `ERC20InsufficientBalance(vault, 60e18, 1000e18)` at
 * depth 3 and each caller passes it up.
 *
 * The bytecode is the sandbox's own (compiled for Prague), so its metadata hash and its frames are the sandbox's. The
 * calls seeded here use no opcode after Shanghai and run on Ganache 7 too; the token's `name()` and `symbol()` use
 * MCOPY (Cancun) and fail there.
 */
export interface TraceShape {
  /** The account that deployed the showcase and sent its transactions (the redemptions pay it). */
  sender: Address;
  contracts: { token: Address; pool: Address; vault: Address; router: Address };
  abis: { token: Abi; pool: Abi; vault: Abi; router: Abi };
  /** The transfer of 100 TRC from the sender to the vault. */
  fundVault: Hex;
  /** `redeem(pool, sender, 40 TRC)` through the router: succeeds. */
  redeemed: Hex;
  deepRevert: FailedTransaction & {
    revertingContract: Address;
    revertingFunction: 'transfer';
    errorName: 'ERC20InsufficientBalance';
    /** The reverting frame's depth (the transaction's own frame is 0). */
    depth: 3;
  };
}

/** The mnemonic's account that sends the trace showcase (after the receivers, 1 to 3; funded on both nodes). */
const TRACER_INDEX = 4;

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
  // Compiled before the first request: compiling takes seconds, and a node may close a connection idle that long
  // just as the next request goes out on it ("fetch failed").
  const own = compileSandboxContracts();
  const mined = async (hash: Hex, expect: 'success' | 'reverted'): Promise<Hex> => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== expect) throw new Error(`${node.name}: ${hash} ended ${receipt.status}, not ${expect}`);
    return hash;
  };
  // One transaction at a time: each awaited to its receipt, so nonces and blocks come in the same order everywhere.
  const receivers = [1, 2, 3].map((index) => sandboxAccount(index).address);
  const transfers: Hex[] = [];
  for (const [i, to] of receivers.entries()) transfers.push(await mined(await wallet.sendTransaction({ to, value: parseEther(`${i + 1}`) }), 'success'));
  const deployWith = (from: typeof wallet) => async (contract: { abi: Abi; bytecode: Hex }, args: unknown[] = []): Promise<Address> => {
    const hash = await from.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`${node.name}: deployment ${hash} made no contract`);
    return receipt.contractAddress;
  };
  const deploy = deployWith(wallet);
  // The trace showcase from an account of its own (its token's supply is minted to it: the sender's page says it
  // never received a token), early, so that the posts and the failures stay the chain's latest transactions.
  const tracer = createWalletClient({ chain, transport, account: sandboxAccount(TRACER_INDEX) });
  const trace = await seedDeepRevert(own, deployWith(tracer), mined, async (to, data, gas) => tracer.sendTransaction({ to, data, ...(gas ? { gas } : {}) }), tracer.account.address);
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
    trace,
  };
}

const TRC = (amount: string) => parseUnits(amount, 18);

/** Deploys the trace contracts and mines the vault's funding, a redemption that succeeds and the deep revert, as seed-trace.ts does. */
async function seedDeepRevert(
  own: Record<'TraceToken' | 'TracePool' | 'TraceVault' | 'TraceRouter', { abi: Abi; bytecode: Hex }>,
  deploy: (contract: { abi: Abi; bytecode: Hex }, args?: unknown[]) => Promise<Address>,
  mined: (hash: Hex, expect: 'success' | 'reverted') => Promise<Hex>,
  send: (to: Address, data: Hex, gas?: bigint) => Promise<Hex>,
  sender: Address,
): Promise<TraceShape> {
  const { TraceToken, TracePool, TraceVault, TraceRouter } = own;
  const token = await deploy(TraceToken, [TRC('1000000')]);
  const pool = await deploy(TracePool, [token]);
  const router = await deploy(TraceRouter);
  // The pool's constructor creates its vault: the pool's first creation (a contract's nonce starts at 1).
  const vault = getContractAddress({ from: pool, nonce: 1n });
  const redeem = (amount: bigint) => encodeFunctionData({ abi: TraceRouter.abi, functionName: 'redeem', args: [pool, sender, amount] });
  const funds = TRC('100');
  const paid = TRC('40');
  const tooMuch = TRC('1000');
  const fundVault = await mined(await send(token, encodeFunctionData({ abi: TraceToken.abi, functionName: 'transfer', args: [vault, funds] })), 'success');
  const redeemed = await mined(await send(router, redeem(paid)), 'success');
  const data = redeem(tooMuch);
  // Explicit gas: estimation would refuse a call that reverts, and a failed receipt is the point.
  const hash = await mined(await send(router, data, FAILING_GAS), 'reverted');
  return {
    sender,
    contracts: { token, pool, vault, router },
    abis: { token: TraceToken.abi, pool: TracePool.abi, vault: TraceVault.abi, router: TraceRouter.abi },
    fundVault,
    redeemed,
    deepRevert: {
      hash,
      data,
      revertData: encodeErrorResult({ abi: TraceToken.abi, errorName: 'ERC20InsufficientBalance', args: [vault, funds - paid, tooMuch] }),
      revertingContract: token,
      revertingFunction: 'transfer',
      errorName: 'ERC20InsufficientBalance',
      depth: 3,
    },
  };
}

const ERROR_STRING = [{ type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] }] as const;
const PANIC = [{ type: 'error', name: 'Panic', inputs: [{ type: 'uint256', name: 'code' }] }] as const;

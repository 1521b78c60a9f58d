import { createBlockFromRPC, type JSONRPCBlock } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { EVM } from '@ethereumjs/evm';
import type { ParamsDict } from '@ethereumjs/common';
import { createTxFromRPC, paramsTx, type TypedTransaction } from '@ethereumjs/tx';
import { Address, bytesToHex, hexToBytes } from '@ethereumjs/util';
import { createVM, runTx, type RunTxResult } from '@ethereumjs/vm';
import type { CallFrame } from '../../../../src-shared/trace/callFrame';
import { blockHashes } from './blockHashes';
import { applyBlockStart } from './blockStart';
import { chainCommon, hardforkLabel } from './chainHardfork';
import { recordFrames } from './frameRecorder';
import { LayeredState } from './layeredState';
import { checkAgainstReceipt, type CheckedLog } from './receiptCheck';
import { RemoteState } from './remoteState';
import type { RpcRequest } from './rpcRequest';
import { pendingTransaction, unknownTransaction } from './untraceable';
import { stateDiffOf } from './stateDiff';
import type { ReplayDeps, ReplayOptions, ReplayResult } from './replayTypes';

/** A transaction as `eth_getBlockByNumber(…, true)` and `eth_getTransactionByHash` state it. */
interface RpcTransaction {
  hash: `0x${string}`;
  from: `0x${string}`;
  to?: `0x${string}` | null;
  gas: `0x${string}`;
  input: `0x${string}`;
  value: `0x${string}`;
  accessList?: { address: `0x${string}`; storageKeys: `0x${string}`[] }[];
  blockNumber: `0x${string}` | null;
  transactionIndex: `0x${string}` | null;
}

interface RpcReceipt {
  /** Absent before Byzantium (a state root instead). */
  status?: `0x${string}`;
  gasUsed: `0x${string}`;
  logs: CheckedLog[];
}

type RpcBlock = Omit<JSONRPCBlock, 'transactions'> & { transactions: RpcTransaction[] };

/** The system contracts a block since Cancun (EIP-4788) and Prague (EIP-2935) writes before its transactions. */
const SYSTEM_CONTRACTS: `0x${string}`[] = ['0x000F3df6D732807Ef1319fB7B8bB8522d0Beac02', '0x0000F90827F1C53A10CB7A02335B175320002935'];

/** A storage slot's number as `eth_getStorageAt` takes it and the block start asks for it: 32 bytes in hex. */
const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}` as const;

/**
 * The request function, with each distinct request made once and its answer shared: what is asked early (the chain's
 * id and config, the block start's slots) is read later, by code that asks for it again, without another round.
 */
function sharedRequests(request: RpcRequest): RpcRequest {
  const asked = new Map<string, Promise<unknown>>();
  return (method, params, signal) => {
    const key = `${method} ${JSON.stringify(params)}`;
    let pending = asked.get(key);
    if (!pending) {
      pending = request(method, params, signal);
      // Read by whoever asks again; a failure unread is not an unhandled rejection.
      pending.catch(() => undefined);
      asked.set(key, pending);
    }
    return pending;
  };
}

/**
 * A promise read later (or not at all, when the replay ends first: cancelled, the block lost) whose failure is then
 * no unhandled rejection. A cancelled replay's read-ahead rejected unread, and Node ended the whole web host for it.
 */
function unhandledIsRead<T>(pending: Promise<T>): Promise<T> {
  pending.catch(() => undefined);
  return pending;
}

/** How many of the block's earlier calls get a read-ahead of their own (those nearest the transaction). */
const READ_AHEAD_EARLIER = 8;

/** An access list entry as `eth_createAccessList` answers it. */
interface AccessListEntry {
  address: `0x${string}`;
  storageKeys: `0x${string}`[];
}

/**
 * The accounts and slots the transaction touches, as the node's `eth_createAccessList` finds them by running it on
 * the parent block's state: one request, answered while the block is read, so that the replay's state comes in one
 * batch instead of one read after another as the EVM asks (three or four rounds to the node instead of a round per
 * call in the tree). Only a guess: on the parent state, not after the block's earlier transactions, so a read it
 * missed is made when the EVM asks for it, and one it named needlessly costs a read. A node without the method, or
 * a transaction it refuses to run (a revert, a 7702 authorization), gives nothing ahead.
 */
async function readAhead(request: RpcRequest, tx: RpcTransaction, parentTag: `0x${string}`, signal?: AbortSignal): Promise<AccessListEntry[]> {
  const call = { from: tx.from, ...(tx.to ? { to: tx.to } : {}), data: tx.input, value: tx.value, gas: tx.gas };
  try {
    const answer = (await request('eth_createAccessList', [call, parentTag], signal)) as { accessList?: unknown } | null;
    const list = answer?.accessList;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (entry): entry is AccessListEntry =>
        typeof entry?.address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(entry.address) && Array.isArray(entry.storageKeys) && entry.storageKeys.every((key: unknown) => typeof key === 'string' && /^0x[0-9a-fA-F]{64}$/.test(key)),
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

/**
 * Replays a mined transaction in process with the Ethereum Foundation's EVM library, at its block's hardfork, on
 * its parent block's state read lazily through standard methods, after the block's earlier transactions, and
 * returns its call tree in `callTracer` terms with a check against its receipt. For nodes that offer no `debug_`
 * method; a replay whose outcome differs from the receipt says so in `check` and is not the truth.
 */
export async function replayTransaction(deps: ReplayDeps, txHash: `0x${string}`, options: ReplayOptions = {}): Promise<ReplayResult> {
  const { signal } = options;
  const request = deps.request;
  // Asked at once and read when needed: each round to the node is a wait (about 6 ms through the sandbox's gateway).
  const share = sharedRequests(request);
  void share('eth_chainId', [], signal);
  void share('eth_config', [], signal);
  const mined = (await request('eth_getTransactionByHash', [txHash], signal)) as RpcTransaction | null;
  if (!mined) throw unknownTransaction(txHash);
  if (mined.blockNumber === null || mined.transactionIndex === null) throw pendingTransaction(txHash);
  const parentTag = `0x${(BigInt(mined.blockNumber) - 1n).toString(16)}` as const;
  const remote = new RemoteState(request, parentTag, signal);
  // What the transaction will touch, asked of the node while the block is read (see `readAhead`).
  const touches = unhandledIsRead(readAhead(request, mined, parentTag, signal));
  const [block, receipt] = (await Promise.all([
    request('eth_getBlockByNumber', [mined.blockNumber, true], signal),
    request('eth_getTransactionReceipt', [txHash], signal),
    remote.prefetch([mined.from, ...(mined.to ? [mined.to] : [])]),
  ])) as [RpcBlock | null, RpcReceipt | null, unknown];
  if (!block || !receipt) throw new Error(`The node lost block ${BigInt(mined.blockNumber)} of transaction ${txHash} while it was read.`);
  if (receipt.status === undefined) {
    throw new Error(`Transaction ${txHash}'s receipt states no status (a block before Byzantium): a replay could not be checked against it.`);
  }
  const number = BigInt(block.number);
  const index = Number(BigInt(mined.transactionIndex));
  if (number === 0n) throw new Error('A genesis block has no parent state to replay on.');
  if (block.transactions[index]?.hash.toLowerCase() !== txHash.toLowerCase()) {
    throw new Error(`Block ${number} no longer holds transaction ${txHash} at index ${index} (the chain reorganised?).`);
  }

  const timestamp = BigInt(block.timestamp);
  const earlier = block.transactions.slice(0, index);
  const upTo = block.transactions.slice(0, index + 1);
  // Every sender, recipient and access list of the block up to this one is known now, and the block's beneficiary
  // and system contracts are read by every block: all read at once, with the read-ahead's, while the fork is read.
  // The read-ahead of the calls among the block's earlier transactions too (the nearest ones, a few at most).
  const earlierTouches = earlier
    .filter((each) => each.to && each.input !== '0x')
    .slice(-READ_AHEAD_EARLIER)
    .map((each) => unhandledIsRead(readAhead(request, each, parentTag, signal)));
  // What the block's start wrote, as the node's state after the block holds it (see `applyBlockStart`): asked now.
  const afterBlock = (address: `0x${string}`, slot: `0x${string}`) => share('eth_getStorageAt', [address.toLowerCase(), slot, block.number], signal) as Promise<string>;
  if (block.parentBeaconBlockRoot) {
    void afterBlock(SYSTEM_CONTRACTS[1]!, word((number - 1n) % 8191n)).catch(() => undefined);
    void afterBlock(SYSTEM_CONTRACTS[0]!, word(timestamp % 8191n)).catch(() => undefined);
  }
  const [common] = await Promise.all([
    chainCommon(share, { number, timestamp, header: block }, signal),
    remote.prefetch(
      [
        ...upTo.flatMap((each) => [each.from, ...(each.to ? [each.to] : []), ...(each.accessList ?? []).map((entry) => entry.address)]),
        ...(block.miner ? [block.miner as `0x${string}`] : []),
        ...(block.parentBeaconBlockRoot ? SYSTEM_CONTRACTS : []),
      ],
      upTo.flatMap((each) => (each.accessList ?? []).flatMap((entry) => entry.storageKeys.map((key) => [entry.address, key] as [`0x${string}`, `0x${string}`]))),
    ),
    ...[touches, ...earlierTouches].map((pending) =>
      pending.then((list) => remote.prefetch(list.map((entry) => entry.address), list.flatMap((entry) => entry.storageKeys.map((key) => [entry.address, key] as [`0x${string}`, `0x${string}`])))),
    ),
  ]);
  const state = new LayeredState(remote);
  const vm = await createVM({ common, stateManager: state, blockchain: blockHashes(request, signal) });
  const header = createBlockFromRPC({ ...block, transactions: [] }, [], { common, skipConsensusFormatValidation: true });
  await applyBlockStart(
    state,
    common,
    { number, timestamp, parentHash: block.parentHash, parentBeaconBlockRoot: block.parentBeaconBlockRoot },
    afterBlock,
  );

  let blockGasUsed = 0n;
  const rules = txRules(upTo);
  for (const [position, each] of earlier.entries()) {
    signal?.throwIfAborted();
    let result: RunTxResult;
    try {
      result = await runTx(vm, { tx: await toTransaction(each, common, rules), block: header, skipBlockGasLimitValidation: true, blockGasUsed });
    } catch (error) {
      // The block's state before the transaction asked for cannot be rebuilt: no result rather than a wrong one.
      throw new Error(`Replaying transaction ${position} of block ${number} (${each.hash}), before ${txHash}, failed: ${(error as Error).message}`, { cause: error });
    }
    blockGasUsed += result.totalGasSpent;
  }
  signal?.throwIfAborted();

  // The transaction's own writes in a layer of their own, so what it changed can be read off after it.
  await state.checkpoint();
  const recorder = recordFrames(vm.evm as EVM);
  let result: RunTxResult;
  try {
    result = await runTx(vm, { tx: await toTransaction(mined, common, rules), block: header, skipBlockGasLimitValidation: true, blockGasUsed });
  } catch (error) {
    // E.g. a nonce or balance the replayed state does not allow: the node mined it, so the replay's state is wrong.
    throw new Error(`Replaying transaction ${txHash} failed: ${(error as Error).message}`, { cause: error });
  } finally {
    recorder.detach();
  }
  const frame = recorder.root();
  const executionGas = recorder.rootGas();
  if (!frame || executionGas === undefined) throw new Error(`The EVM library ran transaction ${txHash} without a message: nothing to show.`);
  // The transaction's own frame is what it was sent with and what it paid for, intrinsic gas and refunds included.
  frame.gas = `0x${BigInt(mined.gas).toString(16)}`;
  frame.gasUsed = `0x${result.totalGasSpent.toString(16)}`;

  const check = checkAgainstReceipt(
    { status: BigInt(receipt.status) === 1n ? 1 : 0, gasUsed: BigInt(receipt.gasUsed), logs: receipt.logs },
    {
      status: result.execResult.exceptionError ? 0 : 1,
      gasUsed: result.totalGasSpent,
      logs: result.receipt.logs.map(([address, topics, data]) => ({
        address: bytesToHex(address),
        topics: topics.map((topic) => bytesToHex(topic)),
        data: bytesToHex(data),
      })),
    },
  );
  const stateDiff = await stateDiffOf(state, createdBy(frame));
  return {
    frame,
    check,
    stateDiff,
    hardfork: hardforkLabel(common),
    intrinsicGas: BigInt(mined.gas) - executionGas,
    earlierTransactions: earlier.length,
    stateReads: remote.reads,
  };
}

/**
 * The EVM library's transaction for a node's JSON. Its sender is the node's `from`: recovering it from the signature
 * would cost a signature check per transaction (600 in a big block) to learn what the node already says.
 */
async function toTransaction(json: RpcTransaction, common: Common, params: ParamsDict | undefined): Promise<TypedTransaction> {
  let tx: TypedTransaction;
  try {
    tx = await createTxFromRPC(json as never, { common, freeze: false, ...(params ? { params } : {}) });
  } catch (error) {
    throw new Error(`The EVM library refuses transaction ${json.hash} under ${common.hardfork()}: ${(error as Error).message}`, { cause: error });
  }
  const sender = new Address(hexToBytes(json.from));
  Object.defineProperty(tx, 'getSenderAddress', { value: () => sender });
  return tx;
}

/** The contracts a call tree created (its creation frames that succeeded). */
function createdBy(frame: CallFrame, into = new Set<string>()): Set<string> {
  if ((frame.kind === 'create' || frame.kind === 'create2') && frame.to && !frame.error) into.add(frame.to);
  for (const child of frame.children) createdBy(child, into);
  return into;
}

/**
 * The library's transaction rules for these transactions: its own, except EIP-7825's gas cap (2^24) lifted when one
 * of them is over it. The node mined that one, so its chain does not apply the cap (Anvil does not by default), and
 * the cap is only a check: lifting it changes nothing else of the execution.
 */
function txRules(transactions: RpcTransaction[]): ParamsDict | undefined {
  const cap = BigInt((paramsTx as ParamsDict)[7825]!.maxTransactionGasLimit as number);
  if (!transactions.some((each) => BigInt(each.gas) > cap)) return undefined;
  const rules = JSON.parse(JSON.stringify(paramsTx)) as ParamsDict;
  rules[7825] = { ...rules[7825], maxTransactionGasLimit: Number.MAX_SAFE_INTEGER };
  return rules;
}

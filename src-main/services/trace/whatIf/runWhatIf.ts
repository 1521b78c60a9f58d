import { createBlockFromRPC, type JSONRPCBlock } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { EVM } from '@ethereumjs/evm';
import { createTxFromRPC, type TypedTransaction } from '@ethereumjs/tx';
import { Address, bytesToHex, hexToBytes, setLengthLeft, unpadBytes } from '@ethereumjs/util';
import { createVM, runTx, type RunTxResult } from '@ethereumjs/vm';
import type { CallFrame } from '../../../../src-shared/trace/callFrame';
import { BlockglassError } from '../../errors/blockglassError';
import { blockHashes } from '../replay/blockHashes';
import { applyBlockStart } from '../replay/blockStart';
import { chainCommon, type ForkFields } from '../replay/chainHardfork';
import { recordFrames } from '../replay/frameRecorder';
import { LayeredState } from '../replay/layeredState';
import { checkAgainstReceipt, type CheckedLog } from '../replay/receiptCheck';
import { RemoteState } from '../replay/remoteState';
import type { ReplayCheck, ReplayDeps } from '../replay/replayTypes';

/** A mined transaction as `eth_getTransactionByHash` states it (what a what-if reads and changes of it). */
export interface MinedTransaction {
  hash: `0x${string}`;
  from: `0x${string}`;
  to?: `0x${string}` | null;
  gas: `0x${string}`;
  value: `0x${string}`;
  input: `0x${string}`;
  blockNumber: `0x${string}` | null;
  [field: string]: unknown;
}

/** What a what-if changes, ready to run: the transaction's fields and the state it starts from. */
export interface WhatIfEdit {
  gas?: bigint;
  value?: bigint;
  from?: `0x${string}`;
  input?: `0x${string}`;
  /** Balances set before it runs, in wei. */
  balances?: [`0x${string}`, bigint][];
  /** Storage slots set before it runs: address, slot, value (each 32 bytes at most). */
  storage?: [`0x${string}`, `0x${string}`, `0x${string}`][];
}

/** One run: the call tree and what a receipt would say. */
export interface WhatIfRun {
  frame: CallFrame;
  status: 0 | 1;
  gasLimit: bigint;
  gasUsed: bigint;
}

/** Both runs of a what-if, and whether the unchanged one did what the chain did. */
export interface WhatIfRuns {
  blockNumber: bigint;
  hardfork: string;
  original: WhatIfRun;
  rerun: WhatIfRun;
  /** The unchanged run against the receipt (status, gas used, logs). */
  check: ReplayCheck;
}

interface RpcReceipt {
  status?: `0x${string}`;
  gasUsed: `0x${string}`;
  logs: CheckedLog[];
}

/**
 * Runs a mined transaction twice as a call on its parent block's state (not after its block's earlier transactions,
 * as `eth_call` at the parent would): once as it was, once with `edit` applied (made from the transaction by
 * `editOf`, which may throw a `BlockglassError` for a change that cannot apply). Nonce and balance checks are
 * skipped, as a call skips them; a sender short of the up-front cost is given it. Both runs share one cache of the
 * parent's state, read with standard methods only, so the second costs little.
 */
export async function runWhatIf(
  deps: ReplayDeps,
  hash: `0x${string}`,
  editOf: (mined: MinedTransaction) => Promise<WhatIfEdit>,
  signal?: AbortSignal,
): Promise<WhatIfRuns> {
  const request = deps.request;
  const mined = (await request('eth_getTransactionByHash', [hash], signal)) as MinedTransaction | null;
  if (!mined) throw new BlockglassError('The node does not know this transaction.', { code: 'NOT_FOUND', details: `No transaction ${hash} on this network.` });
  if (mined.blockNumber === null) {
    throw new BlockglassError('This transaction is not mined yet: only a mined transaction can be run again.', { code: 'INVALID_INPUT' });
  }
  const [block, receipt] = (await Promise.all([
    request('eth_getBlockByNumber', [mined.blockNumber, false], signal),
    request('eth_getTransactionReceipt', [hash], signal),
  ])) as [JSONRPCBlock | null, RpcReceipt | null];
  if (!block || !receipt) throw new Error(`The node lost block ${BigInt(mined.blockNumber)} of transaction ${hash} while it was read.`);
  const number = BigInt(block.number!);
  if (number === 0n) throw new BlockglassError('A transaction of the genesis block has no parent state to run on.', { code: 'INVALID_INPUT' });
  const edit = await editOf(mined);

  const timestamp = BigInt(block.timestamp!);
  // The header tells the fork where the node states none (Hardhat 2, Ganache 7), as for the Trace tab's replay.
  const common = await chainCommon(request, { number, timestamp, header: block as ForkFields }, signal);
  const remote = new RemoteState(request, `0x${(number - 1n).toString(16)}`, signal);
  const header = createBlockFromRPC({ ...block, transactions: [] }, [], { common, skipConsensusFormatValidation: true });
  const start = { number, timestamp, parentHash: block.parentHash as `0x${string}`, parentBeaconBlockRoot: block.parentBeaconBlockRoot as `0x${string}` | undefined };
  const afterBlockReads = new Map<string, Promise<string>>();
  const afterBlock = (address: `0x${string}`, slot: `0x${string}`) => {
    const key = `${address}:${slot}`;
    if (!afterBlockReads.has(key)) afterBlockReads.set(key, request('eth_getStorageAt', [address, slot, block.number], signal) as Promise<string>);
    return afterBlockReads.get(key)!;
  };
  await remote.prefetch([mined.from, ...(mined.to ? [mined.to] : []), ...(edit.from ? [edit.from] : [])]);

  const run = async (change: WhatIfEdit): Promise<WhatIfRun & { result: RunTxResult }> => {
    const state = new LayeredState(remote);
    const vm = await createVM({ common, stateManager: state, blockchain: blockHashes(request, signal) });
    // Only the block-start writes the node made (Hardhat makes none), read once for both runs.
    await applyBlockStart(state, common, start, afterBlock);
    for (const [address, balance] of change.balances ?? []) await state.modifyAccountFields(addressOf(address), { balance });
    for (const [address, slot, value] of change.storage ?? []) {
      await state.putStorage(addressOf(address), setLengthLeft(hexToBytes(evenHex(slot)), 32), unpadBytes(hexToBytes(evenHex(value))));
    }
    const tx = await transactionOf(
      {
        ...mined,
        ...(change.gas !== undefined ? { gas: quantity(change.gas) } : {}),
        ...(change.value !== undefined ? { value: quantity(change.value) } : {}),
        ...(change.input !== undefined ? { input: change.input, data: change.input } : {}),
        from: change.from ?? mined.from,
      },
      common,
    );
    const intrinsic = tx.getIntrinsicGas();
    if (tx.gasLimit < intrinsic) {
      throw new BlockglassError(`A gas limit of ${grouped(tx.gasLimit)} is below the ${grouped(intrinsic)} this transaction pays before its code runs.`, {
        code: 'INVALID_INPUT',
        details: 'Its intrinsic gas: 21,000, more for its call data, a creation or an access list. Give at least that much.',
      });
    }
    signal?.throwIfAborted();
    const recorder = recordFrames(vm.evm as EVM);
    let result: RunTxResult;
    try {
      result = await runTx(vm, { tx, block: header, skipBlockGasLimitValidation: true, skipNonce: true, skipBalance: true });
    } catch (error) {
      throw new BlockglassError('The EVM refused to run the transaction this way.', {
        code: 'INVALID_INPUT',
        details: `As a call on block ${number - 1n}'s state, it was refused before its code ran: ${(error as Error).message.split(' -> ')[0]}`,
        cause: error,
      });
    } finally {
      recorder.detach();
    }
    const frame = recorder.root();
    if (!frame) throw new Error(`The EVM library ran transaction ${hash} without a message: nothing to show.`);
    frame.gas = quantity(tx.gasLimit);
    frame.gasUsed = quantity(result.totalGasSpent);
    return { frame, status: result.execResult.exceptionError ? 0 : 1, gasLimit: tx.gasLimit, gasUsed: result.totalGasSpent, result };
  };

  const { result: originalResult, ...original } = await run({});
  const { result: _rerunResult, ...rerun } = await run(edit);
  const check =
    receipt.status === undefined
      ? { matchesReceipt: false, differences: [] }
      : checkAgainstReceipt(
          { status: BigInt(receipt.status) === 1n ? 1 : 0, gasUsed: BigInt(receipt.gasUsed), logs: receipt.logs },
          {
            status: original.status,
            gasUsed: original.gasUsed,
            logs: originalResult.receipt.logs.map(([address, topics, data]) => ({
              address: bytesToHex(address),
              topics: topics.map((topic) => bytesToHex(topic)),
              data: bytesToHex(data),
            })),
          },
        );
  return { blockNumber: number, hardfork: common.hardfork(), original, rerun, check };
}

/** The EVM library's transaction for a node's JSON, its sender the JSON's `from` (a call needs no signature). */
async function transactionOf(json: MinedTransaction, common: Common): Promise<TypedTransaction> {
  let tx: TypedTransaction;
  try {
    tx = await createTxFromRPC(json as never, { common, freeze: false });
  } catch (error) {
    throw new BlockglassError('The EVM library refuses the transaction with this change.', {
      code: 'INVALID_INPUT',
      details: `Under ${common.hardfork()}: ${(error as Error).message.split(' -> ')[0]}`,
      cause: error,
    });
  }
  const sender = addressOf(json.from);
  Object.defineProperty(tx, 'getSenderAddress', { value: () => sender });
  return tx;
}

/** 22,000 */
const grouped = (value: bigint) => value.toLocaleString('en-US');
const addressOf = (text: `0x${string}`) => new Address(hexToBytes(text));
const quantity = (value: bigint): `0x${string}` => `0x${value.toString(16)}`;
/** `0x` and an even number of digits (`0x1` → `0x01`), as hexToBytes wants. */
const evenHex = (text: `0x${string}`): `0x${string}` => (text.length % 2 === 0 ? text : `0x0${text.slice(2)}`);

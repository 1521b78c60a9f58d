import type { AddressMark, LogView, RevertView, RpcObject, TokenTransfer, TransactionView } from '../../../src-shared/api/explorer';
import { toEventSelector } from 'viem';
import { tokenTransfers } from '../../../src-shared/decoding/tokenTransfers';
import { BlockglassError, walkCauses } from '../errors/blockglassError';
import type { RpcService } from '../rpc/createRpcService';
import { revertPayload } from '../rpc/dialects/revertPayload';
import { REVERTED_WITHOUT_DATA } from '../rpc/dialects/revertedWithoutData';
import type { Decoder } from '../decoding/createDecoder';
import { NotFoundError } from '../errors/notFoundError';
import { feeOf, summarizeBlock } from './summarizeBlock';
import type { createTokenFacts } from '../chains/tokenFacts';
import { isAddressText } from '../../../src-shared/chain/isAddressText';
import type { AddressName } from '../../../src-shared/names/addressName';

type Rpc = Pick<RpcService, 'request'>;

/** What a transaction is looked up by. */
export type TransactionRef = { hash: string } | { blockHash: string; index: number };

export interface TransactionDeps {
  rpc: Rpc;
  decoder: Decoder;
  tokens: ReturnType<typeof createTokenFacts>;
  networkName: (networkId: string) => Promise<string>;
  /** The label a person gave an address, if any. */
  labelOf?: (address: string) => string | undefined;
  /** The name an address goes by and where it comes from (the decoding service's `namesOf`); the marks carry both. */
  nameOf?: (address: string) => AddressName | undefined;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A transaction with its receipt, block, neighbours, decoded input and logs, token transfers, and for a
 * failed one the revert reproduced with `eth_call` at its parent block.
 */
export async function readTransaction(deps: TransactionDeps, networkId: string, ref: TransactionRef, signal?: AbortSignal): Promise<TransactionView> {
  const { rpc, decoder } = deps;
  const options = { signal };
  const byHash = 'hash' in ref;
  const [transaction, receiptByHash, head] = await Promise.all([
    byHash
      ? rpc.request<RpcObject | null>(networkId, 'eth_getTransactionByHash', [ref.hash], options)
      : rpc.request<RpcObject | null>(networkId, 'eth_getTransactionByBlockHashAndIndex', [ref.blockHash, `0x${ref.index.toString(16)}`], options),
    byHash ? rpc.request<RpcObject | null>(networkId, 'eth_getTransactionReceipt', [ref.hash], options) : Promise.resolve(undefined),
    rpc.request<string>(networkId, 'eth_blockNumber', [], options),
  ]);
  if (!transaction) {
    const name = await deps.networkName(networkId);
    throw byHash
      ? new NotFoundError({ what: 'transaction', id: ref.hash }, `No transaction ${ref.hash} on ${name}.`, { details: `The node knows no transaction with this hash: check it, or the network (the head is block ${BigInt(head).toString(10)}).` })
      : new NotFoundError({ what: 'transaction', id: `${ref.blockHash}:${ref.index}` }, `No transaction at index ${ref.index} of block ${ref.blockHash} on ${name}.`, { details: 'That block has no transaction at this index, or the node knows no such block.' });
  }
  const hash = str(transaction.hash) ?? '';
  const blockHash = str(transaction.blockHash);
  // The block (for the neighbours) is awaited last: nothing before needs it.
  const blockRead = blockHash ? rpc.request<RpcObject | null>(networkId, 'eth_getBlockByHash', [blockHash, false], options) : Promise.resolve(null);
  blockRead.catch(() => {}); // awaited below; a failure before then must not go unhandled
  const receipt = receiptByHash !== undefined ? receiptByHash : await rpc.request<RpcObject | null>(networkId, 'eth_getTransactionReceipt', [hash], options);
  const pending = blockHash === null || receipt === null;
  const to = str(transaction.to);
  const input = str(transaction.input) ?? '0x';
  const logs = ((receipt?.logs as RpcObject[] | undefined) ?? []).filter((log) => typeof log === 'object' && log !== null);
  const labelOf = deps.labelOf ?? (() => undefined);

  // Started at once, beside the decoding: the marks of the addresses already known, and the token facts of
  // every log that looks like a token transfer by its topic (the decoded logs then find them read or in flight).
  const firstMarks = markAddresses(rpc, networkId, labelOf, [str(transaction.from), to, str(receipt?.contractAddress), ...logs.map((log) => str(log.address))], signal);
  for (const log of logs) {
    const [topic0] = (log.topics as string[] | undefined) ?? [];
    const address = str(log.address);
    if (address && topic0 && TOKEN_EVENT_TOPICS.has(topic0.toLowerCase())) void deps.tokens.read(networkId, address, signal).catch(() => {});
  }
  const [decodedInput, decodedLogs, revert] = await Promise.all([
    to === null ? Promise.resolve(null) : decoder.call(networkId, to, input, signal),
    Promise.all(logs.map((log) => decoder.log(networkId, { address: str(log.address) ?? '', topics: (log.topics as string[]) ?? [], data: str(log.data) ?? '0x' }, signal))),
    receipt?.status === '0x0' ? reproduceRevert(deps, networkId, transaction, signal) : Promise.resolve(null),
  ]);
  const logViews: LogView[] = logs.map((log, index) => ({ log, decoded: decodedLogs[index]! }));
  const facts = tokenTransfers(logViews.map(({ log, decoded }) => ({ address: str(log.address) ?? '', logIndex: Number(str(log.logIndex) ?? index(log)), decoded })));
  const transfers: TokenTransfer[] = await Promise.all(
    facts.map(async (fact) => ({ ...fact, ...(await deps.tokens.read(networkId, fact.token, signal)) })),
  );

  const block = await blockRead;
  const hashes = ((block?.transactions as unknown[] | undefined) ?? []).filter((item): item is string => typeof item === 'string');
  const position = block && hashes.length > 0 ? positionIn(hashes, hash) : null;
  const marked = await firstMarks;
  const found = { ...marked, ...(await markAddresses(rpc, networkId, labelOf, transfers.flatMap((t) => [t.from, t.to]).filter((address) => !!address && !Object.hasOwn(marked, address.toLowerCase())), signal)) };
  // Named once the decoding is done: a contract's metadata (its name) was read by then, whatever answered first.
  const addresses = deps.nameOf ? nameMarks(found, deps.nameOf) : found;

  return {
    transaction,
    receipt,
    pending,
    block: block ? summarizeBlock(block) : null,
    head,
    position,
    fee: feeOf(receipt),
    input: decodedInput,
    logs: logViews,
    transfers,
    revert,
    addresses,
  };
}

/** topic0 of the events `tokenTransfers` reads: ERC-20/721 Transfer, ERC-1155 TransferSingle, WETH Deposit and Withdrawal. */
const TOKEN_EVENT_TOPICS = new Set<string>(
  ['Transfer(address,address,uint256)', 'TransferSingle(address,address,address,uint256,uint256)', 'Deposit(address,uint256)', 'Withdrawal(address,uint256)'].map((signature) => toEventSelector(signature)),
);

const index = (log: RpcObject) => (typeof log.logIndex === 'string' ? log.logIndex : '0x0');

function positionIn(hashes: string[], hash: string): TransactionView['position'] {
  const at = hashes.indexOf(hash);
  if (at < 0) return null;
  return { index: at, count: hashes.length, previous: hashes[at - 1] ?? null, next: hashes[at + 1] ?? null };
}

/** The call a failed transaction made, run again at its parent block: its revert decoded, labelled as reproduced. */
async function reproduceRevert(deps: TransactionDeps, networkId: string, tx: RpcObject, signal?: AbortSignal): Promise<RevertView> {
  const number = str(tx.blockNumber);
  const parent = number && BigInt(number) > 0n ? `0x${(BigInt(number) - 1n).toString(16)}` : 'earliest';
  const call: Record<string, unknown> = { from: tx.from, data: tx.input, value: tx.value, gas: tx.gas };
  if (tx.to) call.to = tx.to;
  if (Array.isArray(tx.accessList)) call.accessList = tx.accessList;
  try {
    await deps.rpc.request(networkId, 'eth_call', [call, parent], { signal });
    return { atBlock: parent, reproduced: false, decoding: null, note: 'The same call succeeds at the parent block: the failure depended on transactions before it in its own block, or on gas.' };
  } catch (error) {
    // A revert in any node's words (Hardhat's -32603 with data.data, Ganache's -32000, geth's 3…) is reproduced.
    const found = revertPayload(error);
    if (!found.reverted) {
      const message = (walkCauses(error, (cause) => cause instanceof BlockglassError) as BlockglassError | null)?.shortMessage ?? 'the node refused the call';
      return { atBlock: parent, reproduced: false, decoding: null, note: `It could not be reproduced: ${message}.` };
    }
    return { atBlock: parent, reproduced: true, decoding: found.data === null ? REVERTED_WITHOUT_DATA : await deps.decoder.revert(networkId, str(tx.to), found.data, signal) };
  }
}

/** Whether each address on the page holds code (one batch of eth_getCode), and its label. */
/** The marks with each address's name as it stands now, and where the name comes from. */
function nameMarks(marks: Record<string, AddressMark>, nameOf: (address: string) => AddressName | undefined): Record<string, AddressMark> {
  return Object.fromEntries(
    Object.entries(marks).map(([address, mark]) => {
      const name = nameOf(address);
      return [address, { isContract: mark.isContract, ...(name ? { label: name.name, labelSource: name.source } : {}) }];
    }),
  );
}

async function markAddresses(rpc: Rpc, networkId: string, labelOf: (address: string) => string | undefined, list: (string | null)[], signal?: AbortSignal): Promise<Record<string, AddressMark>> {
  const unique = [...new Set(list.filter((address): address is string => !!address && isAddressText(address)).map((address) => address.toLowerCase()))];
  const codes = await Promise.all(unique.map((address) => rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal }).catch(() => '0x')));
  return Object.fromEntries(
    unique.map((address, i) => {
      const label = labelOf(address);
      return [address, { isContract: (codes[i] ?? '0x') !== '0x', ...(label ? { label } : {}) }];
    }),
  );
}

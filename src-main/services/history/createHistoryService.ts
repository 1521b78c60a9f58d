import { numberToHex } from 'viem';
import { droppedField } from '../../../src-shared/logs/droppedBlocks';
import type { ApprovalsView, BalanceHistoryView, CreationView, HoldingsView, SentEvent, SentPage, SentTransactionRow, TokenHoldersView, TransfersEvent } from '../../../src-shared/api/history';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import type { BlockReader } from '../chains/blockReader';
import { BlockglassError } from '../errors/blockglassError';
import type { RpcService } from '../rpc/createRpcService';
import type { Store } from '../store/openStore';
import { KnownAtBlocks } from './knownAtBlocks';
import { locateNonces } from './locateNonces';
import { createTokenFacts } from '../chains/tokenFacts';
import { createNonceCountStore } from './nonceCountStore';
import { findCreation } from './findCreation';
import type { LogExportResult } from '../../../src-shared/logs/types';
import type { SaveFile } from '../files/createDownloads';
import { isStoredBalanceHistory, readBalanceHistory } from './readBalanceHistory';
import { createHistoryFactsStore } from './historyFactsStore';
import { transferExportChunks } from './transferExportChunks';
import { readHolders } from './readHolders';
import { readHoldings } from './readHoldings';
import { scanTransfers } from './scanTransfers';
import { createTransferStore } from './transferStore';
import { createSentStore, type SentStoreRow } from './sentStore';
import { orUnkept, UNKEPT } from './unkeptState';
import { settledHeadState } from './settledHeadState';
import { createOldStateReads } from './oldStateReads';
import { approvalsOf } from './approvalsOf';
import { callersOf } from './callersOf';
import type { CallTreeOf } from './internalTouches';
import { isKeptCallers } from './keptCallers';
import type { CallersEvent } from '../../../src-shared/api/callers';
import type { DecodingService } from '../decoding/createDecodingService';

/** What an address did, found on the node itself (no indexer). */
export interface HistoryService {
  /** A page of the transactions `address` sent, newest first: progress events, then the page. */
  sent(networkId: string, address: string, page: { before?: number; count: number }, emit: (event: SentEvent) => void, signal: AbortSignalLike): Promise<void>;
  /** Every token transfer of `address`: the rows kept on this machine, then the blocks after them, with progress. */
  transfers(networkId: string, address: string, emit: (event: TransfersEvent) => void, signal: AbortSignalLike): Promise<void>;
  /** What `address` holds now of every token it received (its transfers scanned first, as `transfers` does). */
  holdings(networkId: string, address: string, signal?: AbortSignal): Promise<HoldingsView>;
  /** Drops what is kept of a chain's histories (its chain was replaced, e.g. the sandbox's chain was reset), in memory and on disk. */
  forget(chain: string | undefined): void;
  /** The address's token transfers as a CSV file (a download on the web host, a save dialog in Electron). */
  exportTransfers(networkId: string, address: string, signal?: AbortSignal): Promise<LogExportResult>;
  /** The ETH balance over time: samples, and every change found between them by bisection. */
  balance(networkId: string, address: string, samples: number, signal?: AbortSignal): Promise<BalanceHistoryView>;
  /** An ERC-20 token's holders by its Transfer logs, largest first. */
  holders(networkId: string, token: string, signal?: AbortSignal): Promise<TokenHoldersView>;
  /** Where a contract was created (null for an address without code). */
  creation(networkId: string, address: string, signal?: AbortSignal): Promise<CreationView | null>;
  /** The approvals the address granted (ERC-20 allowances, ERC-721 tokens and operators), each as it stands now. */
  approvals(networkId: string, address: string, signal?: AbortSignal): Promise<ApprovalsView>;
  /** Who called a contract (or what came into an account): the blocks its state changed in, by bisection, and their transactions that touched it. */
  callers(networkId: string, address: string, emit: (event: CallersEvent) => void, signal: AbortSignalLike): Promise<void>;
}

export interface HistoryServiceOptions {
  rpc: Pick<RpcService, 'request' | 'client'>;
  /** Blocks with their rows decoded (the explorer's reads, handed in by the app: finalized blocks are kept on this machine). */
  explorer: Pick<BlockReader, 'block' | 'rowsOf' | 'methodLabel'>;
  /** The chain a network is on (chains/chainKey.ts): what is kept is the chain's. */
  chainOf: (networkId: string) => Promise<string>;
  /** Where counts read at finalized blocks are kept; in memory only without it. */
  store?: Pick<Store, 'db' | 'assertNoSecrets'>;
  /** How the shell lets the person save a file (exports). */
  saveFile?: SaveFile;
  /** Names addresses (labels, contract names from metadata); approvals' spenders are unnamed without it. */
  decoding?: Pick<DecodingService, 'labelsOf' | 'contractNameOf'>;
  /** A mined transaction's call tree (the trace service's, handed in by the app); without it an internal change is said of its block only. */
  callTree?: CallTreeOf;
  /** Reads of state at past blocks a network is sent at once (`OLD_STATE_READS_AT_ONCE` unless given). */
  oldStateReadsAtOnce?: number;
}

/** Blocks read at once while a page's rows are gathered. */
const BLOCK_READS = 16;

export function createHistoryService(options: HistoryServiceOptions): HistoryService {
  const { rpc } = options;
  const stored = options.store ? createNonceCountStore(options.store) : undefined;
  const facts = options.store ? createHistoryFactsStore(options.store) : undefined;
  const sentRows = options.store ? createSentStore(options.store) : undefined;
  /** The node's finalized block (−1 when it names none): what lies at or below it is kept. */
  const finalizedOf = async (networkId: string, signal: AbortSignal): Promise<bigint> => {
    const block = await rpc.request<{ number?: string } | null>(networkId, 'eth_getBlockByNumber', ['finalized', false], { signal }).catch(() => null);
    return typeof block?.number === 'string' ? BigInt(block.number) : -1n;
  };
  const scanDeps = { rpc, tokens: createTokenFacts(rpc), ...(options.store ? { store: createTransferStore(options.store) } : {}) };
  // Counts by chain and address: those read at finalized blocks come from (and go to) the store; the others
  // (above the finalized block, which a reorganisation may change) are kept for this run and checked again after.
  const memory = new Map<string, { known: KnownAtBlocks<number>; finalized: bigint }>();
  // Every read of state at a past block, whichever tab asks, waits its turn in its network's queue.
  const oldStateReads = createOldStateReads(options.oldStateReadsAtOnce);
  const blockNumber = async (networkId: string, signal: AbortSignal) => BigInt(await rpc.request<string>(networkId, 'eth_blockNumber', [], { signal }));

  /** A page of what `address` sent (HistoryService.sent); read anew once where the count first read at the head was the next block's. */
  const sentPage = async (networkId: string, address: string, page: { before?: number; count: number }, emit: (event: SentEvent) => void, signal: AbortSignal, settle: boolean): Promise<void> => {
    const owner = address.toLowerCase();
    const chain = await options.chainOf(networkId);
    let requests = 0;
    const counted = <T>(request: Promise<T>): Promise<T> => ((requests += 1), request);
    const [headHex, finalized] = await Promise.all([counted(rpc.request<string>(networkId, 'eth_blockNumber', [], { signal })), counted(finalizedOf(networkId, signal))]);
    const head = BigInt(headHex);
    const headCount = Number(BigInt(await counted(oldStateReads(networkId, () => rpc.request<string>(networkId, 'eth_getTransactionCount', [owner, headHex], { signal })))));

    const key = `${chain}\n${owner}`;
    let entry = memory.get(key);
    if (!entry) {
      entry = { known: new KnownAtBlocks<number>(stored?.read(chain, owner) ?? []), finalized };
      memory.set(key, entry);
    } else if (finalized < entry.finalized) {
      // The node's finalized block went back (a replaced chain): what was known above it may be wrong.
      entry = { known: new KnownAtBlocks<number>(entry.known.entries().filter(([block]) => block <= finalized)), finalized };
      memory.set(key, entry);
    }
    // Counts above the finalized block are checked again on each visit: a reorganisation may have changed them.
    const known = new KnownAtBlocks<number>(entry.known.entries().filter(([block]) => block <= finalized));
    const before = Math.min(page.before ?? headCount, headCount);
    const from = Math.max(0, before - page.count);
    // Rows kept from an earlier visit (at or below a finalized block) are shown again, their methods named anew
    // (an ABI may have been imported since); only the other nonces are located and their blocks read.
    const rows: SentTransactionRow[] = await Promise.all(
      [...(sentRows?.read(chain, owner, from, before).values() ?? [])].map(async ({ input, ...row }) => ({ ...row, method: await options.explorer.methodLabel(networkId, row.to, input) })),
    );
    const keptNonces = new Set(rows.map((row) => row.nonce));
    const withoutTransaction: SentPage['withoutTransaction'] = [];
    const notKept: SentPage['notKept'] = [];
    const wanted = Array.from({ length: before - from }, (_, i) => from + i).filter((nonce) => !keptNonces.has(nonce));
    if (wanted.length > 0) {
      const client = await rpc.client(networkId, { signal });
      const knownBefore = new Set(known.entries().map(([block]) => block));
      // The count at the finalized block itself, kept: a later visit then splits every interval across it at a known
      // point, so it never asks about a block at or below it (whatever its new head makes the midpoints).
      // A node that keeps no state of a block answers UNKEPT there (see unkeptState.ts): the nonces in such a run are
      // said as a range, the others located as usual.
      const countAt = orUnkept(async (block: bigint) => {
        requests += 1;
        return await oldStateReads(networkId, () => client.getTransactionCount({ address: owner as `0x${string}`, blockNumber: block }));
      });
      if (finalized >= 0n && finalized < head && known.get(finalized) === undefined) {
        const count = await countAt(finalized);
        if (count !== UNKEPT) known.set(finalized, count);
      }
      emit({ kind: 'progress', located: 0, of: wanted.length, requests });
      const located = await locateNonces(wanted, head, headCount, known, countAt, (count) => emit({ kind: 'progress', located: count, of: wanted.length, requests }));
      // The count at the head read again once the chain is past it (settledHeadState.ts); where it differs, read anew.
      if (settle && (await settledHeadState(head, headCount, () => blockNumber(networkId, signal), countAt)) !== null) return sentPage(networkId, address, page, emit, signal, false);
      for (const run of located.unplaced) notKept.push({ from: numberToHex(run.from), to: numberToHex(run.to), nonceFrom: Math.min(...run.nonces), nonceTo: Math.max(...run.nonces) });
      const fresh = known.entries().filter(([block]) => !knownBefore.has(block));
      stored?.write(chain, owner, fresh.filter(([block]) => block <= finalized));
      entry.known = known;
      entry.finalized = finalized;

      // The rows: each block's transactions from the address, in order, take the nonces from the block's first.
      const blocks = [...new Set(located.blocks.values())];
      const toKeep: SentStoreRow[] = [];
      let next = 0;
      const readOne = async (): Promise<void> => {
        while (next < blocks.length) {
          const block = blocks[next++]!;
          const read = await options.explorer.rowsOf(networkId, block, owner, signal);
          const first = located.firstNonce.get(block) ?? 0;
          (read?.rows ?? [])
            .filter((tx) => tx.from.toLowerCase() === owner)
            .forEach(({ input, nonce: own, ...tx }, i) => {
              // The transaction's own nonce; a node that gives none: the block's first, counted on.
              const nonce = own ?? first + i;
              if (nonce < from || nonce >= before || keptNonces.has(nonce)) return;
              const row = { ...tx, nonce, timestamp: read!.timestamp };
              rows.push(row);
              if (block <= finalized) toKeep.push({ ...row, input });
            });
        }
      };
      await Promise.all(Array.from({ length: Math.min(BLOCK_READS, blocks.length) }, readOne));
      sentRows?.write(chain, owner, toKeep);
      // A nonce its block holds no transaction for was used otherwise: an EIP-7702 authorization the address
      // signed (in someone's transaction, or its own), or a contract it created (a contract's nonce).
      const found = new Set(rows.map((row) => row.nonce));
      for (const nonce of wanted) {
        const block = located.blocks.get(nonce);
        if (!found.has(nonce) && block !== undefined) withoutTransaction.push({ nonce, block: `0x${block.toString(16)}` });
      }
    }
    rows.sort((a, b) => b.nonce - a.nonce);
    emit({
      kind: 'page',
      page: { address, nonce: headCount, head: headHex, rows, next: from > 0 ? from : null, requests, withoutTransaction: withoutTransaction.sort((a, b) => b.nonce - a.nonce), notKept: notKept.reverse() },
    });
  };

  const service: HistoryService = {
    forget(chain) {
      if (chain === undefined) return;
      for (const key of [...memory.keys()]) if (key.startsWith(`${chain}\n`)) memory.delete(key);
      stored?.forget(chain);
      facts?.forget(chain);
      sentRows?.forget(chain);
      scanDeps.store?.forget(chain);
    },
    async exportTransfers(networkId, address, signal = new AbortController().signal) {
      if (!options.saveFile) throw new BlockglassError('Exports are not available here.', { code: 'UNSUPPORTED' });
      const { rows, dropped } = await scanTransfers(scanDeps, networkId, await options.chainOf(networkId), address, () => undefined, signal);
      const name = `token-transfers-${address.toLowerCase().slice(0, 10)}-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}.csv`;
      const result = await options.saveFile({ name, type: 'text/csv; charset=utf-8', chunks: () => transferExportChunks(rows) });
      // The blocks the node no longer keeps are said with the file, as the page says them over the list.
      return result.kind === 'download'
        ? { kind: 'download', url: result.url, fileName: name, rows: rows.length, ...droppedField(dropped) }
        : result.kind === 'saved'
          ? { kind: 'saved', path: result.path, rows: rows.length, ...droppedField(dropped) }
          : result;
    },
    async balance(networkId, address, samples, signal = new AbortController().signal) {
      const chain = await options.chainOf(networkId);
      // A block whose state the node does not keep is said as such by readBalanceHistory (unkeptState.ts).
      const balanceAt = async (block: bigint) => BigInt(await oldStateReads(networkId, () => rpc.request<string>(networkId, 'eth_getBalance', [address, `0x${block.toString(16)}`], { signal })));
      const kept = facts?.read(chain, address, 'balance', isStoredBalanceHistory);
      const readUpToHead = async () => {
        const [head, finalized] = await Promise.all([blockNumber(networkId, signal), finalizedOf(networkId, signal)]);
        return { head, ...(await readBalanceHistory({ explorer: options.explorer }, networkId, address, head, balanceAt, samples, signal, kept ? { coveredTo: kept.block, ...kept.value } : undefined, finalized)) };
      };
      const first = await readUpToHead();
      // The head's balance read again once the chain is past it (settledHeadState.ts); where it differs, read anew.
      const atHead = first.view.samples.find((sample) => BigInt(sample.block) === first.head);
      const raced = atHead !== undefined && (await settledHeadState(first.head, BigInt(atHead.balance), () => blockNumber(networkId, signal), orUnkept(balanceAt))) !== null;
      const { view, keep } = raced ? await readUpToHead() : first;
      if (keep && (!kept || keep.coveredTo > kept.block)) facts?.write(chain, address, 'balance', keep.coveredTo, { samples: keep.samples, changes: keep.changes, truncated: keep.truncated });
      return view;
    },
    holders: (networkId, token, signal = new AbortController().signal) => readHolders(scanDeps, networkId, token, signal),
    approvals: (networkId, address, signal = new AbortController().signal) => approvalsOf({ rpc, ...(options.decoding ? { decoding: options.decoding } : {}) }, networkId, address, signal),
    async callers(networkId, address, emit, signalLike) {
      const signal = signalLike as AbortSignal;
      const chain = await options.chainOf(networkId);
      const kept = facts?.read(chain, address, 'callers', isKeptCallers);
      const creation = (id: string, at: string, creationSignal: AbortSignal) => service.creation(id, at, creationSignal);
      const keep = await callersOf({ rpc, explorer: options.explorer, creation, oldStateReads, ...(options.callTree ? { callTree: options.callTree } : {}) }, networkId, address, kept?.value, emit, signal);
      if (keep && (!kept || BigInt(keep.coveredTo) > kept.block)) facts?.write(chain, address, 'callers', BigInt(keep.coveredTo), keep);
    },
    async creation(networkId, address, signal = new AbortController().signal) {
      const readCode = (block: bigint) => oldStateReads(networkId, () => rpc.request<string>(networkId, 'eth_getCode', [address, `0x${block.toString(16)}`], { signal }));
      const chain = await options.chainOf(networkId);
      const kept = facts?.read(chain, address, 'creation', isKeptCreation);
      if (kept) return { ...kept.value, address, requests: 0 };
      const [found, finalized] = await Promise.all([findCreation({ rpc, explorer: options.explorer }, networkId, address, readCode, signal), finalizedOf(networkId, signal)]);
      // A creation at or below the finalized block stays where it is: kept, and read from here on.
      if (found && !found.notKept && BigInt(found.block) <= finalized) facts?.write(chain, address, 'creation', BigInt(found.block), { block: found.block, transactionHash: found.transactionHash, creator: found.creator });
      return found;
    },
    async transfers(networkId, address, emit, signal) {
      await scanTransfers(scanDeps, networkId, await options.chainOf(networkId), address, emit, signal as AbortSignal);
    },
    async holdings(networkId, address, signal = new AbortController().signal) {
      const { rows, dropped } = await scanTransfers(scanDeps, networkId, await options.chainOf(networkId), address, () => undefined, signal);
      const head = await rpc.request<string>(networkId, 'eth_blockNumber', [], { signal });
      return { ...(await readHoldings(rpc, networkId, address, rows, head, signal)), ...droppedField(dropped) };
    },
    sent: (networkId, address, page, emit, signal) => sentPage(networkId, address, page, emit, signal as AbortSignal, true),
  };
  return service;
}

/** Whether a value read back from the store is a creation as `creation` kept it. */
function isKeptCreation(value: unknown): value is Pick<CreationView, 'block' | 'transactionHash' | 'creator'> {
  const v = value as Partial<CreationView> | null;
  const hexOrNull = (x: unknown) => x === null || (typeof x === 'string' && /^0x[0-9a-fA-F]+$/.test(x));
  return typeof v === 'object' && v !== null && typeof v.block === 'string' && /^0x[0-9a-f]+$/.test(v.block) && hexOrNull(v.transactionHash) && hexOrNull(v.creator);
}


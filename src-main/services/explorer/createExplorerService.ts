import type { AddressMark, AddressView, BlockView, ImportedAbiView, LatestView, StorageView, TokenFactsView, TransactionView } from '../../../src-shared/api/explorer';
import { readTokenFacts } from './readTokenFacts';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import type { FeedHub } from '../rpc/createFeedHub';
import type { RpcService } from '../rpc/createRpcService';
import { describeBlockRef, parseBlockRef, blockParam, type BlockRef } from '../chains/blockRef';
import type { Store } from '../store/openStore';
import { createChainCache } from './createChainCache';
import { createStoredChainCache } from './createStoredChainCache';
import type { DecodingService } from '../decoding/createDecodingService';
import { NotFoundError } from '../errors/notFoundError';
import { readBlock } from './readBlock';
import { readTransaction, type TransactionRef } from './readTransaction';
import { transactionRows } from './summarizeBlock';
import { readRowsOf } from './readRowsOf';
import type { BlockReader } from '../chains/blockReader';
import { delegationTarget } from '../decoding/detectProxy';
import { createCodeMarks } from './codeMarks';
import { createTokenFacts } from '../chains/tokenFacts';
import { createLastSeen } from './lastSeen';
import { createLatestFeeds } from './latestFeeds';

/** The block explorer's reads: blocks, transactions, addresses, storage and the latest blocks, decoded. */
export interface ExplorerService extends BlockReader {
  transaction(networkId: string, ref: TransactionRef, signal?: AbortSignal): Promise<TransactionView>;
  address(networkId: string, address: string, block: string | undefined, signal?: AbortSignal): Promise<AddressView>;
  storage(networkId: string, address: string, slot: string, block: string | undefined, signal?: AbortSignal): Promise<StorageView>;
  /** Whether each address holds code, and its label (by lowercase address). */
  marks(networkId: string, addresses: string[], signal?: AbortSignal): Promise<Record<string, AddressMark>>;
  /** Imports an ABI (any form `parseAbiInput` reads) and a label for an address on the network's chain. */
  importAbi(networkId: string, address: string, text: string, label: string | undefined): Promise<ImportedAbiView>;
  deleteAbi(networkId: string, address: string): Promise<{ deleted: boolean }>;
  /** A token contract's facts at the head (one batch of calls), and an ERC-20's holders by its Transfer logs up to that block. */
  tokenFacts(networkId: string, token: string, options: { block?: string; holders?: boolean }, signal?: AbortSignal): Promise<TokenFactsView>;
  watchLatest(networkId: string, count: number, emit: (view: LatestView) => void, signal: AbortSignalLike): Promise<void>;
  /**
   * Drops what is cached for a network (its chain was replaced, e.g. the sandbox's chain was reset). `'cache'` keeps
   * the home's last view (lastSeen.ts): the Local sandbox starting again restores the same chain, and its home is
   * shown from that view until the sandbox answers.
   */
  forget(networkId: string, what?: 'all' | 'cache'): void;
}

export interface ExplorerServiceOptions {
  rpc: Pick<RpcService, 'request'> & Partial<Pick<RpcService, 'client'>>;
  health: Pick<FeedHub<HealthEvent>, 'watch'>;
  /** The network's name, for sentences such as "No block 9 on Local". */
  networkName: (networkId: string) => Promise<string>;
  /**
   * ABIs, labels and the decoder, shared with the other screens' services; also the chain each network is on
   * (finalized blocks are the chain's, as imported ABIs and labels are).
   */
  decoding: DecodingService;
  /** Where finalized blocks are kept; without it, in memory only. */
  store?: Pick<Store, 'db' | 'assertNoSecrets'>;
  log?: (line: string) => void;
}


export function createExplorerService(options: ExplorerServiceOptions): ExplorerService {
  const { rpc, decoding } = options;
  const { decoder, chainOf, labelsOf } = decoding;
  const cache = options.store ? createStoredChainCache(options.store, createChainCache(), options.log, (networkId) => decoding.knownChain(networkId)) : createChainCache();
  const tokens = createTokenFacts(rpc);
  const codeMarks = createCodeMarks(rpc);
  const lastSeen = options.store ? createLastSeen(options.store) : undefined;
  const latest = createLatestFeeds({
    rpc,
    health: options.health,
    decoder,
    labelsOf,
    chainOf,
    lastSeen,
    log: options.log,
    onReset: (id) => (cache.forget(id), decoding.forgetContracts(id), lastSeen?.forget(id)),
  });
  const blockParamOf = (ref: BlockRef) => (ref.kind === 'hash' ? { blockHash: ref.hash } : blockParam(ref));

  const notFound = async (networkId: string, ref: BlockRef, head: string) =>
    new NotFoundError({ what: 'block', id: describeBlockRef(ref) }, `No ${describeBlockRef(ref)} on ${await options.networkName(networkId)}.`, { details: `The chain's head is block ${BigInt(head).toString(10)}.` });

  return {
    async block(networkId, id, signal) {
      const ref = parseBlockRef(id);
      await chainOf(networkId);
      const cached = ref.kind === 'hash' ? cache.block(networkId, { hash: ref.hash }) : ref.kind === 'number' ? cache.block(networkId, { number: ref.number }) : undefined;
      if (cached) return cached;
      const read = await readBlock(rpc, networkId, ref, signal);
      if (!read.block) throw await notFound(networkId, ref, read.head);
      const number = typeof read.block.number === 'string' ? BigInt(read.block.number) : undefined;
      const view: BlockView = {
        block: { ...read.block, transactions: ((read.block.transactions as { hash?: string }[] | undefined) ?? []).map((tx) => tx.hash ?? '') },
        transactions: await transactionRows(networkId, read.block, read.receipts, decoder, labelsOf(networkId)),
        uncles: read.uncles,
        head: read.head,
        finalized: number !== undefined && read.finalized !== null && number <= BigInt(read.finalized) && typeof read.block.hash === 'string',
      };
      cache.putBlock(networkId, view);
      return view;
    },
    async transaction(networkId, ref, signal) {
      await chainOf(networkId);
      return readTransaction({ rpc, decoder, tokens, networkName: options.networkName, labelOf: labelsOf(networkId), nameOf: decoding.namesOf(networkId) }, networkId, ref, signal);
    },
    async address(networkId, address, block, signal) {
      const ref = parseBlockRef(block ?? 'latest');
      const param = blockParamOf(ref);
      const [balance, nonce, code, header] = await Promise.all([
        rpc.request<string>(networkId, 'eth_getBalance', [address, param], { signal }),
        rpc.request<string>(networkId, 'eth_getTransactionCount', [address, param], { signal }),
        rpc.request<string>(networkId, 'eth_getCode', [address, param], { signal }),
        ref.kind === 'hash'
          ? rpc.request<{ number?: string } | null>(networkId, 'eth_getBlockByHash', [ref.hash, false], { signal })
          : rpc.request<{ number?: string } | null>(networkId, 'eth_getBlockByNumber', [blockParam(ref), false], { signal }),
      ]);
      const [abi, proxy] = await Promise.all([
        decoding.abiSource(networkId, address, code, signal),
        code !== '0x' ? decoding.proxyOf(networkId, address, { code, block: param, signal }) : null,
      ]);
      const name = decoding.namesOf(networkId)(address);
      return {
        address,
        block: header?.number ?? '',
        balance,
        nonce,
        codeSize: (code.length - 2) / 2,
        // An account delegating its code (EIP-7702) is still an account: its delegation shows as its proxy.
        isContract: code !== '0x' && delegationTarget(code) === undefined,
        ...(name ? { label: name.name, labelSource: name.source } : {}),
        abi,
        ...(proxy ? { proxy } : {}),
      };
    },
    async storage(networkId, address, slot, block, signal) {
      const ref = parseBlockRef(block ?? 'latest');
      const [value, header] = await Promise.all([
        rpc.request<string>(networkId, 'eth_getStorageAt', [address, slot, blockParamOf(ref)], { signal }),
        ref.kind === 'hash'
          ? rpc.request<{ number?: string } | null>(networkId, 'eth_getBlockByHash', [ref.hash, false], { signal })
          : rpc.request<{ number?: string } | null>(networkId, 'eth_getBlockByNumber', [blockParam(ref), false], { signal }),
      ]);
      return { address, slot, block: header?.number ?? '', value };
    },
    async marks(networkId, addresses, signal) {
      await chainOf(networkId);
      const nameOf = decoding.namesOf(networkId);
      const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
      const contract = await codeMarks.read(networkId, unique, signal);
      return Object.fromEntries(
        unique.map((address) => {
          const name = nameOf(address);
          return [address, { isContract: contract.get(address) === true, ...(name ? { label: name.name, labelSource: name.source } : {}) }];
        }),
      );
    },
    async importAbi(networkId, address, text, label) {
      const imported = await decoding.importAbi(networkId, address, text, label);
      cache.forget(networkId); // cached rows named their methods without this ABI
      return imported;
    },
    async deleteAbi(networkId, address) {
      const deleted = await decoding.deleteAbi(networkId, address);
      cache.forget(networkId);
      return deleted;
    },
    tokenFacts: (networkId, token, factsOptions, signal = new AbortController().signal) => readTokenFacts({ rpc }, networkId, token, signal, factsOptions),
    watchLatest: latest.watch,
    forget: (networkId, what = 'all') => {
      cache.forget(networkId);
      codeMarks.forget(networkId);
      if (what === 'all') lastSeen?.forget(networkId);
    },
    async rowsOf(networkId, block, address, signal) {
      await chainOf(networkId);
      return readRowsOf({ rpc, decoder, labelOf: labelsOf(networkId) }, networkId, block, address, signal);
    },
    methodLabel: (networkId, to, input) => decoder.methodLabel(networkId, to, input),
  };
}

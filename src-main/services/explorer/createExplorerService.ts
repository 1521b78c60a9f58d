import path from 'node:path';
import type { AddressView, BlockView, LatestView, StorageView, TransactionView } from '../../../src-shared/api/explorer';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import type { FeedHub } from '../rpc/createFeedHub';
import type { RpcService } from '../rpc/createRpcService';
import { describeBlockRef, parseBlockRef, blockParam, type BlockRef } from './blockRef';
import type { Store } from '../store/openStore';
import { createChainCache } from './createChainCache';
import { createStoredChainCache } from './createStoredChainCache';
import { createDecoder, type AbiProvider } from './createDecoder';
import { createMetadataAbis } from './createMetadataAbis';
import type { ContentReader } from './readContent';
import { ChainItemNotFoundError } from './explorerErrors';
import { guessArgumentTypes } from './guessArgumentTypes';
import { readBlock } from './readBlock';
import { readTransaction, type TransactionRef } from './readTransaction';
import { createSignatureDatabase, type SignatureDatabase } from './signatureDatabase';
import { transactionRows } from './summarizeBlock';
import { createTokenFacts } from './tokenFacts';
import { watchLatest } from './watchLatest';

/** The block explorer's reads: blocks, transactions, addresses, storage and the latest blocks, decoded. */
export interface ExplorerService {
  block(networkId: string, id: string, signal?: AbortSignal): Promise<BlockView>;
  transaction(networkId: string, ref: TransactionRef, signal?: AbortSignal): Promise<TransactionView>;
  address(networkId: string, address: string, block: string | undefined, signal?: AbortSignal): Promise<AddressView>;
  storage(networkId: string, address: string, slot: string, block: string | undefined, signal?: AbortSignal): Promise<StorageView>;
  watchLatest(networkId: string, count: number, emit: (view: LatestView) => void, signal: AbortSignalLike): Promise<void>;
  /** Drops what is cached for a network (its chain was replaced, e.g. the sandbox's chain was reset). */
  forget(networkId: string): void;
}

export interface ExplorerServiceOptions {
  rpc: Pick<RpcService, 'request'>;
  health: Pick<FeedHub<HealthEvent>, 'watch'>;
  /** The network's name, for sentences such as "No block 9 on Local". */
  networkName: (networkId: string) => Promise<string>;
  /** Where finalized blocks are kept across restarts; memory only without it. */
  store?: Pick<Store, 'db' | 'assertNoSecrets'>;
  /** The app's folder holding `resources/` (the signature database's known ABIs). */
  projectRoot?: string;
  /** Reads files from a network's content store (for contracts' metadata); without it, no metadata decoding. */
  readContent?: ContentReader;
  signatures?: SignatureDatabase;
  log?: (line: string) => void;
}


export function createExplorerService(options: ExplorerServiceOptions): ExplorerService {
  const { rpc } = options;
  const metadata = createMetadataAbis({ rpc, readContent: options.readContent ?? (async () => null) });
  const abis: AbiProvider = metadata;
  const signatures =
    options.signatures ?? createSignatureDatabase({ log: options.log, ...(options.projectRoot ? { knownAbisFile: path.join(options.projectRoot, 'resources', 'signatures', 'known-abis.json') } : {}) });
  const decoder = createDecoder({ signatures, abis, guess: guessArgumentTypes });
  const cache = options.store ? createStoredChainCache(options.store, createChainCache(), options.log) : createChainCache();
  const tokens = createTokenFacts(rpc);
  const blockParamOf = (ref: BlockRef) => (ref.kind === 'hash' ? { blockHash: ref.hash } : blockParam(ref));

  const notFound = async (networkId: string, ref: BlockRef, head: string) =>
    new ChainItemNotFoundError(describeBlockRef(ref), await options.networkName(networkId), `The chain's head is block ${BigInt(head).toString(10)}.`);

  return {
    async block(networkId, id, signal) {
      const ref = parseBlockRef(id);
      const cached = ref.kind === 'hash' ? cache.block(networkId, { hash: ref.hash }) : ref.kind === 'number' ? cache.block(networkId, { number: ref.number }) : undefined;
      if (cached) return cached;
      const read = await readBlock(rpc, networkId, ref, signal);
      if (!read.block) throw await notFound(networkId, ref, read.head);
      const number = typeof read.block.number === 'string' ? BigInt(read.block.number) : undefined;
      const view: BlockView = {
        block: { ...read.block, transactions: ((read.block.transactions as { hash?: string }[] | undefined) ?? []).map((tx) => tx.hash ?? '') },
        transactions: await transactionRows(networkId, read.block, read.receipts, decoder),
        uncles: read.uncles,
        head: read.head,
        finalized: number !== undefined && read.finalized !== null && number <= BigInt(read.finalized) && typeof read.block.hash === 'string',
      };
      cache.putBlock(networkId, view);
      return view;
    },
    transaction: (networkId, ref, signal) => readTransaction({ rpc, decoder, tokens, networkName: options.networkName }, networkId, ref, signal),
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
      const fromMetadata = code !== '0x' ? await metadata.metadataFor(networkId, address, signal) : null;
      const known = code !== '0x' ? await abis.abisFor(networkId, address, signal) : [];
      const best = known[0];
      return {
        address,
        block: header?.number ?? '',
        balance,
        nonce,
        codeSize: (code.length - 2) / 2,
        isContract: code !== '0x',
        abi: fromMetadata
          ? fromMetadata.view
          : best
          ? {
              source: best.source,
              functions: best.abi.flatMap((item) => (item.type === 'function' ? [`${item.name}(${item.inputs.map((input) => input.type).join(',')})`] : [])),
              events: best.abi.flatMap((item) => (item.type === 'event' ? [`${item.name}(${item.inputs.map((input) => input.type).join(',')})`] : [])),
              errors: best.abi.flatMap((item) => (item.type === 'error' ? [`${item.name}(${item.inputs.map((input) => input.type).join(',')})`] : [])),
            }
          : null,
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
    watchLatest: (networkId, count, emit, signal) =>
      watchLatest({ rpc, health: options.health, decoder, onReset: (id) => (cache.forget(id), metadata.forget(id)), log: options.log }, networkId, count, emit, signal),
    forget: (networkId) => {
      cache.forget(networkId);
      metadata.forget(networkId);
    },
  };
}

import path from 'node:path';
import type { AddressMark, AddressView, BlockView, ImportedAbiView, LatestView, StorageView, TransactionView } from '../../../src-shared/api/explorer';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { AbortSignalLike } from '../../../src-shared/api/types';
import type { FeedHub } from '../rpc/createFeedHub';
import type { RpcService } from '../rpc/createRpcService';
import { describeBlockRef, parseBlockRef, blockParam, type BlockRef } from './blockRef';
import type { Abi, AbiEvent } from 'viem';
import { canonicalType } from '../../../src-shared/decoding/candidates';
import type { Decoding } from '../../../src-shared/decoding/types';
import type { RevertDecoding } from '../../../src-shared/decoding/decodeRevert';
import type { ContractAbiView } from '../../../src-shared/call/types';
import { contractAbiOf } from '../decoding/contractAbi';
import { parseAbiInput } from '../../../src-shared/decoding/parseAbiInput';
import { BlockglassError } from '../errors/blockglassError';
import type { Store } from '../store/openStore';
import { createImportedAbis } from '../decoding/createImportedAbis';
import { createChainCache } from './createChainCache';
import { createStoredChainCache } from './createStoredChainCache';
import { createDecoder, type AbiProvider, type Decoder } from '../decoding/createDecoder';
import { decodeLog } from '../../../src-shared/decoding/decodeLog';
import { createMetadataAbis } from '../decoding/createMetadataAbis';
import type { ContentReader } from '../decoding/readContent';
import { AbiInputError, ChainItemNotFoundError } from './explorerErrors';
import { guessAbiFromCode } from '../decoding/guessAbiFromCode';
import { guessArgumentTypes } from '../decoding/guessArgumentTypes';
import { readBlock } from './readBlock';
import { readTransaction, type TransactionRef } from './readTransaction';
import { createSignatureDatabase, type SignatureDatabase } from '../decoding/signatureDatabase';
import { transactionRows } from './summarizeBlock';
import { createCodeMarks } from './codeMarks';
import { createTokenFacts } from './tokenFacts';
import { watchLatest } from './watchLatest';

/** The block explorer's reads: blocks, transactions, addresses, storage and the latest blocks, decoded. */
export interface ExplorerService {
  block(networkId: string, id: string, signal?: AbortSignal): Promise<BlockView>;
  transaction(networkId: string, ref: TransactionRef, signal?: AbortSignal): Promise<TransactionView>;
  address(networkId: string, address: string, block: string | undefined, signal?: AbortSignal): Promise<AddressView>;
  storage(networkId: string, address: string, slot: string, block: string | undefined, signal?: AbortSignal): Promise<StorageView>;
  /** Whether each address holds code, and its label (by lowercase address). */
  marks(networkId: string, addresses: string[], signal?: AbortSignal): Promise<Record<string, AddressMark>>;
  /** Imports an ABI (any form `parseAbiInput` reads) and a label for an address on the network's chain. */
  importAbi(networkId: string, address: string, text: string, label: string | undefined): Promise<ImportedAbiView>;
  deleteAbi(networkId: string, address: string): Promise<{ deleted: boolean }>;
  watchLatest(networkId: string, count: number, emit: (view: LatestView) => void, signal: AbortSignalLike): Promise<void>;
  /** Decodes logs with every source (a log query's rows), each with its address's label; never throws for a log it cannot decode. */
  decodeLogs(networkId: string, logs: readonly RawLog[], signal?: AbortSignal): Promise<{ decoded: Decoding; addressLabel?: string }[]>;
  /** Event signatures a network knows: ABIs imported on its chain, the contract's metadata (of `address`), then the signature database. */
  knownEvents(networkId: string, address: string | undefined, signal?: AbortSignal): Promise<KnownEvent[]>;
  /** Drops what is cached for a network (its chain was replaced, e.g. the sandbox's chain was reset). */
  forget(networkId: string): void;
  /** A contract's functions and errors, from its most trusted source (the call playground's picker). */
  contractAbi(networkId: string, address: string, signal?: AbortSignal): Promise<ContractAbiView>;
  /** Calldata decoded with every source, a guess of the types last. */
  decodeCallData(networkId: string, to: string | null, data: string, signal?: AbortSignal): Promise<Decoding>;
  /** Revert data decoded with every source: the contract's ABIs, the signature database, a guess of the types last. */
  decodeRevert(networkId: string, to: string | null, data: string, signal?: AbortSignal): Promise<RevertDecoding>;
}

/** A log as the node returns it (what decoding reads). */
export interface RawLog {
  address: string;
  topics: string[];
  data: string;
}

/** An event signature and where it is known from. */
export interface KnownEvent {
  /** `Transfer(address indexed from, address indexed to, uint256 value)`, or bare `Transfer(address,address,uint256)`. */
  text: string;
  source: 'imported' | 'metadata' | 'signatures';
  address?: string;
}

export interface ExplorerServiceOptions {
  rpc: Pick<RpcService, 'request'>;
  health: Pick<FeedHub<HealthEvent>, 'watch'>;
  /** The network's name, for sentences such as "No block 9 on Local". */
  networkName: (networkId: string) => Promise<string>;
  /**
   * The chain a network is on, as the store keys it (chains/chainKey.ts: chain id and genesis hash): imported ABIs,
   * labels and finalized blocks are the chain's. Asked at each read (the answer is cached where it is learned, and
   * changes when the network's node turns out to serve another chain); without it, each network is its own chain.
   */
  chainOf?: (networkId: string) => Promise<string>;
  /** Where finalized blocks, imported ABIs and labels are kept; without it, blocks in memory only and no imports. */
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
  const imported = options.store ? createImportedAbis(options.store, options.log) : undefined;
  // The chain of each network as last answered, so that rows can read imported ABIs and labels without waiting.
  const chains = new Map<string, string>();
  const chainOf = async (networkId: string) => {
    const chain = options.chainOf ? await options.chainOf(networkId) : networkId;
    chains.set(networkId, chain);
    return chain;
  };
  // Labels are cheap reads of SQLite: rows carry them without network I/O.
  const labelsOf = (networkId: string) => {
    const chain = chains.get(networkId);
    return (address: string) => (chain !== undefined && address ? imported?.label(chain, address) : undefined);
  };
  const abis: AbiProvider = {
    async abisFor(networkId, address, signal) {
      const chain = await chainOf(networkId);
      return [...(imported?.known(chain, address) ?? []), ...(await metadata.abisFor(networkId, address, signal))];
    },
    cachedAbisFor(networkId, address) {
      const chain = chains.get(networkId);
      return [...(chain !== undefined ? (imported?.known(chain, address) ?? []) : []), ...metadata.cachedAbisFor(networkId, address)];
    },
  };
  const signatures =
    options.signatures ?? createSignatureDatabase({ log: options.log, ...(options.projectRoot ? { knownAbisFile: path.join(options.projectRoot, 'resources', 'signatures', 'known-abis.json') } : {}) });
  const decoder = createDecoder({ signatures, abis, guess: guessArgumentTypes });
  const cache = options.store ? createStoredChainCache(options.store, createChainCache(), options.log, (networkId) => chains.get(networkId)) : createChainCache();
  const tokens = createTokenFacts(rpc);
  const codeMarks = createCodeMarks(rpc);
  const blockParamOf = (ref: BlockRef) => (ref.kind === 'hash' ? { blockHash: ref.hash } : blockParam(ref));

  const notFound = async (networkId: string, ref: BlockRef, head: string) =>
    new ChainItemNotFoundError(describeBlockRef(ref), await options.networkName(networkId), `The chain's head is block ${BigInt(head).toString(10)}.`);

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
      const chain = await chainOf(networkId);
      return readTransaction({ rpc, decoder, tokens, networkName: options.networkName, labelOf: (address) => imported?.label(chain, address) }, networkId, ref, signal);
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
      const chain = await chainOf(networkId);
      const fromImport = imported?.get(chain, address);
      const fromMetadata = code !== '0x' ? await metadata.metadataFor(networkId, address, signal) : null;
      const label = imported?.label(chain, address);
      const names = (abi: Abi, type: 'function' | 'event' | 'error') => abi.flatMap((item) => (item.type === type ? [`${item.name}(${item.inputs.map((input) => input.type).join(',')})`] : []));
      return {
        address,
        block: header?.number ?? '',
        balance,
        nonce,
        codeSize: (code.length - 2) / 2,
        isContract: code !== '0x',
        ...(label ? { label } : {}),
        // The most trusted source: an imported ABI, then the contract's own metadata.
        abi: fromImport
          ? { source: 'imported', functions: names(fromImport.abi, 'function'), events: names(fromImport.abi, 'event'), errors: names(fromImport.abi, 'error'), ...(fromImport.name ? { contractName: fromImport.name } : {}) }
          : fromMetadata
            ? fromMetadata.view
            : code !== '0x'
              ? await guessAbiFromCode(code, signatures)
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
    async marks(networkId, addresses, signal) {
      const chain = await chainOf(networkId);
      const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
      const contract = await codeMarks.read(networkId, unique, signal);
      return Object.fromEntries(
        unique.map((address) => {
          const label = imported?.label(chain, address);
          return [address, { isContract: contract.get(address) === true, ...(label ? { label } : {}) }];
        }),
      );
    },
    async importAbi(networkId, address, text, label) {
      if (!imported) throw new BlockglassError('ABIs cannot be imported here: the app has no store', { code: 'NO_STORE' });
      const parsed = parseAbiInput(text);
      if (!parsed.ok) throw new AbiInputError(parsed.message);
      const chain = await chainOf(networkId);
      imported.save(chain, address, parsed.abi, label ?? parsed.contractName ?? null);
      if (label !== undefined) imported.setLabel(chain, address, label);
      cache.forget(networkId); // cached rows named their methods without this ABI
      const count = (type: string) => parsed.abi.filter((item) => item.type === type).length;
      return { address, format: parsed.format, functions: count('function'), events: count('event'), errors: count('error'), label: label ?? null };
    },
    async deleteAbi(networkId, address) {
      const chain = await chainOf(networkId);
      const deleted = imported?.remove(chain, address) ?? false;
      imported?.setLabel(chain, address, null);
      cache.forget(networkId);
      return { deleted };
    },
    async contractAbi(networkId, address, signal) {
      const chain = await chainOf(networkId);
      const code = await rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal });
      return contractAbiOf({ address, code, imported: imported?.get(chain, address), metadata: code !== '0x' ? await metadata.metadataFor(networkId, address, signal) : null, signatures });
    },
    decodeCallData: (networkId, to, data, signal) => decoder.call(networkId, to, data, signal),
    decodeRevert: (networkId, to, data, signal) => decoder.revert(networkId, to, data, signal),
    watchLatest: (networkId, count, emit, signal) =>
      chainOf(networkId).then(() =>
        watchLatest({ rpc, health: options.health, decoder, labelsOf, onReset: (id) => (cache.forget(id), metadata.forget(id)), log: options.log }, networkId, count, emit, signal),
      ),
    async decodeLogs(networkId, logs, signal) {
      const chain = await chainOf(networkId);
      const labels = new Map<string, string | undefined>();
      // Candidates once per emitter and topic: a query's logs come from a few events of a few contracts.
      const candidates = new Map<string, Awaited<ReturnType<Decoder['logCandidates']>>>();
      const out: { decoded: Decoding; addressLabel?: string }[] = [];
      for (const log of logs) {
        const address = log.address.toLowerCase();
        if (!labels.has(address)) labels.set(address, imported?.label(chain, address));
        const label = labels.get(address);
        const key = `${address}|${log.topics[0] ?? ''}`;
        let known = candidates.get(key);
        if (!known) {
          known = await decoder.logCandidates(networkId, address, log.topics[0] ?? '', signal);
          candidates.set(key, known);
        }
        out.push({ decoded: decodeLog(log, known), ...(label ? { addressLabel: label } : {}) });
      }
      return out;
    },
    async knownEvents(networkId, address, signal) {
      const chain = await chainOf(networkId);
      // Written as a human-readable signature, so `indexed` flags and names travel with it.
      const textOf = (event: AbiEvent) => `${event.name}(${event.inputs.map((input) => [canonicalType(input), input.indexed ? 'indexed' : '', input.name ?? ''].filter(Boolean).join(' ')).join(', ')})`;
      const eventsOf = (abi: Abi) => abi.flatMap((item) => (item.type === 'event' && !item.anonymous ? [textOf(item)] : []));
      // Decoding swallows a node that cannot be reached (the log shows raw); a search must not: a list made
      // while the sandbox starts would lack the contract's own events, so the failure goes to the caller.
      if (address) await rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal });
      const own = address ? await abis.abisFor(networkId, address, signal) : [];
      const found: KnownEvent[] = [
        ...own.flatMap(({ abi, source }) => eventsOf(abi).map((text) => ({ text, source, address }))),
        ...(imported?.all(chain) ?? []).flatMap(({ abi, address: at }) => eventsOf(abi).map((text) => ({ text, source: 'imported' as const, address: at }))),
        ...(await signatures.allEvents()).map((text) => ({ text, source: 'signatures' as const })),
      ];
      return found;
    },
    forget: (networkId) => {
      cache.forget(networkId);
      chains.delete(networkId); // asked again at the next read: the chain may be another now
      codeMarks.forget(networkId);
      metadata.forget(networkId);
    },
  };
}

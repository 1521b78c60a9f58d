import path from 'node:path';
import type { Abi, AbiEvent } from 'viem';
import type { AbiSourceView, ImportedAbiView } from '../../../src-shared/api/explorer';
import type { ContractAbiView } from '../../../src-shared/call/types';
import { canonicalType } from '../../../src-shared/decoding/candidates';
import { decodeLog } from '../../../src-shared/decoding/decodeLog';
import type { RevertDecoding } from '../../../src-shared/decoding/decodeRevert';
import { parseAbiInput } from '../../../src-shared/decoding/parseAbiInput';
import type { Decoding } from '../../../src-shared/decoding/types';
import { BlockglassError } from '../errors/blockglassError';
import type { RpcService } from '../rpc/createRpcService';
import type { Store } from '../store/openStore';
import { contractAbiOf } from './contractAbi';
import { createDecoder, type AbiProvider, type Decoder } from './createDecoder';
import { createImportedAbis } from './createImportedAbis';
import { createMetadataAbis } from './createMetadataAbis';
import { AbiInputError } from './decodingErrors';
import { guessAbiFromCode } from './guessAbiFromCode';
import { guessArgumentTypes } from './guessArgumentTypes';
import type { ContentReader } from './readContent';
import { createSignatureDatabase, type SignatureDatabase } from './signatureDatabase';

/**
 * What the app knows about contracts, for every screen: the ABIs and labels people imported (by chain), the contracts'
 * own metadata, the signature database, and the decoder over them. One service, so that the explorer, the log
 * queries and the call playground decode alike and none of them depends on another's service.
 */
export interface DecodingService {
  /** The decoder over every source (the explorer's rows, transactions and latest blocks). */
  decoder: Decoder;
  /** The chain a network is on, asked now and remembered for the readers that cannot wait (labels, cached blocks). */
  chainOf(networkId: string): Promise<string>;
  /** The chain last learned for a network by `chainOf`, if any. */
  knownChain(networkId: string): string | undefined;
  /** The labels of the chain last learned for a network (cheap reads of SQLite: rows carry them without network I/O). */
  labelsOf(networkId: string): (address: string) => string | undefined;
  /** Where an address's ABI comes from, most trusted first: an import, the contract's metadata, a guess from its code. */
  abiSource(networkId: string, address: string, code: string, signal?: AbortSignal): Promise<AbiSourceView | null>;
  /** Imports an ABI (any form `parseAbiInput` reads) and a label for an address on the network's chain. */
  importAbi(networkId: string, address: string, text: string, label: string | undefined): Promise<ImportedAbiView>;
  /** Deletes an address's imported ABI and label on the network's chain. */
  deleteAbi(networkId: string, address: string): Promise<{ deleted: boolean }>;
  /** Decodes logs with every source (a log query's rows), each with its address's label; never throws for a log it cannot decode. */
  decodeLogs(networkId: string, logs: readonly RawLog[], signal?: AbortSignal): Promise<{ decoded: Decoding; addressLabel?: string }[]>;
  /** Event signatures a network knows: ABIs imported on its chain, the contract's metadata (of `address`), then the signature database. */
  knownEvents(networkId: string, address: string | undefined, signal?: AbortSignal): Promise<KnownEvent[]>;
  /** A contract's functions and errors, from its most trusted source (the call playground's picker). */
  contractAbi(networkId: string, address: string, signal?: AbortSignal): Promise<ContractAbiView>;
  /** Calldata decoded with every source, a guess of the types last. */
  decodeCallData(networkId: string, to: string | null, data: string, signal?: AbortSignal): Promise<Decoding>;
  /** Revert data decoded with every source: the contract's ABIs, the signature database, a guess of the types last. */
  decodeRevert(networkId: string, to: string | null, data: string, signal?: AbortSignal): Promise<RevertDecoding>;
  /** Drops the contracts' metadata read on a network (its chain was replaced: an address may hold other code now). */
  forgetContracts(networkId: string): void;
  /** Drops all that is kept for a network: its chain (asked again at the next read) and its contracts' metadata. */
  forget(networkId: string): void;
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

/** Options of {@link createDecodingService}. */
export interface DecodingServiceOptions {
  rpc: Pick<RpcService, 'request'>;
  /**
   * The chain a network is on, as the store keys it (chains/chainKey.ts: chain id and genesis hash): imported ABIs and
   * labels are the chain's. Asked at each read (the answer is cached where it is learned, and changes when the
   * network's node turns out to serve another chain); without it, each network is its own chain.
   */
  chainOf?: (networkId: string) => Promise<string>;
  /** Where imported ABIs and labels are kept; without it, no imports. */
  store?: Pick<Store, 'db' | 'assertNoSecrets'>;
  /** The app's folder holding `resources/` (the signature database's known ABIs). */
  projectRoot?: string;
  /** Reads files from a network's content store (for contracts' metadata); without it, no metadata decoding. */
  readContent?: ContentReader;
  signatures?: SignatureDatabase;
  log?: (line: string) => void;
}

/** The decoding service: every source of ABIs and labels, and the decoder over them, shared by every screen's service. */
export function createDecodingService(options: DecodingServiceOptions): DecodingService {
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

  return {
    decoder,
    chainOf,
    knownChain: (networkId) => chains.get(networkId),
    labelsOf,
    async abiSource(networkId, address, code, signal) {
      const chain = await chainOf(networkId);
      const fromImport = imported?.get(chain, address);
      const fromMetadata = code !== '0x' ? await metadata.metadataFor(networkId, address, signal) : null;
      const names = (abi: Abi, type: 'function' | 'event' | 'error') => abi.flatMap((item) => (item.type === type ? [`${item.name}(${item.inputs.map((input) => input.type).join(',')})`] : []));
      // The most trusted source: an imported ABI, then the contract's own metadata.
      return fromImport
        ? { source: 'imported', functions: names(fromImport.abi, 'function'), events: names(fromImport.abi, 'event'), errors: names(fromImport.abi, 'error'), ...(fromImport.name ? { contractName: fromImport.name } : {}) }
        : fromMetadata
          ? fromMetadata.view
          : code !== '0x'
            ? await guessAbiFromCode(code, signatures)
            : null;
    },
    async importAbi(networkId, address, text, label) {
      if (!imported) throw new BlockglassError('ABIs cannot be imported here: the app has no store', { code: 'NO_STORE' });
      const parsed = parseAbiInput(text);
      if (!parsed.ok) throw new AbiInputError(parsed.message);
      const chain = await chainOf(networkId);
      imported.save(chain, address, parsed.abi, label ?? parsed.contractName ?? null);
      if (label !== undefined) imported.setLabel(chain, address, label);
      const count = (type: string) => parsed.abi.filter((item) => item.type === type).length;
      return { address, format: parsed.format, functions: count('function'), events: count('event'), errors: count('error'), label: label ?? null };
    },
    async deleteAbi(networkId, address) {
      const chain = await chainOf(networkId);
      const deleted = imported?.remove(chain, address) ?? false;
      imported?.setLabel(chain, address, null);
      return { deleted };
    },
    async contractAbi(networkId, address, signal) {
      const chain = await chainOf(networkId);
      const code = await rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal });
      return contractAbiOf({ address, code, imported: imported?.get(chain, address), metadata: code !== '0x' ? await metadata.metadataFor(networkId, address, signal) : null, signatures });
    },
    decodeCallData: (networkId, to, data, signal) => decoder.call(networkId, to, data, signal),
    decodeRevert: (networkId, to, data, signal) => decoder.revert(networkId, to, data, signal),
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
    forgetContracts: (networkId) => metadata.forget(networkId),
    forget: (networkId) => {
      chains.delete(networkId); // asked again at the next read: the chain may be another now
      metadata.forget(networkId);
    },
  };
}

import type { AbiSourceView, ImportedAbiView } from '../../../src-shared/api/explorer';
import type { ContractAbiView } from '../../../src-shared/call/types';
import type { AbiError } from '../../../src-shared/decoding/candidates';
import type { RevertDecoding } from '../../../src-shared/decoding/decodeRevert';
import type { Decoding, TokenUnits } from '../../../src-shared/decoding/types';
import type { AddressName } from '../../../src-shared/names/addressName';
import type { Decoder } from './createDecoder';
import type { ProxyInfo } from './detectProxy';

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
  /**
   * The names of the chain last learned for a network, without network I/O (rows carry them): the label a person gave
   * (SQLite), else the contract's name in its metadata once read, else Blockglass's list of well-known contracts.
   */
  labelsOf(networkId: string): (address: string) => string | undefined;
  /** As {@link labelsOf}, with where each name comes from (the hover over a name says it). */
  namesOf(networkId: string): (address: string) => AddressName | undefined;
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
  /**
   * Whether an address is a proxy and whose code it runs (EIP-1967, its beacon and OpenZeppelin's transparent proxy,
   * EIP-1822, EIP-1167, Safe's proxy). At `latest` (no `block`) it is kept a short while per network and address;
   * `code` saves reading it when the caller has it (at the same block).
   */
  proxyOf(networkId: string, address: string, options?: { code?: string; block?: unknown; signal?: AbortSignal }): Promise<ProxyInfo | null>;
  /** A contract's functions and errors, from its most trusted source (the call playground's picker). */
  contractAbi(networkId: string, address: string, signal?: AbortSignal): Promise<ContractAbiView>;
  /** Calldata decoded with every source, a guess of the types last. */
  decodeCallData(networkId: string, to: string | null, data: string, signal?: AbortSignal): Promise<Decoding>;
  /** Revert data decoded with every source: errors given with the call (`pasted`), the contract's ABIs, the signature database, a guess of the types last. */
  decodeRevert(networkId: string, to: string | null, data: string, signal?: AbortSignal, pasted?: readonly AbiError[]): Promise<RevertDecoding>;
  /**
   * A contract's own Solidity metadata (found by the IPFS hash in its code's CBOR tail, read from the network's
   * content store) with the text of each source file it names; null when the store does not hold it.
   */
  solidityMetadata(networkId: string, address: string, signal?: AbortSignal): Promise<{ cid: string; text: string; sources: { path: string; content: string | null }[] } | null>;
  /**
   * The contract's name as its own metadata states it (its compilation target), read without the sources; null when
   * none is found. Rejects when the node cannot be reached.
   */
  contractNameOf(networkId: string, address: string, signal?: AbortSignal): Promise<string | null>;
  /** A token's decimals and symbol (null where the contract answers no `decimals()`), kept a while per network. */
  tokenUnits(networkId: string, address: string, signal?: AbortSignal): Promise<TokenUnits | null>;
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

import type { Abi, AbiEvent, AbiFunction } from 'viem';
import type { MethodLabel } from '../../../src-shared/api/explorer';
import { parseSignature, selectorOf, type AbiError, type Candidate } from '../../../src-shared/decoding/candidates';
import { decodeCall } from '../../../src-shared/decoding/decodeCall';
import { decodeGuessed } from '../../../src-shared/decoding/decodeGuessed';
import { decodeLog, type LogData } from '../../../src-shared/decoding/decodeLog';
import { decodeRevert, type RevertDecoding } from '../../../src-shared/decoding/decodeRevert';
import { hasTokenAmounts, withTokenUnits } from '../../../src-shared/decoding/tokenAmounts';
import type { Decoding } from '../../../src-shared/decoding/types';
import type { SignatureDatabase } from './signatureDatabase';
import type { TokenUnitsOf } from './tokenUnits';

/** An ABI a source knows for an address, most trusted source first (imported, then the contract's metadata). */
export interface KnownAbi {
  abi: Abi;
  source: 'imported' | 'metadata';
}

/** Where the decoder finds ABIs for an address; `cached` answers without any network I/O. */
export interface AbiProvider {
  abisFor(networkId: string, address: string, signal?: AbortSignal): Promise<KnownAbi[]>;
  cachedAbisFor(networkId: string, address: string): KnownAbi[];
}

/** Decodes calls, logs and reverts of one network with every source, most trusted first. */
export interface Decoder {
  call(networkId: string, to: string | null, input: string, signal?: AbortSignal): Promise<Decoding>;
  log(networkId: string, log: LogData & { address: string }, signal?: AbortSignal): Promise<Decoding>;
  /** The events a log of `address` with topic `topic0` may be, most trusted first (what `log` decodes with). */
  logCandidates(networkId: string, address: string, topic0: string, signal?: AbortSignal): Promise<Candidate<AbiEvent>[]>;
  /** A revert's data decoded; `pasted` are errors given with the call (an ABI pasted in the playground), tried first. */
  revert(networkId: string, to: string | null, data: string, signal?: AbortSignal, pasted?: readonly AbiError[]): Promise<RevertDecoding>;
  /** A decoded call or log of `address` with its token amounts in the token's units, where it is a token. */
  inUnits(networkId: string, address: string | null, decoding: Decoding, signal?: AbortSignal): Promise<Decoding>;
  /** A table row's method: from ABIs already known and the signature database, no network I/O. */
  methodLabel(networkId: string, to: string | null, input: string): Promise<MethodLabel>;
}

const itemsOf = <T extends 'function' | 'event' | 'error'>(known: KnownAbi[], type: T) =>
  known.flatMap(({ abi, source }) => abi.filter((item) => item.type === type).map((item) => ({ item, source }))) as Candidate<
    T extends 'function' ? AbiFunction : T extends 'event' ? AbiEvent : AbiError
  >[];

export function createDecoder(options: { signatures: SignatureDatabase; abis: AbiProvider; guess?: (data: string) => Promise<string[] | null>; tokenUnits?: TokenUnitsOf }): Decoder {
  const { signatures, abis } = options;
  /** A call or log of a token with its amounts in the token's units (see tokenAmounts.ts); as decoded where none can be read. */
  const inUnits = async (networkId: string, address: string | null, decoding: Decoding, signal?: AbortSignal): Promise<Decoding> => {
    if (!address || !options.tokenUnits || !hasTokenAmounts(decoding)) return decoding;
    return withTokenUnits(decoding, await options.tokenUnits(networkId, address, signal).catch(() => null));
  };
  // Parsed once each: the same few signatures decode every log of a query (and their selectors stay cached).
  const parsedEvents = new Map<string, AbiEvent | undefined>();
  const parsedEvent = (text: string) => {
    if (!parsedEvents.has(text)) parsedEvents.set(text, parseSignature('event', text));
    return parsedEvents.get(text);
  };
  // A custom error is its contract's own: names the database has for it come from another contract's ABI (the same
  // selector, `InsufficientBalance(uint256 balance, uint256 needed)` for a contract whose own names are others), so
  // they are dropped and its values show by position and type. Functions and events keep theirs: their signatures
  // are shared standards (an ERC-20's `transfer`, a pair's `Swap`) whose names mean the same everywhere.
  const fromDatabase = async <K extends 'function' | 'error'>(kind: K, selector: string) =>
    (await (kind === 'function' ? signatures.functions(selector) : signatures.errors(selector))).flatMap((text) => {
      const item = kind === 'function' ? parseSignature('function', text) : withoutNames(parseSignature('error', text));
      return item ? [{ item, source: 'signatures' as const }] : [];
    });

  const decoder: Decoder = {
    async call(networkId, to, input, signal) {
      const known = to ? await abis.abisFor(networkId, to, signal) : [];
      const selector = input.slice(0, 10).toLowerCase();
      const candidates = [...itemsOf(known, 'function'), ...(await fromDatabase('function', selector))] as Candidate<AbiFunction>[];
      const result = decodeCall(input, candidates);
      if (result.status === 'raw' && result.selector && result.alternatives.length === 0 && options.guess) {
        const types = await options.guess(input);
        const guessed = types ? decodeGuessed(input, types) : undefined;
        if (guessed) return guessed;
      }
      return inUnits(networkId, to, result, signal);
    },
    async log(networkId, log, signal) {
      return inUnits(networkId, log.address, decodeLog(log, await decoder.logCandidates(networkId, log.address, log.topics[0] ?? '', signal)), signal);
    },
    inUnits,
    async logCandidates(networkId, address, topic0, signal) {
      const known = await abis.abisFor(networkId, address, signal);
      const fromDb = topic0 ? (await signatures.events(topic0)).flatMap((text) => {
        const item = parsedEvent(text);
        // A signature from an ABI has names and `indexed` flags; a bare one from the 4byte list has neither.
        return item ? [{ item, source: 'signatures' as const, indexedUnknown: !/\s/.test(text) }] : [];
      }) : [];
      return [...itemsOf(known, 'event'), ...fromDb];
    },
    async revert(networkId, to, data, signal, pasted = []) {
      const known = to ? await abis.abisFor(networkId, to, signal) : [];
      const selector = data.slice(0, 10).toLowerCase();
      const given = pasted.map((item) => ({ item, source: 'pasted' as const }));
      const result = decodeRevert(data, [...given, ...itemsOf(known, 'error'), ...(data.length >= 10 ? await fromDatabase('error', selector) : [])] as Candidate<AbiError>[]);
      // An error no source names: its argument types guessed from the data, labelled as a guess.
      if (result.status === 'raw' && result.selector && result.alternatives.length === 0 && options.guess) {
        const types = data.length > 10 ? await options.guess(data) : [];
        const guessed = types ? decodeGuessed(data, types) : undefined;
        if (guessed) {
          const values = guessed.args.map((arg) => `${arg.type} ${typeof arg.value === 'string' ? arg.value : JSON.stringify(arg.value)}`).join(', ');
          return { ...guessed, message: `Unknown custom error ${result.selector}(${values}): no ABI or signature names it; the argument types are guessed from the data.` };
        }
      }
      return result;
    },
    async methodLabel(networkId, to, input) {
      if (to === null) return { kind: 'create' };
      if (input === '0x' || input.length < 10) return { kind: 'transfer' };
      const selector = input.slice(0, 10).toLowerCase();
      const known = itemsOf(abis.cachedAbisFor(networkId, to), 'function').find((candidate) => selectorOf(candidate.item) === selector);
      if (known) return { kind: 'call', selector, name: known.item.name, source: known.source };
      const [text] = await signatures.functions(selector);
      const name = text?.slice(0, text.indexOf('('));
      return name ? { kind: 'call', selector, name, source: 'signatures' } : { kind: 'call', selector };
    },
  };
  return decoder;
}

/** An error's inputs without their names (see `fromDatabase`). */
function withoutNames(item: AbiError | undefined): AbiError | undefined {
  return item ? { ...item, inputs: item.inputs.map((input) => ({ ...input, name: '' })) } : undefined;
}

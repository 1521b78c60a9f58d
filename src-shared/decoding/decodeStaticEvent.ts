import { checksumAddress, type AbiEvent } from 'viem';
import { selectorOf } from './candidates';
import type { DecodedArg, DecodedValue } from './types';

// viem's decodeEventLog was most of a log's decoding time (a log query decodes 100,000 logs). An event whose
// arguments are all one word each (address, bool, intN, uintN, bytesN) is read here by slicing the words, with
// the values, failures and clean check viem's strict decoding and re-encoding give.

/** One argument's word read: its value, and whether the word is the value's canonical encoding; undefined when viem throws on it. */
type ReadWord = (word: string) => { value: DecodedValue; canonical: boolean } | undefined;

interface StaticEvent {
  selector: string;
  inputs: { name: string; type: string; indexed: boolean; read: ReadWord }[];
  indexedCount: number;
  /** Non-indexed arguments: one 32-byte word each in the data. */
  dataCount: number;
}

const ZEROS = '0'.repeat(64);
const TWO_256 = 1n << 256n;
const MAX_INT_256 = (1n << 255n) - 1n;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const INTEGER = /^(u?)int([1-9][0-9]*)$/;
const FIXED_BYTES = /^bytes([1-9][0-9]?)$/;

const ONE = `${ZEROS.slice(1)}1`;
const ADDRESS_PADDING = ZEROS.slice(40);
// viem's own cache of checksums (an LRU map) cost more than the rest of a Transfer's decoding.
const checksums = new Map<string, string>();

const readAddress: ReadWord = (word) => {
  const lower = `0x${word.slice(24)}`;
  let address = checksums.get(lower);
  if (address === undefined) {
    if (checksums.size >= 16_384) checksums.clear();
    address = checksumAddress(lower as `0x${string}`);
    checksums.set(lower, address);
  }
  return { value: address, canonical: word.startsWith(ADDRESS_PADDING) };
};

// viem trims the leading zero bytes and throws unless one byte of 0 or 1 is left.
const readBool: ReadWord = (word) => (word === ZEROS ? { value: false, canonical: true } : word === ONE ? { value: true, canonical: true } : undefined);

function integerReader(signed: boolean, bits: number): ReadWord {
  const max = (1n << BigInt(signed ? bits - 1 : bits)) - 1n;
  const min = signed ? -max - 1n : 0n;
  return (word) => {
    let value = BigInt(`0x${word}`);
    // The whole word is read as two's complement, whatever the size.
    if (signed && value > MAX_INT_256) value -= TWO_256;
    // viem gives a number up to 48 bits, and throws when the word is not a safe integer.
    if (bits <= 48 && (value > SAFE || value < -SAFE)) return undefined;
    return { value: value.toString(10), canonical: value >= min && value <= max };
  };
}

function bytesReader(size: number): ReadWord {
  const padding = ZEROS.slice(size * 2);
  return (word) => ({ value: `0x${word.slice(0, size * 2)}`, canonical: word.endsWith(padding) });
}

function readerOf(type: string): ReadWord | undefined {
  if (type === 'address') return readAddress;
  if (type === 'bool') return readBool;
  const integer = INTEGER.exec(type);
  if (integer) {
    const bits = Number(integer[2]);
    return bits % 8 === 0 && bits <= 256 ? integerReader(integer[1] !== 'u', bits) : undefined;
  }
  const bytes = FIXED_BYTES.exec(type);
  if (bytes) {
    const size = Number(bytes[1]);
    return size <= 32 ? bytesReader(size) : undefined;
  }
  return undefined;
}

/** What the decoder needs of an event, or null when it is not one it reads (viem decodes it). */
function prepare(event: AbiEvent): StaticEvent | null {
  if (event.type !== 'event' || event.anonymous) return null;
  const unnamed = event.inputs.some((input) => !input.name);
  // viem keys named arguments in one object: a repeated name (or `__proto__`) would read back otherwise.
  const names = new Set(event.inputs.map((input) => input.name));
  if (!unnamed && (names.size !== event.inputs.length || names.has('__proto__'))) return null;
  const inputs: StaticEvent['inputs'] = [];
  for (const [index, input] of event.inputs.entries()) {
    const read = readerOf(input.type);
    if (!read || (input.indexed !== undefined && typeof input.indexed !== 'boolean')) return null;
    inputs.push({ name: input.name || `arg${index}`, type: input.type, indexed: input.indexed === true, read });
  }
  const indexedCount = inputs.filter((input) => input.indexed).length;
  return { selector: selectorOf(event), inputs, indexedCount, dataCount: inputs.length - indexedCount };
}

const prepared = new WeakMap<AbiEvent, StaticEvent | null>();

/**
 * Decodes a log with an event of one-word arguments as viem's strict decodeEventLog would, `clean` when
 * encoding the arguments again gives back the data. False when viem would throw; undefined for the events and
 * logs it leaves to viem (other types, anonymous events, a first topic in capitals, data shorter than the words).
 */
export function decodeStaticEvent(log: { topics: readonly string[]; data: string }, event: AbiEvent): { args: DecodedArg[]; clean: boolean } | false | undefined {
  let info = prepared.get(event);
  if (info === undefined) {
    info = prepare(event);
    prepared.set(event, info);
  }
  if (!info || log.topics[0] !== info.selector) return undefined;
  if (log.topics.length - 1 < info.indexedCount) return false;
  const length = (log.data.length - 2) / 2;
  if (info.dataCount > 0 && length < info.dataCount * 32) return undefined;
  const data = log.data.toLowerCase();
  let clean = length === info.dataCount * 32;
  let topic = 1;
  let offset = 2;
  const args: DecodedArg[] = [];
  for (const input of info.inputs) {
    let word: string;
    if (input.indexed) {
      word = log.topics[topic++]!.slice(2).toLowerCase();
    } else {
      word = data.slice(offset, offset + 64);
      offset += 64;
    }
    const read = input.read(word);
    if (!read) return false;
    if (!input.indexed && !read.canonical) clean = false;
    args.push({ name: input.name, type: input.type, value: read.value, indexed: input.indexed });
  }
  return { args, clean };
}

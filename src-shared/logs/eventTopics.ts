import { concat, keccak256, pad, parseAbiItem, stringToBytes, toHex, type AbiEvent, type Hex } from 'viem';
import { addressTextProblem } from '../chain/addressTextProblem';
import { canonicalSignature, canonicalType, selectorOf } from '../decoding/candidates';
import { quoteInput } from '../text/quoteInput';
import type { EventChoice } from './types';

// Topics a person builds from an event and the values they type for its indexed arguments.
// Value types become their 32-byte ABI word; string and bytes the keccak256 of their bytes; arrays and
// tuples the keccak256 of Solidity's in-place encoding (docs: "Encoding of Indexed Event Parameters":
// members concatenated, each padded to 32 bytes, strings and bytes right-padded to a multiple of 32,
// no length prefixes, no offsets).

const EXAMPLE = 'Transfer(address indexed from, address indexed to, uint256 value), or bare: Transfer(address,address,uint256)';

/**
 * Reads an event signature (`Transfer(address indexed from, …)` or bare `Transfer(address,address,uint256)`,
 * with or without `event`) as an event a person can pick; null when it is not one (eventSignatureProblem says why).
 */
export function eventChoiceFromSignature(text: string, source: EventChoice['source']): EventChoice | null {
  const read = readEvent(text);
  if ('problem' in read) return null;
  const { item } = read;
  // A bare signature (no names, no `indexed`) does not say which arguments are indexed.
  const known = item.inputs.some((input) => input.indexed === true || (input.name ?? '') !== '');
  return {
    name: item.name,
    signature: canonicalSignature(item),
    topic0: selectorOf(item),
    inputs: item.inputs.map((input) => ({ name: input.name ?? '', type: canonicalType(input), indexed: known ? input.indexed === true : null })),
    source,
  };
}

/** Why `text` is not an event signature logs can be found by (a sentence), or undefined when it is one. */
export function eventSignatureProblem(text: string): string | undefined {
  const read = readEvent(text);
  return 'problem' in read ? read.problem : undefined;
}

function readEvent(text: string): { item: AbiEvent } | { problem: string } {
  const cleaned = text
    .trim()
    .replace(/;$/, '')
    .replace(/\s+/g, ' ')
    .replace(/^event /, '')
    .replace(/^(\w+) \(/, '$1(')
    .replace(/ ?([,)])/g, '$1')
    .replace(/([(,]) ?/g, '$1');
  if (/\)\s*anonymous$/.test(cleaned)) return { problem: `${quoteInput(text)} is anonymous: its logs have no topic0, so it cannot be found by its signature.` };
  let item: AbiEvent;
  try {
    item = parseAbiItem(`event ${cleaned}`) as AbiEvent;
  } catch (error) {
    const unknownType = /Type "(.*)" is not a valid ABI type/.exec((error as Error).message)?.[1];
    if (unknownType !== undefined) return { problem: `${quoteInput(unknownType)} is not a Solidity type, in ${quoteInput(text)}.` };
    return { problem: `${quoteInput(text)} is not an event signature. Write it like ${EXAMPLE}.` };
  }
  const indexedCount = item.inputs.filter((input) => input.indexed === true).length;
  if (indexedCount > 3) return { problem: `${quoteInput(text)} has ${indexedCount} indexed arguments; an event has at most three (topic0 is its signature).` };
  return { item };
}

/**
 * The topic for a value a person typed for an indexed argument of `type`, as Solidity logs it; a
 * specific sentence when the text is not a value of that type. Arrays and tuples are typed as JSON lists.
 */
export function encodeIndexedValue(type: string, text: string): { topic: string } | { problem: string } {
  const node = parseType(type.trim());
  if (node === undefined) return { problem: `${quoteInput(type)} is not a type an indexed argument can have.` };
  try {
    if (node.kind === 'string') return { topic: keccak256(stringToBytes(text)) };
    if (node.kind === 'bytes') return { topic: keccak256(dynamicBytes(text.trim(), '')) };
    if (node.kind === 'array' || node.kind === 'tuple') {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new ValueProblem(`${quoteInput(text)} is not a JSON list: ${node.type} is typed like ${listExample(node)}.`);
      }
      return { topic: keccak256(inPlace(node, value, '')) };
    }
    return { topic: word(node, text.trim(), '') };
  } catch (error) {
    if (error instanceof ValueProblem) return { problem: error.message };
    throw error;
  }
}

/** A parsed ABI type; `type` is its canonical text. */
type TypeNode =
  | { kind: 'address' | 'bool' | 'string' | 'bytes'; type: string }
  | { kind: 'uint' | 'int'; bits: number; type: string }
  | { kind: 'fixedBytes'; size: number; type: string }
  | { kind: 'array'; element: TypeNode; length: number | undefined; type: string }
  | { kind: 'tuple'; components: TypeNode[]; type: string };

class ValueProblem extends Error {}

function parseType(type: string): TypeNode | undefined {
  const array = /^(.+)\[(\d*)\]$/.exec(type);
  if (array) {
    const element = parseType(array[1]!);
    const length = array[2] === '' ? undefined : Number(array[2]);
    if (element === undefined || length === 0 || (length !== undefined && length > 10_000)) return undefined;
    return { kind: 'array', element, length, type: `${element.type}[${array[2]}]` };
  }
  if (type.startsWith('(') && type.endsWith(')')) {
    const components = splitTopLevel(type.slice(1, -1)).map(parseType);
    if (components.some((component) => component === undefined)) return undefined;
    const nodes = components as TypeNode[];
    return { kind: 'tuple', components: nodes, type: `(${nodes.map((node) => node.type).join(',')})` };
  }
  if (type === 'address' || type === 'bool' || type === 'string' || type === 'bytes') return { kind: type, type };
  const integer = /^(u?int)(\d*)$/.exec(type);
  if (integer) {
    const bits = integer[2] === '' ? 256 : Number(integer[2]);
    const kind = integer[1] === 'uint' ? 'uint' : 'int';
    return bits >= 8 && bits <= 256 && bits % 8 === 0 && !integer[2]!.startsWith('0') ? { kind, bits, type: `${kind}${bits}` } : undefined;
  }
  const fixed = /^bytes([1-9]\d?)$/.exec(type);
  if (fixed && Number(fixed[1]) <= 32) return { kind: 'fixedBytes', size: Number(fixed[1]), type };
  return undefined;
}

function splitTopLevel(text: string): string[] {
  if (text === '') return [];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') depth -= 1;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/** Solidity's in-place encoding of a value inside an indexed array or tuple. */
function inPlace(node: TypeNode, value: unknown, at: string): Hex {
  if (node.kind === 'array' || node.kind === 'tuple') {
    const count = node.kind === 'tuple' ? node.components.length : node.length;
    if (!Array.isArray(value)) throw new ValueProblem(`${where(at)}${shown(value)} is not a list: ${node.type} is typed like ${listExample(node)}.`);
    if (count !== undefined && value.length !== count) {
      const what = node.kind === 'tuple' ? 'fields' : 'items';
      throw new ValueProblem(`${where(at)}${node.type} takes exactly ${count} ${what}; this list has ${value.length}.`);
    }
    const parts = value.map((item, index) => inPlace(node.kind === 'tuple' ? node.components[index]! : node.element, item, `${at}[${index}]`));
    return parts.length === 0 ? '0x' : concat(parts);
  }
  if (node.kind === 'string') {
    if (typeof value !== 'string') throw new ValueProblem(`${where(at)}${shown(value)} is not a string: write it in double quotes.`);
    return padRight(toHex(stringToBytes(value)));
  }
  if (node.kind === 'bytes') return padRight(dynamicBytes(leafText(value, at), at));
  return word(node, leafText(value, at).trim(), at);
}

/** The 32-byte ABI word of a value type. */
function word(node: TypeNode, text: string, at: string): Hex {
  const q = `${where(at)}${quoteInput(text)}`;
  if (node.kind === 'address') {
    const problem = addressTextProblem(text);
    if (problem === 'shape') throw new ValueProblem(`${q} is not an address: 0x and 40 hex digits.`);
    if (problem === 'checksum') throw new ValueProblem(`${q} has a bad checksum: a character may be mistyped. Check it, or paste it in all lowercase to skip the check.`);
    return pad(text.toLowerCase() as Hex);
  }
  if (node.kind === 'bool') {
    const bool = text.toLowerCase();
    if (bool !== 'true' && bool !== 'false') throw new ValueProblem(`${q} is not a bool: type true or false.`);
    return pad(bool === 'true' ? '0x1' : '0x0');
  }
  if (node.kind === 'fixedBytes') {
    const digits = node.size * 2;
    if (!/^0x[0-9a-fA-F]*$/.test(text)) throw new ValueProblem(`${q} is not hex: ${node.type} takes 0x and exactly ${digits} hex digits.`);
    if (text.length - 2 !== digits) throw new ValueProblem(`${q} has ${text.length - 2} hex digits; ${node.type} takes exactly ${digits} (${node.size} bytes).`);
    return pad(text.toLowerCase() as Hex, { dir: 'right' });
  }
  if (node.kind === 'uint' || node.kind === 'int') return pad(toHex(BigInt.asUintN(256, integer(node, text, q))));
  throw new ValueProblem(`${where(at)}${node.type} has no single-word encoding.`);
}

function integer(node: { kind: 'uint' | 'int'; bits: number; type: string }, text: string, q: string): bigint {
  const match = /^(-?)(0x[0-9a-fA-F]+|[0-9]+)$/.exec(text);
  if (!match) throw new ValueProblem(`${q} is not a number: ${node.type} takes a decimal or 0x hex integer.`);
  const signed = node.kind === 'int';
  const min = signed ? -(2n ** BigInt(node.bits - 1)) : 0n;
  const max = (signed ? 2n ** BigInt(node.bits - 1) : 2n ** BigInt(node.bits)) - 1n;
  // Past 80 significant characters a number is beyond any 256-bit range; BigInt is not asked to read megabytes.
  const magnitude = match[2]!.replace(/^0x0*|^0+/, '');
  const value = magnitude.length > 80 ? max + 1n : BigInt(match[2]!) * (match[1] === '-' ? -1n : 1n);
  if (value < min || value > max) throw new ValueProblem(`${q} is out of range for ${node.type} (${bound(min, node.bits, true)} to ${bound(max, node.bits, false)}).`);
  return value;
}

/** A bound as a decimal when short, as a power of two when long. */
function bound(value: bigint, bits: number, low: boolean): string {
  if (bits <= 64 || value === 0n) return value.toString();
  return low ? `−2^${bits - 1}` : `2^${value === 2n ** BigInt(bits) - 1n ? bits : bits - 1} − 1`;
}

function dynamicBytes(text: string, at: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) throw new ValueProblem(`${where(at)}${quoteInput(text)} is not bytes: 0x and an even number of hex digits.`);
  return text.toLowerCase() as Hex;
}

function padRight(hex: Hex): Hex {
  const digits = hex.length - 2;
  const padded = Math.ceil(digits / 64) * 64;
  return `0x${hex.slice(2)}${'0'.repeat(padded - digits)}`;
}

/** A JSON leaf as the text a person would type for it. */
function leafText(value: unknown, at: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new ValueProblem(`${where(at)}${String(value)} is past what a JSON number holds exactly (2^53): write it in double quotes.`);
  }
  if (typeof value === 'number') return String(value);
  throw new ValueProblem(`${where(at)}${shown(value)} is not a value: write a number, true or false, or text in double quotes.`);
}

function where(at: string): string {
  return at === '' ? '' : `At ${at}: `;
}

function shown(value: unknown): string {
  return quoteInput(JSON.stringify(value) ?? String(value));
}

function listExample(node: TypeNode): string {
  if (node.kind === 'tuple') return `a JSON list of its ${node.components.length} fields, [${node.components.map(exampleOf).join(', ')}]`;
  if (node.kind === 'array') return `a JSON list, [${Array.from({ length: Math.min(node.length ?? 2, 3) }, () => exampleOf(node.element)).join(', ')}]`;
  return exampleOf(node);
}

function exampleOf(node: TypeNode): string {
  if (node.kind === 'array' || node.kind === 'tuple') return '[…]';
  if (node.kind === 'bool') return 'true';
  if (node.kind === 'uint' || node.kind === 'int') return '1';
  if (node.kind === 'string') return '"text"';
  return '"0x…"';
}

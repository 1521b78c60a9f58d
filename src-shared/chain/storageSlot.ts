import { concat, getAddress, keccak256, numberToHex, pad, stringToHex, toHex, type Hex } from 'viem';
import { isAddressText } from './isAddressText';

// Storage slots as Solidity lays them out (the spec's eth_getStorageAt example): a plain variable at
// declaration position n lives in slot n; an element of a mapping at position p, for key k, lives in
// keccak256(k ++ p), each left-padded to 32 bytes (strings and bytes keys go in unpadded).

/** The key types a mapping's element can be looked up by. */
export type MappingKeyType = 'address' | 'uint256' | 'int256' | 'bytes32' | 'bool' | 'string';

/** How a storage word is read. */
export type WordType = 'uint' | 'int' | 'address' | 'bool' | 'bytes32';

/** Input that cannot be read, with the sentence to show. */
export class SlotInputError extends Error {
  override name = 'SlotInputError';
}

const UINT256_MAX = (1n << 256n) - 1n;
const INT256_MIN = -(1n << 255n);
const INT256_MAX = (1n << 255n) - 1n;

/** Reads a declaration position or slot: decimal or 0x hex, 0 to 2^256 − 1. */
export function parsePosition(text: string): bigint {
  const trimmed = text.trim();
  if (trimmed === '') throw new SlotInputError('Enter a position: a whole number such as 0, 3 or 0x3.');
  if (!/^(?:\d+|0x[0-9a-fA-F]+)$/.test(trimmed)) throw new SlotInputError('A position is a whole number, in decimal (3) or 0x hex (0x3).');
  const value = BigInt(trimmed);
  if (value > UINT256_MAX) throw new SlotInputError('A position is at most 2^256 − 1.');
  return value;
}

/** The slot of a plain variable at declaration position `position`. */
export function plainSlot(position: bigint): Hex {
  return numberToHex(position, { size: 32 });
}

/** The 32-byte (or, for strings, raw) encoding of a mapping key, checked against its type. */
export function encodeMappingKey(type: MappingKeyType, text: string): Hex {
  const trimmed = text.trim();
  switch (type) {
    case 'address':
      if (!isAddressText(trimmed)) throw new SlotInputError('An address key is 0x followed by 40 hex digits.');
      return pad(getAddress(trimmed).toLowerCase() as Hex, { size: 32 });
    case 'uint256': {
      if (!/^(?:\d+|0x[0-9a-fA-F]+)$/.test(trimmed)) throw new SlotInputError('A uint256 key is a whole number, in decimal or 0x hex.');
      const value = BigInt(trimmed);
      if (value > UINT256_MAX) throw new SlotInputError('A uint256 key is at most 2^256 − 1.');
      return numberToHex(value, { size: 32 });
    }
    case 'int256': {
      if (!/^-?\d+$/.test(trimmed)) throw new SlotInputError('An int256 key is a whole number in decimal, such as -5.');
      const value = BigInt(trimmed);
      if (value < INT256_MIN || value > INT256_MAX) throw new SlotInputError('An int256 key is between −2^255 and 2^255 − 1.');
      return numberToHex(value < 0n ? value + (1n << 256n) : value, { size: 32 });
    }
    case 'bytes32':
      if (!/^0x[0-9a-fA-F]{64}$/.test(trimmed)) throw new SlotInputError('A bytes32 key is 0x followed by 64 hex digits.');
      return trimmed.toLowerCase() as Hex;
    case 'bool':
      if (trimmed !== 'true' && trimmed !== 'false') throw new SlotInputError('A bool key is true or false.');
      return numberToHex(trimmed === 'true' ? 1 : 0, { size: 32 });
    case 'string':
      return stringToHex(text);
  }
}

/** The slot of `mapping[key]` for a mapping declared at `position`. */
export function mappingSlot(type: MappingKeyType, key: string, position: bigint): Hex {
  return keccak256(concat([encodeMappingKey(type, key), numberToHex(position, { size: 32 })]));
}

/** A 32-byte storage word read as a type; the text to show. */
export function decodeWord(word: string, as: WordType): string {
  if (!/^0x[0-9a-fA-F]{1,64}$/.test(word)) throw new SlotInputError('A storage word is 0x followed by up to 64 hex digits.');
  const full = pad(word.toLowerCase() as Hex, { size: 32 });
  const value = BigInt(full);
  switch (as) {
    case 'uint':
      return value.toString(10);
    case 'int':
      return (value > INT256_MAX ? value - (1n << 256n) : value).toString(10);
    case 'address':
      return getAddress(`0x${full.slice(-40)}`);
    case 'bool':
      return value === 0n ? 'false' : value === 1n ? 'true' : `true (not a clean bool: ${toHex(value)})`;
    case 'bytes32':
      return full;
  }
}

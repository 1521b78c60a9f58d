import type { DecodedValue } from './types';

/** A value viem decoded, made JSON-safe: bigints as decimal strings, byte arrays as hex, tuples kept. */
export function toDecodedValue(value: unknown): DecodedValue {
  if (typeof value === 'bigint') return value.toString(10);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Uint8Array) return `0x${[...value].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  if (Array.isArray(value)) return value.map(toDecodedValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toDecodedValue(inner)]));
  }
  return String(value);
}

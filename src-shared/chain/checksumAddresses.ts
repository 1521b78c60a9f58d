import { getAddress } from 'viem';
import { isAddressText } from './isAddressText';

// Fields whose bytes are data, not an address, even when they happen to be 20 bytes long.
const DATA_KEYS = new Set(['data', 'input', 'output', 'returnData', 'extraData', 'value', 'topics']);

/** An address in its EIP-55 checksummed form (viem's getAddress); anything that is not 20 bytes of hex, as it is. */
export function checksumAddress(value: string): string {
  return isAddressText(value) ? getAddress(value.toLowerCase()) : value;
}

/**
 * A copy of a JSON-like value with every address in it checksummed, so an export writes each address one way
 * (a node answers lowercase, labels and summaries use the checksummed form). Data fields are left as they are.
 */
export function checksumAddressesIn<T>(value: T): T {
  return walk(value, undefined) as T;
}

function walk(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') return key !== undefined && DATA_KEYS.has(key) ? value : checksumAddress(value);
  if (Array.isArray(value)) return key !== undefined && DATA_KEYS.has(key) ? value : value.map((item) => walk(item, undefined));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [checksumAddress(name), walk(item, name)]));
  }
  return value;
}

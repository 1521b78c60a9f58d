import { getAddress } from 'viem';
import { isAddressText } from './isAddressText';

// Fields whose bytes are data, not an address, even when they happen to be 20 bytes long.
const DATA_KEYS = new Set(['data', 'input', 'output', 'returnData', 'extraData', 'value', 'topics']);

/**
 * Checksummed forms already worked out, by lowercase address: a page of rows names the same few addresses again
 * and again, and each checksum is a keccak hash (about 0.15 ms: the home's 24 addresses were 3.4 ms of its render).
 * Kept to the newest {@link CHECKSUMS_KEPT}.
 */
const checksums = new Map<string, string>();
export const CHECKSUMS_KEPT = 4096;

/** An address in its EIP-55 checksummed form (viem's getAddress); anything that is not 20 bytes of hex, as it is. */
export function checksumAddress(value: string): string {
  if (!isAddressText(value)) return value;
  const lower = value.toLowerCase();
  let checksummed = checksums.get(lower);
  if (checksummed === undefined) {
    checksummed = getAddress(lower);
    if (checksums.size >= CHECKSUMS_KEPT) checksums.delete(checksums.keys().next().value!);
    checksums.set(lower, checksummed);
  }
  return checksummed;
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

import type { HeadView } from '../../../src-shared/api/networks';

const HEX_QUANTITY = /^0x[0-9a-f]+$/i;
const HASH = /^0x[0-9a-f]{1,64}$/i;

/** The head of an EVM `eth_getBlockByNumber` (or `newHeads`) answer; undefined when it is not a block. */
export function parseEvmHead(block: unknown): HeadView | undefined {
  if (typeof block !== 'object' || block === null) return undefined;
  const { number, hash, timestamp } = block as Record<string, unknown>;
  if (typeof number !== 'string' || !HEX_QUANTITY.test(number)) return undefined;
  if (typeof hash !== 'string' || !HASH.test(hash)) return undefined;
  if (typeof timestamp !== 'string' || !HEX_QUANTITY.test(timestamp)) return undefined;
  return { number: number.toLowerCase(), hash: hash.toLowerCase(), timestamp: timestamp.toLowerCase() };
}

/** The head of a Starknet `starknet_getBlockWithTxHashes` answer (numbers there), as `0x` hex like EVM's. */
export function parseStarknetHead(block: unknown): HeadView | undefined {
  if (typeof block !== 'object' || block === null) return undefined;
  const { block_number: number, block_hash: hash, timestamp } = block as Record<string, unknown>;
  if (!isCount(number) || !isCount(timestamp)) return undefined;
  if (typeof hash !== 'string' || !HASH.test(hash)) return undefined;
  return { number: `0x${number.toString(16)}`, hash: hash.toLowerCase(), timestamp: `0x${timestamp.toString(16)}` };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

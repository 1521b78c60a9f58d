import { isPlainObject } from './validateRequest';

/**
 * The seeded blocks, whose state a node of their own keeps (see docs/design-notes.md, "Two nodes: the seeded
 * blocks' state and the live chain"): the last seeded block's number and every seeded block's hash, lowercase.
 */
export interface SeededBlocks {
  toBlock: number;
  hashes: ReadonlySet<string>;
}

/** Methods that read the state at a block, and the index of their block parameter. */
const STATE_BLOCK_PARAM: Readonly<Record<string, number>> = {
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
  eth_getProof: 2,
  eth_call: 1,
  eth_estimateGas: 1,
  eth_createAccessList: 1,
  eth_getAccount: 1,
  eth_getAccountInfo: 1,
  eth_simulateV1: 1,
};

const HEX_NUMBER = /^0x[0-9a-fA-F]{1,64}$/;

/**
 * Whether a request reads the state at a seeded block: its block parameter is `earliest`, a number at or below
 * the last seeded block, or (EIP-1898) an object naming a seeded block by number or hash. A tag such as `latest`,
 * a later block, or a request that reads no state is the live node's.
 */
export function readsSeededState(method: string, params: unknown, seeded: SeededBlocks): boolean {
  const index = STATE_BLOCK_PARAM[method];
  if (index === undefined || !Array.isArray(params)) return false;
  const block: unknown = params[index];
  if (block === 'earliest') return true;
  if (typeof block === 'string') return isSeededNumber(block, seeded);
  if (!isPlainObject(block)) return false;
  if (typeof block.blockHash === 'string') return seeded.hashes.has(block.blockHash.toLowerCase());
  return typeof block.blockNumber === 'string' && isSeededNumber(block.blockNumber, seeded);
}

function isSeededNumber(text: string, seeded: SeededBlocks): boolean {
  return HEX_NUMBER.test(text) && BigInt(text) <= BigInt(seeded.toBlock);
}

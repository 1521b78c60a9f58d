import type { Common } from '@ethereumjs/common';
import { Address, bigIntToBytes, bytesToHex, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import type { LayeredState } from './layeredState';

/** The EIP-4788 beacon roots contract and its ring's length, the same on every chain. */
const BEACON_ROOTS = new Address(hexToBytes('0x000F3df6D732807Ef1319fB7B8bB8522d0Beac02'));
const HISTORICAL_ROOTS_LENGTH = 8191n;
/** The EIP-2935 history contract and its ring's length (the EIP's final value; the library's EVM params still say 8192). */
const HISTORY = new Address(hexToBytes('0x0000F90827F1C53A10CB7A02335B175320002935'));
const HISTORY_SERVE_WINDOW = 8191n;

/** A storage slot of a contract as the node states it after the replayed block (`eth_getStorageAt` at its number). */
export type SlotAfterBlock = (address: `0x${string}`, slot: `0x${string}`) => Promise<string>;

/**
 * The state writes a block makes before its first transaction, which no transaction shows: the parent's hash into
 * the EIP-2935 history contract and the parent beacon root into the EIP-4788 contract, each only when the contract
 * has code (as the EVM library's own block runner does) and, given `afterBlock`, only when the node's state after
 * the block holds the write: Hardhat 2 (EDR) deploys both contracts but makes neither write (its EIP-2935 contract
 * is a stub that reverts), and a replay that made them would answer a read of its block's beacon root the node
 * refused. A transaction reading either sees what it saw on the node.
 */
export async function applyBlockStart(
  state: LayeredState,
  common: Common,
  block: { number: bigint; timestamp: bigint; parentHash: `0x${string}`; parentBeaconBlockRoot?: `0x${string}` },
  afterBlock?: SlotAfterBlock,
): Promise<void> {
  /** Whether the node's slot after the block holds `value` (no node to ask: the write is assumed, as before). */
  const nodeWrote = async (address: Address, slot: Uint8Array, value: Uint8Array) =>
    !afterBlock || BigInt(await afterBlock(address.toString(), bytesToHex(slot))) === BigInt(bytesToHex(value));
  if (common.isActivatedEIP(2935)) {
    const slot = setLengthLeft(bigIntToBytes((block.number - 1n) % HISTORY_SERVE_WINDOW), 32);
    if ((await state.getCode(HISTORY)).length > 0 && (await nodeWrote(HISTORY, slot, hexToBytes(block.parentHash)))) {
      await state.putStorage(HISTORY, slot, hexToBytes(block.parentHash));
    }
  }
  if (common.isActivatedEIP(4788) && block.parentBeaconBlockRoot && (await state.getCode(BEACON_ROOTS)).length > 0) {
    const length = HISTORICAL_ROOTS_LENGTH;
    const index = block.timestamp % length;
    const slot = setLengthLeft(bigIntToBytes(index), 32);
    if (await nodeWrote(BEACON_ROOTS, slot, bigIntToBytes(block.timestamp))) {
      await state.putStorage(BEACON_ROOTS, slot, bigIntToBytes(block.timestamp));
      await state.putStorage(BEACON_ROOTS, setLengthLeft(bigIntToBytes(index + length), 32), hexToBytes(block.parentBeaconBlockRoot));
    }
  }
}

import { encodeAbiParameters, keccak256, type Address, type Hex } from 'viem';

/** StorageShowcase's `balances` mapping lives at slot 3 (see StorageShowcase.sol). */
export const BALANCES_SLOT = 3n;

/** keccak256(pad(key) ++ pad(slot)): where Solidity keeps `mapping(address => ...)[key]`. */
export function mappingSlot(key: Address, slot: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, slot]));
}

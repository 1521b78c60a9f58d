import type { DecodedArg, Decoding, TokenUnits } from './types';

/**
 * The arguments that are amounts of the contract's own token, by canonical signature: ERC-20's events and functions
 * (and the extensions every token library ships: OpenZeppelin's allowance helpers, mint and burn, EIP-2612's permit,
 * WETH's deposit and withdrawal). Only these are put in the token's units: a `uint256` elsewhere may be anything.
 * ERC-721 shares `Transfer(address,address,uint256)` and `approve(address,uint256)` with ERC-20, its last argument a
 * token id: an ERC-721 answers no `decimals()`, so it is never given units (see withTokenUnits).
 */
export const TOKEN_AMOUNT_ARGS: Readonly<Record<string, readonly number[]>> = {
  // events
  'Transfer(address,address,uint256)': [2],
  'Approval(address,address,uint256)': [2],
  'Deposit(address,uint256)': [1],
  'Withdrawal(address,uint256)': [1],
  // functions
  'transfer(address,uint256)': [1],
  'transferFrom(address,address,uint256)': [2],
  'approve(address,uint256)': [1],
  'increaseAllowance(address,uint256)': [1],
  'decreaseAllowance(address,uint256)': [1],
  'mint(address,uint256)': [1],
  'burn(uint256)': [0],
  'burnFrom(address,uint256)': [1],
  'withdraw(uint256)': [0],
  'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)': [2],
};

/** The outputs that are amounts of the contract's own token, by the function's canonical signature. */
export const TOKEN_AMOUNT_OUTPUTS: Readonly<Record<string, readonly number[]>> = {
  'balanceOf(address)': [0],
  'totalSupply()': [0],
  'allowance(address,address)': [0],
};

/** A call's decoded outputs with the token amounts among them in the token's units (see TOKEN_AMOUNT_OUTPUTS). */
export function outputsWithTokenUnits<A extends DecodedArg>(signature: string, outputs: A[], units: TokenUnits | null): A[] {
  const positions = TOKEN_AMOUNT_OUTPUTS[signature];
  if (!positions || units === null) return outputs;
  return outputs.map((arg, index) => (positions.includes(index) && arg.type === 'uint256' && typeof arg.value === 'string' ? { ...arg, units } : arg));
}

/** Whether a decoded signature has amounts of the contract's token (and so whether its units are worth asking for). */
export function hasTokenAmounts(decoding: Decoding): boolean {
  return decoding.status === 'decoded' && TOKEN_AMOUNT_ARGS[decoding.signature] !== undefined;
}

/**
 * The decoding with its token amounts marked in the token's units; as it was where the signature has none or the
 * contract answered no decimals. An event's amount is in its data (ERC-20); one from a topic is an ERC-721 token id.
 */
export function withTokenUnits(decoding: Decoding, units: TokenUnits | null): Decoding {
  if (decoding.status !== 'decoded' || units === null) return decoding;
  const positions = TOKEN_AMOUNT_ARGS[decoding.signature];
  if (!positions) return decoding;
  return {
    ...decoding,
    args: decoding.args.map((arg, index) => (positions.includes(index) && arg.type === 'uint256' && typeof arg.value === 'string' && !arg.indexed ? { ...arg, units } : arg)),
  };
}

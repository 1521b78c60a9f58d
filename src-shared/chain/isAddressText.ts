import { isAddress } from 'viem';

/**
 * Whether text is written as an address: 0x and 40 hex digits, in any case. Its EIP-55 checksum is not checked
 * (a node answers in lowercase, a link may carry any case); where a person typed it, ask addressTextProblem.
 */
export function isAddressText(text: string): text is `0x${string}` {
  return isAddress(text, { strict: false });
}

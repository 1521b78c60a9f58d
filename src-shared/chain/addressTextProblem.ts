import { isAddress } from 'viem';
import { isAddressText } from './isAddressText';

/** What a person is told about a mixed-case address whose checksum fails, wherever it was typed. */
export const BAD_CHECKSUM = 'Bad address checksum: a character may be mistyped. Check the address, or paste it in all lowercase to skip the check.';

/** Why typed text is not an address a person can mean; undefined when it is one. */
export type AddressTextProblem = 'shape' | 'checksum';

/**
 * Why typed text is not an address: `shape` when it is not 0x and 40 hex digits, `checksum` when it is in mixed
 * case and its EIP-55 checksum fails (a character was likely mistyped); undefined when it is an address.
 */
export function addressTextProblem(text: string): AddressTextProblem | undefined {
  if (!isAddressText(text)) return 'shape';
  // EIP-55: only a mixed-case address carries a checksum; all-lower and all-upper are unchecked forms (viem's
  // strict check refuses all-upper, so it is asked only of mixed case).
  const body = text.slice(2);
  if (body !== body.toLowerCase() && body !== body.toUpperCase() && !isAddress(text, { strict: true })) return 'checksum';
  return undefined;
}

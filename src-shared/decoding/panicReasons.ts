/** What each Solidity panic code means (the compiler's `Panic(uint256)`), in words. */
export const PANIC_REASONS: Readonly<Record<number, string>> = {
  0x00: 'generic compiler-inserted panic',
  0x01: 'assertion failed (assert)',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division or modulo by zero',
  0x21: 'conversion to an enum out of range',
  0x22: 'storage byte array incorrectly encoded',
  0x31: 'pop() on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'too much memory allocated, or an array too large',
  0x51: 'call to a zero-initialized internal function',
};

/** The meaning of a panic code, or a sentence saying it is not one the compiler uses. */
export function panicReason(code: bigint): string {
  const known = code <= 0xffn ? PANIC_REASONS[Number(code)] : undefined;
  return known ?? `panic code 0x${code.toString(16)}, which the Solidity compiler does not use`;
}

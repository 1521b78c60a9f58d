/** Characters kept before the ellipsis: `0x` and eight hex digits. */
export const SHORT_HEX_HEAD = 10;
/** Characters kept after it. */
export const SHORT_HEX_TAIL = 6;

/**
 * The one short form of a hash, an address, a CID or any long hex: `0x9964d123…c85884` (the full value belongs in
 * the title and on copy). A value already cut, or short enough, is returned as it is, so nothing is cut twice.
 */
export function shortHex(value: string, head = SHORT_HEX_HEAD, tail = SHORT_HEX_TAIL): string {
  // `head` and `tail` are for the few callers not yet moved to the one form; new code leaves them out.
  if (value.includes('…') || value.length <= head + tail + 1) return value;
  return `${value.slice(0, head)}…${value.slice(-tail)}`;
}

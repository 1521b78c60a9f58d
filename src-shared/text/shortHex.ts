/** Characters kept before the ellipsis: `0x` and eight hex digits. */
export const SHORT_HEX_HEAD = 10;
/** Characters kept after it. */
export const SHORT_HEX_TAIL = 6;

/**
 * The one short form of a hash, an address, a CID or any long hex: `0x9964d123…c85884` (the full value belongs in
 * the title and on copy). A value already cut, or short enough, is returned as it is, so nothing is cut twice.
 */
export function shortHex(value: string): string {
  if (value.includes('…') || value.length <= SHORT_HEX_HEAD + SHORT_HEX_TAIL + 1) return value;
  return `${value.slice(0, SHORT_HEX_HEAD)}…${value.slice(-SHORT_HEX_TAIL)}`;
}

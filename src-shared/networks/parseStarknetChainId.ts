/** Starknet's field prime: every felt, including a chain id, is below it. */
const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

/** Cairo short strings: up to 31 ASCII characters, packed big-endian into one felt. */
const SHORT_STRING = /^[\x20-\x7e]{1,31}$/;

/**
 * A Starknet chain id in canonical form (lowercase `0x` hex felt), from what a person may type: the felt in
 * hex (`0x534e5f4d41494e`) or the short string it encodes (`SN_MAIN`). Undefined when it is neither, or zero.
 */
export function parseStarknetChainId(input: string): string | undefined {
  const text = input.trim();
  let value: bigint;
  if (/^0x/i.test(text)) {
    if (!/^0x[0-9a-f]{1,64}$/i.test(text)) return undefined;
    value = BigInt(text);
  } else if (SHORT_STRING.test(text)) {
    value = 0n;
    for (const char of text) value = (value << 8n) | BigInt(char.charCodeAt(0));
  } else {
    return undefined;
  }
  if (value === 0n || value >= FIELD_PRIME) return undefined;
  return `0x${value.toString(16)}`;
}

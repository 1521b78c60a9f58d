// The bytes of JSON's structure, for the sandbox's byte-level scanners (gateway/splitJsonArray.ts,
// chain/dropTraces.ts), which walk JSON texts without parsing them.
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

/** JSON's four whitespace bytes: space, tab, line feed, carriage return. */
export const isJsonWhitespace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;


// Felts as people type and read them. A felt is an integer below Starknet's field prime; on the wire it is
// 0x hex without leading zeros (the spec's FELT pattern). The helpers turn what a person means (a number in
// decimal or hex, a u256, a short string, an address) into felts and read felts back the same ways.

/** Starknet's field prime: every felt is below it. */
export const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;
/** Contract addresses are below 2^251. */
export const ADDRESS_BOUND = 2n ** 251n;
/** A u256 is two felts of 128 bits: the low half first, then the high (Cairo's and starknet.js's uint256). */
const U128_MAX = 2n ** 128n - 1n;

// The u256 halves and short strings are computed here, not with starknet.js (felt.test.ts checks both against it):
// importing that builds its curve's tables as it loads, a long task of the window's thread for a split and a packing.

/** A short string's felt: its ASCII bytes packed big-endian (the text is checked printable ASCII, 1 to 31 characters). */
function shortStringValue(text: string): bigint {
  let value = 0n;
  for (const char of text) value = (value << 8n) + BigInt(char.charCodeAt(0));
  return value;
}

/** How an argument is written: a felt, a u256 (sent as two felts, low then high), a short string, an address. */
export type FeltKind = 'felt' | 'u256' | 'shortString' | 'address';

export const FELT_KINDS: readonly { kind: FeltKind; label: string; hint: string }[] = [
  { kind: 'felt', label: 'felt', hint: 'A number in decimal or 0x hex, below the field prime.' },
  { kind: 'u256', label: 'u256', hint: 'A number up to 2^256 - 1, sent as two felts: low 128 bits, then high.' },
  { kind: 'shortString', label: 'short string', hint: 'Up to 31 ASCII characters, packed into one felt.' },
  { kind: 'address', label: 'address', hint: 'A contract address: 0x hex, below 2^251.' },
];

/** One argument as typed. */
export interface FeltArg {
  kind: FeltKind;
  text: string;
}

export type FeltResult = { ok: true; felts: string[] } | { ok: false; message: string };

/** A bigint as the spec's FELT: lowercase 0x hex without leading zeros. */
export const toFelt = (value: bigint): string => `0x${value.toString(16)}`;

/** A whole number in decimal or 0x hex; undefined when the text is neither. */
function parseNumber(text: string): bigint | undefined {
  const trimmed = text.trim().replaceAll('_', '');
  if (/^[0-9]{1,80}$/.test(trimmed) || /^0x[0-9a-fA-F]{1,64}$/.test(trimmed)) return BigInt(trimmed);
  return undefined;
}

/** A felt from decimal or 0x hex text, or why not. */
export function parseFelt(text: string, what = 'A felt'): { ok: true; felt: string } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: `${what} is empty: type a number in decimal or 0x hex.` };
  const value = parseNumber(text);
  if (value === undefined) return { ok: false, message: `${what} is a whole number in decimal or 0x hex (up to 64 hex digits).` };
  if (value >= FIELD_PRIME) return { ok: false, message: `${what} is not below Starknet's field prime (2^251 + 17·2^192 + 1).` };
  return { ok: true, felt: toFelt(value) };
}

/** The felts an argument stands for. */
export function encodeFeltArg(arg: FeltArg): FeltResult {
  const text = arg.text.trim();
  switch (arg.kind) {
    case 'felt': {
      const parsed = parseFelt(text);
      return parsed.ok ? { ok: true, felts: [parsed.felt] } : parsed;
    }
    case 'address': {
      if (!/^0x[0-9a-fA-F]{1,64}$/.test(text)) return { ok: false, message: 'An address is 0x followed by up to 64 hex digits.' };
      const value = BigInt(text);
      if (value >= ADDRESS_BOUND) return { ok: false, message: 'An address is below 2^251.' };
      return { ok: true, felts: [toFelt(value)] };
    }
    case 'u256': {
      const value = parseNumber(text);
      if (value === undefined) return { ok: false, message: 'A u256 is a whole number in decimal or 0x hex.' };
      if (value >= 2n ** 256n) return { ok: false, message: 'A u256 is at most 2^256 - 1.' };
      return { ok: true, felts: [toFelt(value & U128_MAX), toFelt(value >> 128n)] };
    }
    case 'shortString': {
      // Typed text is taken as it is (spaces kept): a short string's characters are its value.
      if (arg.text.length === 0) return { ok: false, message: 'A short string has at least one character.' };
      if (!/^[\x20-\x7e]*$/.test(arg.text)) return { ok: false, message: 'A short string is printable ASCII only.' };
      if (arg.text.length > 31) return { ok: false, message: `A short string is at most 31 characters (this one has ${arg.text.length}).` };
      return { ok: true, felts: [toFelt(shortStringValue(arg.text))] };
    }
  }
}

/** Every argument's felts in order, or the first problem with the argument's position. */
export function encodeCalldata(args: readonly FeltArg[]): { ok: true; felts: string[] } | { ok: false; index: number; message: string } {
  const felts: string[] = [];
  for (const [index, arg] of args.entries()) {
    const encoded = encodeFeltArg(arg);
    if (!encoded.ok) return { ok: false, index, message: encoded.message };
    felts.push(...encoded.felts);
  }
  return { ok: true, felts };
}

/** A felt as a short string, when it is one: printable ASCII packed big-endian (no leading NULs). */
export function feltAsShortString(felt: string): string | undefined {
  // Read byte by byte: starknet's decodeShortString reads an odd-length hex such as 0x1 as the text "1".
  const value = BigInt(felt);
  if (value === 0n || value >= 2n ** 248n) return undefined;
  const hex = value.toString(16);
  const bytes = hex.padStart(hex.length + (hex.length % 2), '0').match(/../g)!.map((pair) => Number.parseInt(pair, 16));
  return bytes.every((byte) => byte >= 0x20 && byte <= 0x7e) ? String.fromCharCode(...bytes) : undefined;
}

/** What a result felt reads as, each way. */
export interface FeltReading {
  hex: string;
  decimal: string;
  /** The felt as a 64-digit address, when it is below 2^251. */
  address?: string;
  shortString?: string;
  /** With the next felt as its high half: the u256 they make, when this felt fits in 128 bits and the next too. */
  u256WithNext?: string;
  /** As a signed number: felts above P/2 read as negative (Cairo's i128 and friends). */
  signed?: string;
}

/** Reads every felt of a result, each way a person may want. */
export function readFelts(felts: readonly string[]): FeltReading[] {
  return felts.map((felt, index) => {
    const value = BigInt(felt);
    const next = felts[index + 1] !== undefined ? BigInt(felts[index + 1]!) : undefined;
    const reading: FeltReading = { hex: toFelt(value), decimal: value.toString(10) };
    if (value < ADDRESS_BOUND) reading.address = `0x${value.toString(16).padStart(64, '0')}`;
    const text = feltAsShortString(felt);
    if (text !== undefined) reading.shortString = text;
    if (next !== undefined && value < 2n ** 128n && next < 2n ** 128n) reading.u256WithNext = ((next << 128n) + value).toString(10);
    if (value > FIELD_PRIME / 2n) reading.signed = (value - FIELD_PRIME).toString(10);
    return reading;
  });
}

/** A result felt list is what the spec says: 0x hex without leading zeros, below the prime. */
export function isFeltList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,62})$/.test(item) && BigInt(item) < FIELD_PRIME);
}

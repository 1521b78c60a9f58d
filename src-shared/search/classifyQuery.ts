import { CID } from 'multiformats/cid';
import { getAddress } from 'viem';
import { addressTextProblem, BAD_CHECKSUM } from '../chain/addressTextProblem';
import { quoteInput } from '../text/quoteInput';
import { countOf } from '../text/countOf';

/** Block tags the JSON-RPC `eth_getBlockByNumber` accepts by name. */
export const BLOCK_TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const;

/** A named block. */
export type BlockTag = (typeof BLOCK_TAGS)[number];

/** Largest block number accepted: JSON-RPC quantities for blocks are uint64. */
export const MAX_BLOCK_NUMBER = 2n ** 64n - 1n;

/** Longest 0x quantity read as a block number (uint64 is 16 hex digits). */
const MAX_BLOCK_HEX_DIGITS = 16;

/** What a search query names, or why it names nothing. */
export type QueryClass =
  | { kind: 'empty' }
  | { kind: 'block'; number: bigint }
  | { kind: 'blockTag'; tag: BlockTag }
  /** 32 bytes: a transaction or a block hash (only the chain can tell which). Lowercase `0x` hex. */
  | { kind: 'hash'; hash: `0x${string}` }
  /** 20 bytes, in its EIP-55 checksummed form. */
  | { kind: 'address'; address: `0x${string}` }
  /** A content identifier as typed (canonical string form), and an optional path inside it. */
  | { kind: 'cid'; cid: string; version: 0 | 1; path?: string }
  | { kind: 'invalid'; reason: InvalidReason; message: string };

/** Why a query names nothing, for tests and for callers that react differently. */
export type InvalidReason = 'unrecognised' | 'hexLength' | 'hexDigits' | 'checksum' | 'blockTooLarge' | 'negative' | 'badCid' | 'ens';

/** The message for a query that is none of the known kinds. */
export const UNRECOGNISED_MESSAGE = 'Not a block number, hash, address or CID';

const HEX_BODY = /^[0-9a-fA-F]*$/;
const DECIMAL = /^[0-9]+$/;
// Base58btc alphabet (no 0, O, I, l); a CIDv0 is always `Qm` + 44 of these (a sha2-256 multihash).
const CID_V0 = /^Qm[1-9A-HJ-NP-Za-km-z]{44}$/;
// CIDv1 in base32 (lowercase, multibase prefix `b`): version, codec, hash code, length and a digest of
// at least 20 bytes make it far longer than any word, so `block` or `bad` never match.
const CID_V1_BASE32 = /^b[a-z2-7]{40,}$/;
// A name under a common ENS or DNS-like suffix; not resolvable here, but worth a specific answer.
const ENS_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.eth$/i;

/**
 * Classifies what a person typed into the global search box: a block number or tag, a 32-byte hash,
 * a 20-byte address (checksum-checked when it has mixed case), or a CID. Pure; never throws.
 */
export function classifyQuery(raw: string): QueryClass {
  const text = withoutInnerSpace(raw.trim());
  if (text === '') return { kind: 'empty' };

  const tag = text.toLowerCase();
  if ((BLOCK_TAGS as readonly string[]).includes(tag)) return { kind: 'blockTag', tag: tag as BlockTag };

  if (/^-[0-9]+$/.test(text)) return invalid('negative', 'A block number cannot be negative.');
  if (DECIMAL.test(text)) return classifyDecimal(text);
  if (/^0x/i.test(text)) return classifyHex(text.slice(2), true);
  // Pasted without the 0x prefix: only the two exact byte lengths are unambiguous.
  if (HEX_BODY.test(text) && (text.length === 64 || text.length === 40)) return classifyHex(text, false);

  const cid = classifyCid(text);
  if (cid !== undefined) return cid;

  if (ENS_NAME.test(text)) return invalid('ens', `${quoteInput(text)} looks like an ENS name; names are not resolved yet. Search for its address instead.`);
  return invalid('unrecognised', UNRECOGNISED_MESSAGE);
}

/**
 * A hash, an address, a number or a CID pasted from a PDF, a chat or a wrapped log line often carries a space or a
 * line break inside it; none of them can hold one, so it is dropped. Other text (an ENS name, a CID's path) keeps
 * its spaces: there they mean something, and the message quotes what was typed.
 */
export function withoutInnerSpace(text: string): string {
  if (!/\s/.test(text)) return text;
  const compact = text.replace(/\s+/g, '');
  // After 0x nothing but hex digits belongs, so a space there is never meant; a remainder of only digits or
  // hex digits, or exactly a CID (with no path, where a space could be a file name's), is one pasted value.
  if (/^0x/i.test(compact) || HEX_BODY.test(compact) || CID_V0.test(compact) || CID_V1_BASE32.test(compact)) return compact;
  return text;
}

function classifyDecimal(digits: string): QueryClass {
  // A decimal string of exactly 40 or 64 digits is far beyond any block: read it as hex bytes.
  if (digits.length === 64 || digits.length === 40) return classifyHex(digits, false);
  const number = BigInt(digits);
  if (number > MAX_BLOCK_NUMBER) {
    return invalid('blockTooLarge', `${quoteInput(digits)} is too large for a block number (the largest is 2^64 − 1).`);
  }
  return { kind: 'block', number };
}

function classifyHex(body: string, prefixed: boolean): QueryClass {
  if (!HEX_BODY.test(body)) {
    const bad = [...body].find((char) => !/[0-9a-fA-F]/.test(char)) ?? '';
    return invalid('hexDigits', `“${visible(bad)}” is not a hex digit; hashes and addresses use only 0-9 and a-f.`);
  }
  if (body.length === 64) return { kind: 'hash', hash: `0x${body.toLowerCase()}` };
  if (body.length === 40) return classifyAddress(`0x${body}`);
  if (prefixed && body.length >= 1 && body.length <= MAX_BLOCK_HEX_DIGITS) return { kind: 'block', number: BigInt(`0x${body}`) };
  const digits = countOf(body.length, 'hex digit');
  return invalid('hexLength', `0x… has ${digits}; a hash has 64 and an address 40.`);
}

function classifyAddress(address: `0x${string}`): QueryClass {
  if (addressTextProblem(address) === 'checksum') return invalid('checksum', BAD_CHECKSUM);
  return { kind: 'address', address: getAddress(address.toLowerCase()) };
}

function classifyCid(text: string): QueryClass | undefined {
  const { cid, path } = splitContentPath(text);
  const v0 = CID_V0.test(cid);
  if (!v0 && !CID_V1_BASE32.test(cid)) return undefined;
  try {
    const parsed = CID.parse(cid);
    // Round-tripping refuses non-canonical encodings (stray trailing bits) that would name another CID.
    if (parsed.toString() !== cid) return invalid('badCid', `${quoteInput(cid)} is not a valid CID.`);
    return path === undefined ? { kind: 'cid', cid, version: parsed.version } : { kind: 'cid', cid, version: parsed.version, path };
  } catch (error) {
    // The library's reason is kept when short (it may quote the input, which can be any length).
    const reason = error instanceof Error && error.message !== '' && error.message.length <= 120 ? `: ${error.message}` : '';
    return invalid('badCid', `${quoteInput(cid)} looks like a CID but is not a valid one${reason}.`);
  }
}

/** Accepts `ipfs://<cid>/path`, `/ipfs/<cid>/path` and `<cid>/path`; splits off the path. */
function splitContentPath(text: string): { cid: string; path?: string } {
  const stripped = text.replace(/^ipfs:\/\//i, '').replace(/^\/ipfs\//i, '');
  const slash = stripped.indexOf('/');
  if (slash < 0) return { cid: stripped };
  const path = stripped.slice(slash + 1).replace(/\/+$/, '');
  return path === '' ? { cid: stripped.slice(0, slash) } : { cid: stripped.slice(0, slash), path };
}

function invalid(reason: InvalidReason, message: string): QueryClass {
  return { kind: 'invalid', reason, message };
}

/** A character as it can be shown in a message (whitespace and controls by code). */
function visible(char: string): string {
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char) ? char : `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

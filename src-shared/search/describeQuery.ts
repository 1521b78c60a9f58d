import { countOf } from '../text/countOf';
import { quoteInput } from '../text/quoteInput';
import { classifyQuery, withoutInnerSpace, type QueryClass } from './classifyQuery';
import { groupDigits } from '../text/groupDigits';

/** What the search box says under itself while a person types: what the text looks like, or what it lacks. */
export interface QueryWords {
  /** `target`: Enter opens something; `short`: not yet a value, said gently; `problem`: it cannot become one as it is. */
  tone: 'target' | 'short' | 'problem';
  words: string;
}

const HASH_DIGITS = 64;
const ADDRESS_DIGITS = 40;

/**
 * The words for what a query looks like while it is typed: "Looks like an address", "3 characters short of a
 * hash", "2 characters too many for an address". Undefined for an empty box. Pure.
 */
export function describeQuery(raw: string, classified: QueryClass = classifyQuery(raw)): QueryWords | undefined {
  switch (classified.kind) {
    case 'empty':
      return undefined;
    case 'block':
      return { tone: 'target', words: `Looks like a block number: block ${groupDigits(classified.number)}` };
    case 'blockTag':
      return { tone: 'target', words: `Looks like a block tag: the ${classified.tag} block` };
    case 'hash':
      // Only the chain can tell a transaction's hash from a block's; the explorer tries the transaction first.
      return { tone: 'target', words: 'Looks like a transaction hash (or a block hash)' };
    case 'address':
      return { tone: 'target', words: 'Looks like an address' };
    case 'cid':
      return { tone: 'target', words: `Looks like a CID (version ${classified.version})${classified.path ? `, path ${quoteInput(`/${classified.path}`)}` : ''}` };
    case 'invalid': {
      const digits = hexDigitsTyped(raw);
      if (digits !== undefined) return { tone: 'short', words: lengthWords(digits) };
      const cid = cidWords(raw);
      if (cid !== undefined) return { tone: 'short', words: cid };
      return { tone: classified.reason === 'unrecognised' ? 'short' : 'problem', words: classified.message };
    }
  }
}

/** How many hex digits a query of only hex (after an optional 0x) holds, when that is what is wrong with it. */
function hexDigitsTyped(raw: string): number | undefined {
  const text = withoutInnerSpace(raw.trim());
  const prefixed = /^0x/i.test(text);
  const body = prefixed ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]*$/.test(body)) return undefined;
  // Without 0x, only a run of hex with a letter in it, longer than any block number, is a hash or an address begun.
  if (!prefixed && !(body.length > 16 && /[a-fA-F]/.test(body))) return undefined;
  return body.length;
}

/** The distance to the nearest of an address (40 hex digits) and a hash (64), in characters. */
function lengthWords(digits: number): string {
  const counted = `${countOf(digits, 'hex digit')}: `;
  if (digits === 0) return 'Type the hex digits: 64 for a hash, 40 for an address';
  if (digits < ADDRESS_DIGITS) return `${counted}${countOf(ADDRESS_DIGITS - digits, 'character')} short of an address`;
  // Between the two, the nearer one is what was most likely meant.
  if (digits < (ADDRESS_DIGITS + HASH_DIGITS) / 2) return `${counted}${countOf(digits - ADDRESS_DIGITS, 'character')} too many for an address`;
  if (digits < HASH_DIGITS) return `${counted}${countOf(HASH_DIGITS - digits, 'character')} short of a hash`;
  return `${counted}${countOf(digits - HASH_DIGITS, 'character')} too many for a hash`;
}

// A CIDv0 is `Qm` and 44 base58 characters; the common CIDv1 (`bafy…` dag-pb, `bafk…` raw, sha2-256) is 59 characters.
const CID_V0_LENGTH = 46;
const CID_V1_LENGTH = 59;

/** How far a CID being typed is from its length, when it starts like one and has only its alphabet's characters. */
function cidWords(raw: string): string | undefined {
  const text = withoutInnerSpace(raw.trim()).replace(/^ipfs:\/\//i, '').replace(/^\/ipfs\//i, '');
  const [expected, version] = /^Qm[1-9A-HJ-NP-Za-km-z]*$/.test(text) ? [CID_V0_LENGTH, 0] : /^baf[ky][a-z2-7]*$/.test(text) ? [CID_V1_LENGTH, 1] : [undefined, undefined];
  if (expected === undefined || text.length === expected) return undefined;
  const distance = text.length < expected ? `${countOf(expected - text.length, 'character')} short of` : `${countOf(text.length - expected, 'character')} too many for`;
  return `${distance} a CID (version ${version} is ${expected} characters)`;
}

import { base32 } from 'multiformats/bases/base32';
import { base36 } from 'multiformats/bases/base36';
import { base58btc } from 'multiformats/bases/base58';
import { base64, base64url } from 'multiformats/bases/base64';
import { base16 } from 'multiformats/bases/base16';
import { CID } from 'multiformats/cid';
import { quoteInput } from '../text/quoteInput';

/** What a CID says about itself, for the inspector. */
export interface CidFacts {
  /** The CID as typed (trimmed). */
  cid: string;
  version: 0 | 1;
  /** The multibase of the text form: CIDv0 is always implicit base58btc. */
  multibase: { name: string; prefix: string };
  codec: { name: string; code: number };
  multihash: { name: string; code: number; length: number; digestHex: string };
  /** The same content's CID in the other version's form, or why there is none. */
  other: { version: 0 | 1; cid: string } | { version: 0 | 1; none: string };
}

/** Multicodec names (the table's) for the codecs a content store meets. */
const CODECS: Record<number, string> = {
  0x55: 'raw',
  0x70: 'dag-pb',
  0x71: 'dag-cbor',
  0x0129: 'dag-json',
  0x0200: 'json',
  0x51: 'cbor',
  0x72: 'libp2p-key',
  0x78: 'git-raw',
  0x0202: 'car',
  0x90: 'eth-block',
  0x93: 'eth-tx',
};

const HASHES: Record<number, string> = {
  0x00: 'identity',
  0x11: 'sha1',
  0x12: 'sha2-256',
  0x13: 'sha2-512',
  0x14: 'sha3-512',
  0x16: 'sha3-256',
  0x1b: 'keccak-256',
  0x1e: 'blake3',
  0xb220: 'blake2b-256',
  0xb260: 'blake2s-256',
};

const BASES = [
  { prefix: 'b', name: 'base32', decoder: base32 },
  { prefix: 'k', name: 'base36', decoder: base36 },
  { prefix: 'z', name: 'base58btc', decoder: base58btc },
  { prefix: 'm', name: 'base64', decoder: base64 },
  { prefix: 'u', name: 'base64url', decoder: base64url },
  { prefix: 'f', name: 'base16', decoder: base16 },
] as const;

/** A result: the facts, or the specific reason the text is not a CID. */
export type CidInspection = { ok: true; facts: CidFacts } | { ok: false; message: string };

/**
 * Reads a CID's parts: version, multibase, codec, multihash (function, length, digest) and its form in the
 * other version. Pure; never throws: text that is not a CID gets a message saying what is wrong with it.
 */
export function inspectCid(raw: string): CidInspection {
  // A page asks about the same few CIDs on every render (its route, its panel, the calls' checks): each is read once.
  const known = inspected.get(raw);
  if (known) return known;
  if (inspected.size >= INSPECTED_KEPT) inspected.clear();
  const result = inspectText(raw);
  inspected.set(raw, result);
  return result;
}

/** CIDs read so far, by the text given; cleared when it holds this many. */
const INSPECTED_KEPT = 256;
const inspected = new Map<string, CidInspection>();

function inspectText(raw: string): CidInspection {
  // A CID is one word: spaces and line breaks inside one (pasted from a wrapped line) are dropped, as search does.
  const text = raw.replace(/\s+/g, '');
  if (text === '') return { ok: false, message: 'Enter a CID (Qm… or bafy…), optionally followed by a path.' };
  // Quoted only for a message: a CID that reads well needs no scan of its characters.
  const shown = () => quoteInput(text);
  if (/^0x[0-9a-f]*$/i.test(text)) return { ok: false, message: `${shown()} is hex, not a CID: a CID starts with Qm (version 0) or a multibase letter such as b (version 1).` };
  if (text.startsWith('Qm') || (text.length === 46 && text.startsWith('1'))) {
    if (text.length !== 46) return { ok: false, message: `${shown()} is not a valid CID: a version 0 CID (Qm…) is exactly 46 characters, this has ${text.length}.` };
    if (/[0OIl]/.test(text)) return { ok: false, message: `${shown()} is not a valid CID: base58 has no 0, O, I or l.` };
  }
  const base = text.startsWith('Qm') ? undefined : BASES.find((candidate) => candidate.prefix === text[0]);
  if (!text.startsWith('Qm') && !base) {
    return { ok: false, message: `${shown()} is not a CID: version 1 CIDs start with a multibase letter (b for base32, k for base36, z for base58btc), not ${quoteInput(text[0] ?? '')}.` };
  }
  let cid: CID;
  try {
    cid = base ? CID.decode(base.decoder.decode(text)) : CID.parse(text);
  } catch (error) {
    const reason = error instanceof Error && error.message.length <= 120 ? `: ${error.message}` : '';
    return { ok: false, message: `${shown()} is not a valid CID${reason}.` };
  }
  const multibase = base ? { name: base.name, prefix: base.prefix } : { name: 'base58btc (implicit)', prefix: '' };
  const version = cid.version;
  const hashCode = cid.multihash.code;
  const facts: CidFacts = {
    cid: text,
    version,
    multibase,
    codec: { name: CODECS[cid.code] ?? `0x${cid.code.toString(16)}`, code: cid.code },
    multihash: {
      name: HASHES[hashCode] ?? `0x${hashCode.toString(16)}`,
      code: hashCode,
      length: cid.multihash.size,
      digestHex: Array.from(cid.multihash.digest, (byte) => byte.toString(16).padStart(2, '0')).join(''),
    },
    other: otherForm(cid),
  };
  return { ok: true, facts };
}

function otherForm(cid: CID): CidFacts['other'] {
  if (cid.version === 0) return { version: 1, cid: cid.toV1().toString(base32) };
  if (cid.code !== 0x70) return { version: 0, none: 'No version 0 form: version 0 CIDs are dag-pb only, and this is ' + (CODECS[cid.code] ?? `codec 0x${cid.code.toString(16)}`) + '.' };
  if (cid.multihash.code !== 0x12 || cid.multihash.size !== 32) return { version: 0, none: 'No version 0 form: version 0 CIDs use a 32-byte sha2-256 hash only.' };
  return { version: 0, cid: cid.toV0().toString() };
}

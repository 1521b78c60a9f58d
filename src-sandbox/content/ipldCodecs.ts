import * as dagCbor from '@ipld/dag-cbor';
import * as dagJson from '@ipld/dag-json';
import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import * as json from 'multiformats/codecs/json';
import * as raw from 'multiformats/codecs/raw';
import { CommandError } from './errors';

/** A codec the store can decode and encode (Kubo's registered set minus plain `cbor`). */
export interface IpldCodec {
  name: string;
  code: number;
  decode(bytes: Uint8Array): unknown;
  encode(value: unknown): Uint8Array;
}

/** The codecs `dag/put`, `dag/get` and `dag/import` work with; their CIDs may link anywhere. */
const CODECS: readonly IpldCodec[] = [
  {
    name: 'raw',
    code: raw.code,
    decode: (bytes) => bytes,
    encode(value) {
      if (!(value instanceof Uint8Array)) throw new Error('raw can only encode bytes');
      return value;
    },
  },
  { name: 'dag-pb', code: dagPb.code, decode: (bytes) => dagPb.decode(bytes), encode: (value) => dagPb.encode(value as dagPb.PBNode) },
  { name: 'dag-cbor', code: dagCbor.code, decode: (bytes) => dagCbor.decode(bytes), encode: (value) => dagCbor.encode(value) },
  { name: 'dag-json', code: dagJson.code, decode: (bytes) => dagJson.decode(bytes), encode: (value) => dagJson.encode(value) },
  {
    name: 'json',
    code: json.code,
    decode: (bytes) => json.decode(bytes),
    encode(value) {
      // Plain JSON has no links or bytes (Kubo's json encoder refuses them); JSON.stringify would quietly
      // write a CID as dag-json's `{"/": …}` and bytes as an object of indexes.
      if (containsLinkOrBytes(value)) throw new Error('json cannot encode links or bytes (dag-json can)');
      return json.encode(value);
    },
  },
];

/**
 * Multicodecs Kubo knows by name that this store only labels blocks with (`block/put` does not look at the
 * data, as in Kubo): anything reading such a block says it has no decoder, as Kubo does for unknown codecs.
 */
const LABEL_ONLY: ReadonlyMap<string, number> = new Map([
  ['cbor', 0x51],
  ['libp2p-key', 0x72],
  ['git-raw', 0x78],
  ['dag-jose', 0x85],
  ['dag-cose', 0x86],
]);

const SUPPORTED_NAMES = CODECS.map((codec) => codec.name).join(', ');

/** The codec of a block, or undefined for codecs the store cannot decode. */
export function codecOf(code: number): IpldCodec | undefined {
  return CODECS.find((codec) => codec.code === code);
}

/** The codec named by an option (Kubo's multicodec names); unknown names fail like Kubo's `unknown multicodec`. */
export function codecNamed(name: string): IpldCodec {
  const codec = CODECS.find((candidate) => candidate.name === name);
  if (codec) return codec;
  if (LABEL_ONLY.has(name)) throw new CommandError(`codec "${name}" is not supported by this store (only ${SUPPORTED_NAMES})`);
  throw new CommandError(`unknown multicodec: "${name}"`);
}

/** The multicodec code for a CID label: every decodable codec plus the few label-only ones. */
export function labelCode(name: string): number {
  const code = CODECS.find((codec) => codec.name === name)?.code ?? LABEL_ONLY.get(name);
  if (code === undefined) throw new CommandError(`unknown multicodec: "${name}"`);
  return code;
}

/** Decodes a block with its CID's codec; a codec without a decoder fails with Kubo's registry message. */
export function decodeBlock(cid: CID, bytes: Uint8Array): unknown {
  const codec = codecOf(cid.code);
  if (!codec) throw new CommandError(`no decoder registered for multicodec code ${cid.code} (0x${cid.code.toString(16)})`);
  return codec.decode(bytes);
}

/** Every CID a decoded node links to, in document order (dag-pb links are plain objects holding `Hash`). */
export function linksIn(value: unknown): CID[] {
  const found: CID[] = [];
  // Iterative, so that a deeply nested node cannot overflow the stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    const cid = CID.asCID(item);
    if (cid) {
      found.push(cid);
      continue;
    }
    if (item === null || typeof item !== 'object' || item instanceof Uint8Array) continue;
    const children = Array.isArray(item) ? item : Object.values(item as Record<string, unknown>);
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
  return found;
}

function containsLinkOrBytes(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Uint8Array || CID.asCID(item)) return true;
    if (item !== null && typeof item === 'object') stack.push(...(Array.isArray(item) ? item : Object.values(item as Record<string, unknown>)));
  }
  return false;
}

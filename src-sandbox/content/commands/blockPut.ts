import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { BLOCK_OVER_LIMIT, readPartWithin, refuseBigBlocks, SOFT_BLOCK_LIMIT } from '../blockLimit';
import type { CommandHandler } from '../commandContext';
import type { CommandQuery } from '../commandQuery';
import { CommandError } from '../errors';
import { labelCode } from '../ipldCodecs';
import { openMultipart } from '../multipartParts';

const SHA2_256_LENGTH = 32;

/**
 * `block/put`: stores each uploaded file as one block, as given (the codec only labels the CID, as in Kubo),
 * CIDv1 with `cid-codec` (default raw), or as the legacy `format` says (`v0` for CIDv0 dag-pb). One
 * `{"Key","Size"}` line per block; `pin=true` pins each recursively.
 */
export const runBlockPut: CommandHandler = async ({ blocks, pins }, { req, query, reply }) => {
  query.requireJsonEncoding();
  const pin = query.bool(['pin'], false);
  const mhlen = query.int(['mhlen'], -1);
  const parts = openMultipart(req, 'data');
  refuseBigBlocks(query);
  const hash = query.string(['mhtype'], 'sha2-256');
  if (hash !== 'sha2-256') throw new CommandError(`hash function "${hash}" is not supported by this store (only sha2-256)`);
  if (mhlen !== -1 && mhlen !== SHA2_256_LENGTH) throw new CommandError(`mhlen ${mhlen} is not supported by this store (only 32 for sha2-256)`);
  const prefix = cidPrefix(query);

  for await (const part of parts) {
    if (part.kind !== 'file') throw new CommandError('expected a file');
    const bytes = await readPartWithin(part.content, SOFT_BLOCK_LIMIT, BLOCK_OVER_LIMIT);
    const digest = await sha256.digest(bytes);
    const cid = prefix.version === 0 ? CID.createV0(digest) : CID.createV1(prefix.code, digest);
    await blocks.put(cid, bytes);
    // Kubo records the pin without walking the block's links.
    if (pin) await pins.add([cid.toString()], 'recursive');
    reply.ndjson({ Key: cid.toString(), Size: bytes.byteLength });
  }
  reply.end();
};

/** The CID version and codec from `cid-codec`, or from the deprecated `format` (Kubo's legacy spellings). */
function cidPrefix(query: CommandQuery): { version: 0 | 1; code: number } {
  const cidCodec = query.string(['cid-codec'], 'raw');
  const format = query.string(['format', 'f'], '');
  if (format === '') return { version: 1, code: labelCode(cidCodec) };
  if (cidCodec !== '' && cidCodec !== 'raw') throw new CommandError('unable to use "format" (deprecated) and a custom "cid-codec" at the same time');
  if (format === 'v0') return { version: 0, code: dagPb.code };
  const name = format === 'protobuf' ? 'dag-pb' : format === 'cbor' ? 'dag-cbor' : format;
  return { version: 1, code: labelCode(name) };
}

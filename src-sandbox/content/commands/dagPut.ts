import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { checkBlockSize, readPartWithin, refuseBigBlocks, SOFT_BLOCK_LIMIT } from '../blockLimit';
import type { CommandHandler } from '../commandContext';
import { CommandError, errorMessage } from '../errors';
import { codecNamed } from '../ipldCodecs';
import { openMultipart } from '../multipartParts';

/**
 * Largest input read for one node. dag-json spells bytes in base64 and links as text, so a node that fits
 * the 1 MiB block limit can take more than 1 MiB to write down; four times is ample.
 */
const MAX_INPUT_BYTES = 4 * SOFT_BLOCK_LIMIT;

/**
 * `dag/put`: each uploaded file is a node written in `input-codec` (default dag-json), stored re-encoded
 * with `store-codec` (default dag-cbor) under a CIDv1 sha2-256. One `{"Cid":{"/":…}}` line per node;
 * `pin=true` pins each recursively (without walking its links, as Kubo).
 */
export const runDagPut: CommandHandler = async ({ blocks, pins }, { req, query, reply }) => {
  query.requireJsonEncoding();
  const pin = query.bool(['pin'], false);
  const parts = openMultipart(req, 'object data');
  refuseBigBlocks(query);
  const inputCodec = codecNamed(query.string(['input-codec'], 'dag-json'));
  const storeCodec = codecNamed(query.string(['store-codec'], 'dag-cbor'));
  const hash = query.string(['hash'], 'sha2-256');
  if (hash !== 'sha2-256') throw new CommandError(`hash function "${hash}" is not supported by this store (only sha2-256)`);

  for await (const part of parts) {
    if (part.kind !== 'file') throw new CommandError('expected a regular file');
    const input = await readPartWithin(part.content, MAX_INPUT_BYTES, `input is over ${MAX_INPUT_BYTES / SOFT_BLOCK_LIMIT}MiB: the node would be over the 1MiB block limit`);
    let value: unknown;
    try {
      value = inputCodec.decode(input);
    } catch (error) {
      throw new CommandError(`cannot decode the input as ${inputCodec.name}: ${errorMessage(error)}`);
    }
    let bytes: Uint8Array;
    try {
      bytes = storeCodec.encode(value);
    } catch (error) {
      throw new CommandError(`cannot encode the node as ${storeCodec.name}: ${errorMessage(error)}`);
    }
    checkBlockSize(bytes.byteLength);
    const cid = CID.createV1(storeCodec.code, await sha256.digest(bytes));
    await blocks.put(cid, bytes);
    if (pin) await pins.add([cid.toString()], 'recursive');
    reply.ndjson({ Cid: { '/': cid.toString() } });
  }
  reply.end();
};

import type { CID } from 'multiformats/cid';
import type { CommandHandler } from '../commandContext';
import { parseContentPath, resolvePathWithin } from '../contentPath';
import { CommandError, errorMessage } from '../errors';
import { codecNamed, codecOf, decodeBlock } from '../ipldCodecs';

/**
 * `dag/get`: a node re-encoded with `output-codec` (default dag-json, as Kubo), sent as a byte stream like
 * Kubo does. dag-pb nodes come out as `{"Data":{"/":{"bytes":…}},"Links":[{"Hash":{"/":…},"Name","Tsize"}]}`.
 * A path ending inside a dag-cbor or dag-json node gives the field it names.
 */
export const runDagGet: CommandHandler = async ({ blocks }, { query, reply }) => {
  const arg = query.singleArg('ref');
  const outputCodec = query.string(['output-codec'], 'dag-json');
  const { cid, remainder } = await resolvePathWithin(blocks, parseContentPath(arg));
  const block = await blocks.get(cid);
  const bytes = encodeNode(cid, block, remainder, outputCodec);
  reply.startBytes(bytes.byteLength);
  await reply.writeBytes(bytes);
  reply.end();
};

function encodeNode(cid: CID, block: Uint8Array, fields: string[], outputCodec: string): Uint8Array {
  // Asking for the block's own codec returns it unchanged, as re-encoding a valid block would.
  if (fields.length === 0 && outputCodec === codecOf(cid.code)?.name) return block;
  const output = codecNamed(outputCodec);
  let value: unknown;
  try {
    value = decodeBlock(cid, block);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(`cannot decode ${cid}: ${errorMessage(error)}`);
  }
  // The path was resolved already, so every field exists.
  for (const field of fields) value = (value as Record<string, unknown>)[field];
  try {
    return output.encode(value);
  } catch (error) {
    throw new CommandError(`cannot encode the node as ${output.name}: ${errorMessage(error)}`);
  }
}

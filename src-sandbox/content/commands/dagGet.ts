import * as dagJson from '@ipld/dag-json';
import * as dagPb from '@ipld/dag-pb';
import type { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import type { CommandHandler } from '../commandContext';
import { resolveArgument } from '../contentPath';
import { CommandError, errorMessage } from '../errors';

/**
 * `dag/get`: a node re-encoded with `output-codec` (default dag-json, as Kubo), sent as a byte stream like
 * Kubo does. dag-pb nodes come out as `{"Data":{"/":{"bytes":…}},"Links":[{"Hash":{"/":…},"Name","Tsize"}]}`.
 */
export const runDagGet: CommandHandler = async ({ blocks }, { query, reply }) => {
  const arg = query.singleArg('ref');
  const outputCodec = query.string(['output-codec'], 'dag-json');
  const cid = await resolveArgument(blocks, arg);
  const block = await blocks.get(cid);
  const bytes = encodeNode(cid, block, outputCodec);
  reply.startBytes(bytes.byteLength);
  await reply.writeBytes(bytes);
  reply.end();
};

function encodeNode(cid: CID, block: Uint8Array, outputCodec: string): Uint8Array {
  const sourceCodec = codecName(cid.code);
  // Asking for the block's own codec returns it unchanged, as re-encoding a valid block would.
  if (outputCodec === sourceCodec) return block;
  if (outputCodec !== 'dag-json') throw new CommandError(`unsupported output codec "${outputCodec}" for a ${sourceCodec} node`);
  try {
    switch (cid.code) {
      case dagPb.code:
        return dagJson.encode(dagPb.decode(block));
      case raw.code:
        return dagJson.encode(block);
      default:
        throw new CommandError(`unsupported codec ${sourceCodec}`);
    }
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(`cannot decode ${cid}: ${errorMessage(error)}`);
  }
}

function codecName(code: number): string {
  if (code === dagPb.code) return 'dag-pb';
  if (code === raw.code) return 'raw';
  if (code === dagJson.code) return 'dag-json';
  return `0x${code.toString(16)}`;
}

import * as dagPb from '@ipld/dag-pb';
import type { CommandHandler } from '../commandContext';
import { resolveArgument } from '../contentPath';
import { CommandError, errorMessage } from '../errors';
import { goStringFromBytes } from '../goString';

/**
 * `object/get` (in the spec; removed from Kubo in 0.28): a dag-pb node as `{Links:[{Name,Hash,Size}], Data}`,
 * `Data` as text (Go's string conversion) or, with `data-encoding=base64`, base64.
 */
export const runObjectGet: CommandHandler = async ({ blocks }, { query, reply }) => {
  const arg = query.singleArg('key');
  query.requireJsonEncoding();
  const dataEncoding = query.string(['data-encoding'], 'text');
  const cid = await resolveArgument(blocks, arg);
  if (cid.code !== dagPb.code) throw new CommandError(`unsupported node type: ${cid} is not a dag-pb node`);
  let node: dagPb.PBNode;
  try {
    node = dagPb.decode(await blocks.get(cid));
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(`cannot decode dag-pb node ${cid}: ${errorMessage(error)}`);
  }
  const data = node.Data ?? new Uint8Array();
  let encoded: string;
  if (dataEncoding === 'text') encoded = goStringFromBytes(data);
  else if (dataEncoding === 'base64') encoded = Buffer.from(data).toString('base64');
  // Kubo's own spelling of this message.
  else throw new CommandError('unkown data field encoding');
  reply.json({
    Links: node.Links.map((link) => ({ Name: link.Name ?? '', Hash: link.Hash.toString(), Size: link.Tsize ?? 0 })),
    Data: encoded,
  });
};

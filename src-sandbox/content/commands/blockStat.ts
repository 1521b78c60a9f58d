import type { CommandHandler } from '../commandContext';
import { resolveArgument } from '../contentPath';

/** `block/stat`: `{Key, Size}` of one block. */
export const runBlockStat: CommandHandler = async ({ blocks }, { query, reply }) => {
  const arg = query.singleArg('cid');
  query.requireJsonEncoding();
  const cid = await resolveArgument(blocks, arg);
  reply.json({ Key: cid.toString(), Size: await blocks.size(cid) });
};

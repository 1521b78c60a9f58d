import type { CommandHandler } from '../commandContext';
import { resolveArgument } from '../contentPath';

/** `block/get`: one block's raw bytes, as a byte stream. */
export const runBlockGet: CommandHandler = async ({ blocks }, { query, reply }) => {
  const arg = query.singleArg('cid');
  const block = await blocks.get(await resolveArgument(blocks, arg));
  reply.startBytes(block.byteLength);
  await reply.writeBytes(block);
  reply.end();
};

import type { CommandHandler } from '../commandContext';
import { resolveArgument } from '../contentPath';
import { CommandError } from '../errors';
import { openUnixfsFile, type UnixfsFile } from '../unixfsFile';

/**
 * `cat`: the files' bytes concatenated, from `offset` for `length` bytes across all of them. Every argument
 * is resolved before the first byte goes out (as in Kubo), so a bad one is a clean 500; blocks are then
 * read one at a time as the socket drains.
 */
export const runCat: CommandHandler = async ({ blocks }, { query, reply }) => {
  const args = query.requiredArgs('ipfs-path');
  const offset = query.int(['offset', 'o'], 0);
  const lengthGiven = query.has(['length', 'l']);
  const length = query.int(['length', 'l'], -1);
  if (offset < 0) throw new CommandError('cannot specify negative offset');
  if (lengthGiven && length < 0) throw new CommandError('cannot specify negative length');

  const plan: { file: UnixfsFile; start: number; count: number }[] = [];
  let total = 0;
  if (length !== 0) {
    let skip = offset;
    for (const arg of args) {
      const file = await openUnixfsFile(blocks, await resolveArgument(blocks, arg));
      // Kubo's rule: a file the offset goes past is skipped whole and the offset shrinks by its size.
      if (skip > file.size) {
        skip -= file.size;
        continue;
      }
      const start = skip;
      skip = 0;
      let count = file.size - start;
      total += count;
      if (length > 0 && total >= length) {
        count -= total - length;
        total = length;
        plan.push({ file, start, count });
        break;
      }
      plan.push({ file, start, count });
    }
  }

  reply.startBytes(total);
  for (const { file, start, count } of plan) {
    for await (const chunk of file.read(start, count)) await reply.writeBytes(chunk);
  }
  reply.end();
};

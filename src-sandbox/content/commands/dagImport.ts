import type { CID } from 'multiformats/cid';
import { BLOCK_OVER_LIMIT, refuseBigBlocks, SOFT_BLOCK_LIMIT } from '../blockLimit';
import type { CommandHandler, ContentContext } from '../commandContext';
import { collectDag } from '../dagWalk';
import { CommandError, errorMessage } from '../errors';
import { decodeBlock } from '../ipldCodecs';
import { openMultipart } from '../multipartParts';
import { importFailure, readCar } from '../readCar';
import { createWriteBehind } from '../writeBehind';

/**
 * `dag/import`: stores every block of one or more uploaded CARs, streamed a section at a time, each checked
 * against its CID and decoded (as Kubo's batch does) before it is written. Then, with `pin-roots` (the
 * default), pins every root named in a CAR header once its whole DAG is here, answering one
 * `{"Root":{"Cid":{"/":…},"PinErrorMsg":""}}` line per root (the error text when a root cannot be pinned);
 * with `stats`, a last `{"Stats":{"BlockCount","BlockBytesCount"}}` line.
 */
export const runDagImport: CommandHandler = async (context, { req, query, reply }) => {
  query.requireJsonEncoding();
  const pinRoots = query.bool(['pin-roots'], true);
  const stats = query.bool(['stats'], false);
  // Only Kubo's command line reads `silent`; parsed so that a malformed value is a 400, as in Kubo.
  query.bool(['silent'], false);
  const parts = openMultipart(req, 'path');
  refuseBigBlocks(query);

  const roots = new Map<string, CID>();
  const writer = createWriteBehind((cid, bytes) => context.blocks.put(cid, bytes));
  let blockCount = 0;
  let blockBytes = 0;
  for await (const part of parts) {
    if (part.kind !== 'file') throw new CommandError('expected a file handle');
    const blocks = readCar(part.content, (found) => {
      for (const root of found) roots.set(root.toString(), root);
    });
    for await (const { cid, bytes } of blocks) {
      if (bytes.byteLength > SOFT_BLOCK_LIMIT) throw importFailure(BLOCK_OVER_LIMIT, { at: cid });
      try {
        decodeBlock(cid, bytes);
      } catch (error) {
        throw importFailure(errorMessage(error), { at: cid });
      }
      await writer.put(cid, bytes);
      blockCount += 1;
      blockBytes += bytes.byteLength;
    }
  }
  await writer.flush();

  if (pinRoots) {
    for (const root of roots.values()) reply.ndjson({ Root: { Cid: { '/': root.toString() }, PinErrorMsg: await pinRoot(context, root) } });
  }
  if (stats) reply.ndjson({ Stats: { BlockCount: blockCount, BlockBytesCount: blockBytes } });
  reply.end();
};

/**
 * Pins one root recursively if its whole DAG is here (Kubo imports offline: a block missing anywhere fails
 * that root's pin, not the import); returns the reason it could not, or "".
 */
async function pinRoot({ blocks, pins }: ContentContext, root: CID): Promise<string> {
  try {
    decodeBlock(root, await blocks.get(root));
    if (pins.get(root.toString()) !== 'recursive') await collectDag(blocks, root);
    await pins.add([root.toString()], 'recursive');
    return '';
  } catch (error) {
    // Kubo reports every pinning failure in the root's line, the import itself having succeeded.
    return errorMessage(error);
  }
}

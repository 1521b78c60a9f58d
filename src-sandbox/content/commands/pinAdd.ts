import type { CommandHandler } from '../commandContext';
import { resolveArgument } from '../contentPath';
import { collectDag } from '../dagWalk';

/**
 * `pin/add`: records pins once the whole DAG is known to be here (recursive, the default) or the block
 * itself (`recursive=false`, a direct pin). Answers `{"Pins":[…]}`.
 */
export const runPinAdd: CommandHandler = async ({ blocks, pins }, { query, reply }) => {
  const args = query.requiredArgs('ipfs-path');
  query.requireJsonEncoding();
  const recursive = query.bool(['recursive', 'r'], true);
  const cids: string[] = [];
  for (const arg of args) {
    const cid = await resolveArgument(blocks, arg);
    const key = cid.toString();
    // Kubo fetches the whole DAG before pinning; offline, a missing block fails the pin.
    if (recursive && pins.get(key) !== 'recursive') await collectDag(blocks, cid);
    if (!recursive) await blocks.size(cid);
    cids.push(key);
  }
  await pins.add(cids, recursive ? 'recursive' : 'direct');
  reply.json({ Pins: cids });
};

import type { CommandHandler } from '../commandContext';
import { resolveArgument } from '../contentPath';
import { CommandError } from '../errors';

/**
 * `pin/rm`: removes recursive or direct pins, one argument after another as Kubo does (an argument that
 * fails leaves the earlier ones unpinned). A recursive pin needs `recursive=true` (the default); a direct pin
 * goes either way; anything else is Kubo's "not pinned or pinned indirectly". Answers `{"Pins":[…]}`.
 */
export const runPinRm: CommandHandler = async ({ blocks, pins }, { query, reply }) => {
  const args = query.requiredArgs('ipfs-path');
  query.requireJsonEncoding();
  const recursive = query.bool(['recursive', 'r'], true);
  const removed: string[] = [];
  for (const arg of args) {
    const cid = (await resolveArgument(blocks, arg)).toString();
    const mode = pins.get(cid);
    if (mode === undefined) throw new CommandError('not pinned or pinned indirectly');
    if (mode === 'recursive' && !recursive) throw new CommandError(`${cid} is pinned recursively`);
    await pins.remove(cid);
    removed.push(cid);
  }
  reply.json({ Pins: removed });
};

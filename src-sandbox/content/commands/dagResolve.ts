import type { CommandHandler } from '../commandContext';
import { parseContentPath, resolvePathWithin } from '../contentPath';

/**
 * `dag/resolve`: the CID a path leads to, `{"Cid":{"/":…},"RemPath":""}`. A path ending inside a dag-cbor or
 * dag-json node's fields gives that node and the fields as `RemPath` (`/a/b`, boxo's `SegmentsToString`).
 * As in Kubo, a bare CID is answered without reading its block.
 */
export const runDagResolve: CommandHandler = async ({ blocks }, { query, reply }) => {
  const arg = query.singleArg('ref');
  query.requireJsonEncoding();
  const { cid, remainder } = await resolvePathWithin(blocks, parseContentPath(arg));
  reply.json({ Cid: { '/': cid.toString() }, RemPath: remainder.length > 0 ? `/${remainder.join('/')}` : '' });
};

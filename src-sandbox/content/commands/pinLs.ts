import type { CommandHandler, ContentContext } from '../commandContext';
import { resolveArgument } from '../contentPath';
import { CommandError } from '../errors';

const PIN_TYPES = ['all', 'direct', 'indirect', 'recursive'] as const;
type PinType = (typeof PIN_TYPES)[number];

/**
 * `pin/ls`: without arguments every pin of `type` (default all: recursive, direct, then indirect); with
 * arguments, how each is pinned, or an error for one that is not. `stream=true` gives one `{Cid, Type}` per
 * line (what kubo-rpc-client asks for), otherwise one `{"Keys":{cid:{"Type"}}}`.
 */
export const runPinLs: CommandHandler = async (context, { query, reply }) => {
  const args = query.args();
  query.requireJsonEncoding();
  const type = query.string(['type', 't'], 'all');
  const stream = query.bool(['stream', 's'], false);
  if (!(PIN_TYPES as readonly string[]).includes(type)) {
    throw new CommandError(`invalid type '${type}', must be one of {direct, indirect, recursive, all}`);
  }
  const listed = args.length > 0 ? await pinsOf(context, args, type as PinType) : await allPins(context, type as PinType);
  if (stream) {
    for (const [cid, pinType] of listed) reply.ndjson({ Cid: cid, Type: pinType });
  } else {
    const keys: Record<string, { Type: string }> = {};
    for (const [cid, pinType] of listed) keys[cid] = { Type: pinType };
    reply.ndjson({ Keys: keys });
  }
  reply.end();
};

async function allPins({ pins, indirectPins }: ContentContext, type: PinType): Promise<[string, string][]> {
  const listed: [string, string][] = [];
  for (const mode of ['recursive', 'direct'] as const) {
    if (type !== 'all' && type !== mode) continue;
    for (const [cid, pinMode] of pins.entries()) if (pinMode === mode) listed.push([cid, mode]);
  }
  if (type === 'all' || type === 'indirect') {
    for (const cid of (await indirectPins.get()).keys()) if (pins.get(cid) === undefined) listed.push([cid, 'indirect']);
  }
  return listed;
}

async function pinsOf({ blocks, pins, indirectPins }: ContentContext, args: string[], type: PinType): Promise<[string, string][]> {
  const listed: [string, string][] = [];
  for (const arg of args) {
    const cid = (await resolveArgument(blocks, arg)).toString();
    const mode = pins.get(cid);
    if (mode !== undefined && (type === 'all' || type === mode)) {
      listed.push([cid, mode]);
      continue;
    }
    const root = type === 'all' || type === 'indirect' ? (await indirectPins.get()).get(cid) : undefined;
    if (root === undefined) throw new CommandError(`path '${arg}' is not pinned`);
    listed.push([cid, `indirect through ${root}`]);
  }
  return listed;
}

import { kuboCommand, ndjsonObjects, type StoreTarget } from './kuboCommand';
import type { PinNames } from './findContent';

/**
 * A store's recursive pins and the names it keeps for them: `pin/ls?names=true` (Kubo 0.26 and later answer each
 * pin's `Name`, '' when it has none; a store that keeps no names answers without the field). At most `max` pins are
 * read. Not given the caller's signal: one read answers several finds (it times out by itself).
 */
export async function readPinNames(store: StoreTarget, max: number): Promise<PinNames> {
  const answer = await kuboCommand(store, 'pin/ls', [['type', 'recursive'], ['names', 'true'], ['stream', 'true']], { timeoutSeconds: 15, doing: 'read the pins’ names' });
  let pins = 0;
  const named: { cid: string; name: string }[] = [];
  for await (const value of ndjsonObjects(answer.body, 'read the pins’ names')) {
    const line = value as { Cid?: unknown; Name?: unknown };
    if (typeof line.Cid !== 'string') continue;
    pins += 1;
    if (typeof line.Name === 'string' && line.Name.trim() !== '') named.push({ cid: line.Cid, name: line.Name.trim().slice(0, 255) });
    if (pins >= max) break;
  }
  return { pins, named };
}

import { CID } from 'multiformats/cid';
import type { ContentBlocks } from './contentBlocks';
import { collectDag } from './dagWalk';
import { BlockNotFoundError } from './errors';
import type { PinStore } from './pinStore';

/** Blocks kept alive by recursive pins, each mapped to one recursive root holding it (Kubo's "indirect through"). */
export interface IndirectPins {
  get(): Promise<Map<string, string>>;
}

/**
 * Derives indirect pins by walking every recursive pin's DAG, cached until the pin set changes: walking
 * large files means reading their blocks, which `pin/ls` should not repeat on every call.
 */
export function createIndirectPins(blocks: ContentBlocks, pins: PinStore): IndirectPins {
  let cached: { revision: number; map: Promise<Map<string, string>> } | undefined;
  const compute = async () => {
    const map = new Map<string, string>();
    for (const [root, mode] of pins.entries()) {
      if (mode !== 'recursive') continue;
      let members: Set<string>;
      try {
        members = await collectDag(blocks, CID.parse(root));
      } catch (error) {
        // A pinned DAG with a block gone (removed by hand) still lists what is reachable: skip it.
        if (error instanceof BlockNotFoundError) continue;
        throw error;
      }
      for (const member of members) if (member !== root && !map.has(member)) map.set(member, root);
    }
    return map;
  };
  return {
    get() {
      if (cached?.revision !== pins.revision) {
        const map = compute();
        cached = { revision: pins.revision, map };
        // A failed walk must not stay cached.
        map.catch(() => {
          if (cached?.map === map) cached = undefined;
        });
      }
      return cached.map;
    },
  };
}

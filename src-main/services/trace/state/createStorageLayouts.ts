import type { DecodingService } from '../../decoding/createDecodingService';
import type { Store } from '../../store/openStore';
import { compileStorageLayout, NoStorageLayoutError } from './compileStorageLayout';
import { isStorageLayout, type StorageLayout } from './storageLayout';

/** A contract's storage layout and its name, from its metadata. */
export interface ContractLayout {
  layout: StorageLayout;
  /** `TraceToken`, from the metadata's compilation target. */
  contract: string;
}

/**
 * Storage layouts of contracts whose Solidity metadata the network's content store holds (recompiled, see
 * `compileStorageLayout`). A layout is kept by metadata CID, in memory and, with a store, in SQLite (table
 * `chain_cache`, kind `storage-layout`): the CID fixes the sources and settings, so the layout never changes and a
 * recompile is paid once per contract. What cannot be had from those sources (another compiler, a missing source) is
 * remembered in memory only, for this run; a failed read (of the metadata or a source) or compiler run is not: the
 * next look asks again.
 */
export function createStorageLayouts(options: {
  decoding: Pick<DecodingService, 'solidityMetadata'>;
  store?: Pick<Store, 'db'> | undefined;
  log?: ((line: string) => void) | undefined;
}) {
  const byCid = new Map<string, Promise<StorageLayout | undefined>>();
  const select = options.store?.db.prepare("SELECT json FROM chain_cache WHERE chain = 'any' AND kind = 'storage-layout' AND key = ?");
  const insert = options.store?.db.prepare("INSERT OR REPLACE INTO chain_cache (chain, kind, key, json, created_at) VALUES ('any', 'storage-layout', ?, ?, ?)");
  const kept = (cid: string): StorageLayout | undefined => {
    const row = select?.all(cid)[0] as { json: string } | undefined;
    try {
      const layout: unknown = row ? JSON.parse(row.json) : undefined;
      return isStorageLayout(layout) ? layout : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    /** The layout of the contract at an address (its code at the latest block), or undefined when none can be had. */
    async of(networkId: string, address: string, signal?: AbortSignal): Promise<ContractLayout | undefined> {
      const metadata = await options.decoding.solidityMetadata(networkId, address, signal);
      if (!metadata) return undefined;
      const contract = contractNameOf(metadata.text);
      let layout = byCid.get(metadata.cid);
      if (!layout) {
        const known = kept(metadata.cid);
        layout = known
          ? Promise.resolve(known)
          : compileStorageLayout(metadata, signal).then(
              (compiled) => {
                insert?.run(metadata.cid, JSON.stringify(compiled), Date.now());
                return compiled;
              },
              (error: Error) => {
                options.log?.(`trace: no storage layout for ${contract ?? address} (${metadata.cid}): ${error.message}`);
                // Only what the same sources would give again is kept; a cancel or a failed run is asked again.
                if (!(error instanceof NoStorageLayoutError)) byCid.delete(metadata.cid);
                return undefined;
              },
            );
        byCid.set(metadata.cid, layout);
      }
      const found = await layout;
      return found && contract ? { layout: found, contract } : undefined;
    },
  };
}

function contractNameOf(text: string): string | undefined {
  try {
    const target = (JSON.parse(text) as { settings?: { compilationTarget?: Record<string, string> } }).settings?.compilationTarget;
    return target ? Object.values(target)[0] : undefined;
  } catch {
    return undefined;
  }
}

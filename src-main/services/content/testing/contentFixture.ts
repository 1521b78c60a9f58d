import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentSaveEvent, UploadResult } from '../../../../src-shared/content/contentTypes';
import type { SaveFile } from '../../files/createDownloads';
import { writeFileAtomically } from '../../files/writeFileAtomically';
import type { NetworkWithCredentials } from '../../rpc/networkWithCredentials';
import { openStore } from '../../store/openStore';
import { createContentService } from '../createContentService';

/** A resolved network whose content store is at `storageUrl`, with basic credentials. */
export function storeNetwork(id: string, storageUrl: string | null, authorization: string | undefined): NetworkWithCredentials {
  return {
    network: { id, name: `Store ${id}`, family: 'evm', chainId: 31337, rpcUrl: 'http://127.0.0.1:9/v3/', wsUrl: null, gasUrl: null, storageUrl, credentialId: id, kind: 'custom' },
    rpcUrl: 'http://127.0.0.1:9/v3/',
    wsUrl: null,
    gasUrl: null,
    storageUrl,
    authorization,
    secrets: [],
  } as NetworkWithCredentials;
}

/** A content service over the given networks, saving to `saveTo()` the way Electron's dialog does (a part file, then a rename). */
export function contentServiceFor(networks: Record<string, NetworkWithCredentials>, saveTo: () => string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-content-'));
  const store = openStore(dataDir);
  const saveFile: SaveFile = async (file) => ({ kind: 'saved', path: (await writeFileAtomically(saveTo(), file.chunks(), { lent: file.lent ?? false }), saveTo()) });
  const lines: string[] = [];
  const service = createContentService({
    resolve: async (id) => {
      const network = networks[id];
      if (!network) throw new Error(`no network ${id}`);
      return network;
    },
    store,
    saveFile,
    log: (line) => lines.push(line),
  });
  return {
    service,
    lines,
    close() {
      service.close();
      store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Uploads files through the service as the renderer does: begin, 1 MiB chunks in order, finish. */
export async function uploadThrough(
  service: ReturnType<typeof createContentService>,
  networkId: string,
  files: { path: string; bytes?: Uint8Array }[],
  kind: 'files' | 'car' = 'files',
): Promise<UploadResult> {
  const entries = files.map((file) => (file.bytes ? { path: file.path, kind: 'file' as const, size: file.bytes.byteLength } : { path: file.path, kind: 'directory' as const, size: 0 }));
  const { uploadId } = await service.addBegin(networkId, kind, entries, false);
  for (const file of files) {
    if (!file.bytes) continue;
    for (let offset = 0; offset < file.bytes.byteLength; offset += 1024 * 1024) await service.addChunk(uploadId, file.bytes.subarray(offset, offset + 1024 * 1024));
  }
  return service.addFinish(uploadId);
}

/** Runs a save to its end and returns its events. */
export async function saveAll(
  service: ReturnType<typeof createContentService>,
  networkId: string,
  cid: string,
  segments: string[],
  name: string,
  as: 'file' | 'folder',
  signal: AbortSignal = new AbortController().signal,
): Promise<ContentSaveEvent[]> {
  const events: ContentSaveEvent[] = [];
  await service.save(networkId, cid, segments, name, as, (event) => events.push(event), signal);
  return events;
}

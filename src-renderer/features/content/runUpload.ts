import { UPLOAD_CHUNK_BYTES } from '../../../src-shared/content/contentLimits';
import type { UploadResult } from '../../../src-shared/content/contentTypes';
import type { ApiClient } from '../../api/createApiClient';
import { uploadEntries, type PickedItem } from './collectFiles';

/** A Blob's bytes as base64 (the browser encodes it natively, without a string of every byte). */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Sends files to main in 1 MiB chunks, in order, each chunk waiting until the store took the last one
 * (so a large folder is never whole in memory, here or in main). A cancel stops between two chunks and
 * aborts the store's request.
 */
export async function runUpload(
  api: ApiClient,
  networkId: string,
  kind: 'files' | 'car',
  items: readonly PickedItem[],
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
): Promise<UploadResult> {
  const { uploadId } = await api.call('content.addBegin', { networkId, kind, entries: uploadEntries(items), wrap: false });
  const cancel = () => void api.call('content.addCancel', { uploadId }).catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    let sent = 0;
    for (const item of items) {
      if (!item.file) continue;
      for (let offset = 0; offset < item.file.size; offset += UPLOAD_CHUNK_BYTES) {
        signal.throwIfAborted();
        const base64 = await base64Of(item.file.slice(offset, offset + UPLOAD_CHUNK_BYTES));
        signal.throwIfAborted();
        await api.call('content.addChunk', { uploadId, base64 });
        sent += Math.min(UPLOAD_CHUNK_BYTES, item.file.size - offset);
        onProgress(sent);
      }
    }
    signal.throwIfAborted();
    return await api.call('content.addFinish', { uploadId });
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { contentRoute } from '../../../src-shared/content/contentPath';
import { placeName } from '../../../src-shared/content/placeName';
import { countOf } from '../../../src-shared/text/countOf';
import { useApi } from '../../api/useApi';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { contentFindKey } from '../../queries/contentFind';
import type { PickedItem } from './collectFiles';
import { pinsKey, recentKey } from './contentQueries';
import { runUpload } from './runUpload';
import { useTransfers } from './useTransfers';

/** Starts a save of a file (`cat`) or a folder (a tar, through `get`). */
export type SaveContent = (cid: string, path: readonly string[], name: string, as: 'file' | 'folder', total: number | null) => void;

let nextId = 0;
const newId = () => `transfer-${(nextId += 1)}`;

/** Starts uploads, CAR imports and saves, each followed in the transfer strip with progress and Cancel. */
export function useContentTransfers(networkId: string, onUploaded: (route: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { start, update } = useTransfers();

  const upload = useCallback(
    (items: PickedItem[], kind: 'files' | 'car') => {
      if (items.length === 0) return;
      const id = newId();
      const controller = new AbortController();
      const total = items.reduce((sum, item) => sum + (item.file?.size ?? 0), 0);
      const files = items.filter((item) => item.file).length;
      // A folder is named as it was chosen (its files counted); loose files are counted.
      const tops = new Set(items.map((item) => item.path.split('/')[0]));
      const label =
        kind === 'car'
          ? `Importing ${items[0]!.path}`
          : items.length === 1
            ? `Adding ${items[0]!.path}`
            : tops.size === 1
              ? `Adding ${[...tops][0]!} (${countOf(files, 'file')})`
              : `Adding ${countOf(files, 'file')}`;
      start({ id, kind: kind === 'car' ? 'import' : 'upload', label, bytes: 0, total, status: 'running', cancel: () => controller.abort() });
      runUpload(api, networkId, kind, items, (bytes) => update(id, { bytes }), controller.signal)
        .then((result) => {
          // An added file keeps the name it was added by. Not by wrapping it in a folder (its CID would be the
          // folder's, not the one anyone else gets for the same bytes): the name travels with the place's links
          // (`?name=`, so a deep link keeps it) and is kept in the recent list in SQLite (so reopening it by its
          // bare CID, or from Recent, finds it again), and its saves use it.
          const name = placeName(result.root.name) || undefined;
          const route = contentRoute(result.root.cid, [], name);
          if (name) {
            void api
              .call('content.remember', { networkId, cid: result.root.cid, path: [], name, kind: result.root.kind })
              .then(() => queryClient.invalidateQueries({ queryKey: recentKey(networkId) }))
              .catch(() => undefined);
          }
          update(id, { status: 'done', bytes: total, result: { route, cid: result.root.cid }, cancel: undefined });
          void queryClient.invalidateQueries({ queryKey: pinsKey(networkId) });
          // Its name (and its files' names) can be found from now on.
          void queryClient.invalidateQueries({ queryKey: contentFindKey(networkId) });
          onUploaded(route);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) update(id, { status: 'cancelled', cancel: undefined });
          else update(id, { status: 'failed', error: apiErrorOf(error).shortMessage, cancel: undefined });
        });
    },
    [api, networkId, start, update, queryClient, onUploaded],
  );

  const save = useCallback(
    (cid: string, path: readonly string[], name: string, as: 'file' | 'folder', total: number | null) => {
      const id = newId();
      const subscription: { stop?: () => void } = {};
      const cancel = () => {
        subscription.stop?.();
        update(id, { status: 'cancelled', cancel: undefined });
      };
      start({ id, kind: 'save', label: `Saving ${as === 'folder' ? `${name}.tar` : name}`, bytes: 0, total, status: 'running', cancel });
      subscription.stop = api.subscribe('content.save', { networkId, cid, path: [...path], name, as }, {
        stream: true,
        onEvent(event) {
          if (event.kind === 'started' && event.url) {
            // The web host: the browser downloads the file while main streams it from the store.
            const link = document.createElement('a');
            link.href = event.url;
            link.download = event.name;
            document.body.append(link);
            link.click();
            link.remove();
          } else if (event.kind === 'progress') update(id, { bytes: event.bytes, waiting: event.waiting, ...(event.total !== null ? { total: event.total } : {}) });
          else if (event.kind === 'done') update(id, { status: 'done', bytes: event.bytes, ...(event.path ? { result: { path: event.path } } : {}), cancel: undefined });
          else if (event.kind === 'cancelled') update(id, { status: 'cancelled', cancel: undefined });
        },
        onEnd(error) {
          if (error) update(id, { status: 'failed', error: error.shortMessage, cancel: undefined });
        },
      });
    },
    [api, networkId, start, update],
  );

  return { upload, save };
}

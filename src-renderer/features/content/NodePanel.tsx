import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentNode } from '../../../src-shared/content/contentTypes';
import { countOf } from '../../../src-shared/text/countOf';
import { useApi } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { networkKey } from '../../queries/queryKeys';
import { formatBytes } from '../../lib/formatBytes';
import { pinsKey } from './contentQueries';
import type { SaveContent } from './useContentTransfers';
import { groupDigits } from '../../../src-shared/text/groupDigits';

const PIN_TEXT: Record<ContentNode['pin'], string> = {
  recursive: 'Pinned (recursively)',
  direct: 'Pinned (this block only)',
  indirect: 'Pinned as part of a pinned folder',
  none: 'Not pinned',
  unknown: 'Pin unknown',
};

/** What the node is (kind, size, links, how it was read), its pin with Pin/Unpin, and Save. */
export function NodePanel({ networkId, node, name, rootCid, segments, onSave }: { networkId: string; node: ContentNode; name: string; rootCid: string; segments: string[]; onSave: SaveContent }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: networkKey(networkId, 'content', 'node') });
    void queryClient.invalidateQueries({ queryKey: pinsKey(networkId) });
  };
  const pin = useMutation({ mutationFn: () => api.call('content.pin', { networkId, cid: node.cid }), onSuccess: refresh });
  const unpin = useMutation({ mutationFn: () => api.call('content.unpin', { networkId, cid: node.cid }), onSuccess: refresh });
  const pinned = node.pin === 'recursive' || node.pin === 'direct';
  const what = node.kind === 'directory' ? 'folder' : node.kind === 'file' ? 'file' : 'node';
  const kind = node.kind === 'directory' ? (node.unixfsType === 'hamt-sharded-directory' ? 'Folder (sharded)' : 'Folder') : node.kind === 'file' ? 'File' : node.kind === 'symlink' ? 'Symbolic link' : `${node.codec} node`;
  return (
    <section className="content-node" aria-label="Item">
      <h3 className="content-side-title">{kind}</h3>
      <dl className="content-facts">
        <dt>{node.kind === 'directory' ? 'Size of its contents' : 'Size'}</dt>
        <dd title={countOf(node.size, 'byte')}>
          {formatBytes(node.size)} <span className="muted">({countOf(node.size, 'byte')})</span>
        </dd>
        <dt>Links</dt>
        <dd>{groupDigits(node.linkCount)}</dd>
        <dt>Read with</dt>
        <dd className="mono">{node.readWith}</dd>
        <dt>Pin</dt>
        <dd>
          <span className={`badge ${pinned ? 'badge-ok' : node.pin === 'indirect' ? 'badge-accent' : ''}`}>{PIN_TEXT[node.pin]}</span>
        </dd>
      </dl>
      <div className="content-node-actions">
        {node.kind === 'directory' || node.kind === 'file' ? (
          <button type="button" className="btn btn-primary" onClick={() => onSave(rootCid, segments, name, node.kind === 'directory' ? 'folder' : 'file', node.kind === 'directory' ? null : node.size)}>
            {node.kind === 'directory' ? 'Save folder (.tar)' : 'Save as…'}
          </button>
        ) : null}
        {pinned ? (
          <button type="button" className="btn" disabled={unpin.isPending} onClick={() => unpin.mutate()}>
            {unpin.isPending ? 'Unpinning…' : `Unpin this ${what}`}
          </button>
        ) : node.pin !== 'indirect' ? (
          <button type="button" className="btn" disabled={pin.isPending} onClick={() => pin.mutate()}>
            {pin.isPending ? 'Pinning…' : `Pin this ${what}`}
          </button>
        ) : null}
      </div>
      {pin.error ? <ErrorNotice error={apiErrorOf(pin.error)} title="Could not pin" /> : null}
      {unpin.error ? <ErrorNotice error={apiErrorOf(unpin.error)} title="Could not unpin" /> : null}
    </section>
  );
}

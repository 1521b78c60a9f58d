import { useNavigate } from '../../components/Link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { contentRoute } from '../../../src-shared/content/contentPath';
import type { ContentNode } from '../../../src-shared/content/contentTypes';
import { useApi } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LoadingState } from '../../components/LoadingState';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { contentFindKey } from '../../queries/contentFind';
import { countOf } from '../../../src-shared/text/countOf';
import { Breadcrumbs } from './Breadcrumbs';
import { CidInspector } from './CidInspector';
import { contentNodeQuery, recentKey } from './contentQueries';
import { FilePreview } from './FilePreview';
import { FolderView } from './FolderView';
import { NodePanel } from './NodePanel';
import { PlaceTitle, type RenamePlace } from './PlaceTitle';
import { rootLabel } from './rootLabel';
import { useRootName } from './useRootName';
import type { SaveContent } from './useContentTransfers';

/**
 * One place in the store: the breadcrumbs, the folder or the file under its name, and beside it what the node and its
 * CID are. `routeName` is the name the root was opened by (`?name=`); without one, the name it was last opened by on
 * this network (the recent list) is used.
 */
export function PlaceView({ networkId, cid, segments, routeName, onSave }: { networkId: string; cid: string; segments: string[]; routeName?: string | undefined; onSave: SaveContent }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const node = useQuery(contentNodeQuery(api, networkId, cid, segments));
  const rootName = useRootName(networkId, cid, routeName);
  // A root can be named by hand: the name goes into its link, and so into the recent list (remembered below).
  const rename: RenamePlace | undefined = segments.length === 0 ? { named: Boolean(rootName), onName: (given) => navigate(contentRoute(cid, [], given), { replace: true }) } : undefined;
  // The name of what is shown: the last name walked, else the root's; '' when the root has none.
  const name = segments.at(-1) ?? rootName ?? '';
  const seconds = useElapsedSeconds(node.isFetching && !node.data);
  const key = [cid, ...segments].join('/');

  // Remembered once it opened (recent CIDs live in SQLite): once per place and node, whatever else re-renders. A root
  // opened without a name sends '', and main keeps the name it was opened by before (an added file's).
  const remember = useEffectEvent(() => {
    if (!node.data) return;
    api
      .call('content.remember', { networkId, cid, path: segments, name: segments.at(-1) ?? routeName ?? '', kind: node.data.kind })
      .then(() => Promise.all([queryClient.invalidateQueries({ queryKey: recentKey(networkId) }), queryClient.invalidateQueries({ queryKey: contentFindKey(networkId) })]))
      .catch(() => undefined);
  });
  const openedCid = node.data?.cid;
  useEffect(() => {
    remember();
  }, [key, openedCid, routeName]);

  return (
    <div className="content-place">
      <Breadcrumbs cid={cid} segments={segments} rootName={rootName} />
      <div className="content-layout">
        <div className="content-main">
          {node.isFetching && !node.data ? (
            <div className="content-lookup">
              <LoadingState label={`Looking up this CID in the content store… ${seconds} s`} />
              <button type="button" className="btn btn-small" onClick={() => void queryClient.cancelQueries({ queryKey: contentNodeQuery(api, networkId, cid, segments).queryKey })}>
                Stop waiting
              </button>
            </div>
          ) : null}
          {!node.isFetching && !node.data && !node.error ? (
            <p className="content-lookup" role="status">
              Stopped waiting for the store (it gives up by itself after 30 s).{' '}
              <button type="button" className="btn btn-small" onClick={() => void node.refetch()}>
                Look it up again
              </button>
            </p>
          ) : null}
          {node.error ? <ErrorNotice error={apiErrorOf(node.error)} title="Could not open this" onRetry={() => void node.refetch()} /> : null}
          {node.data ? <NodeBody networkId={networkId} cid={cid} segments={segments} name={name || undefined} rootName={rootName} rename={rename} node={node.data} onSave={onSave} /> : null}
        </div>
        <aside className="content-side" aria-label="About this item">
          {node.data ? <NodePanel networkId={networkId} node={node.data} name={name || node.data.cid} rootCid={cid} segments={segments} onSave={onSave} /> : null}
          {/* Once the place's heading shows its CID whole, the inspector takes it apart without repeating it. */}
          <CidInspector cid={node.data?.cid ?? cid} title={segments.length > 0 ? 'This item’s CID' : 'CID'} showCid={!node.data} />
          {segments.length > 0 ? <CidInspector cid={cid} title="Root CID" /> : null}
        </aside>
      </div>
    </div>
  );
}

function NodeBody({
  networkId,
  cid,
  segments,
  name,
  rootName,
  rename,
  node,
  onSave,
}: {
  networkId: string;
  cid: string;
  segments: string[];
  name: string | undefined;
  rootName: string | undefined;
  rename: RenamePlace | undefined;
  node: ContentNode;
  onSave: SaveContent;
}) {
  // A file's heading is in its preview card (with its views and Save); anything else gets it here.
  if (node.kind === 'file') return <FilePreview networkId={networkId} node={node} name={name} label={name || rootLabel(cid, undefined)} rename={rename} onSave={onSave} />;
  const title = <PlaceTitle name={name || rootLabel(cid, undefined)} cid={node.cid} rename={rename} />;
  if (node.kind === 'directory') {
    return (
      <>
        <div className="card content-place-head">{title}</div>
        <FolderView networkId={networkId} rootCid={cid} rootName={rootName} segments={segments} folderCid={node.cid} folderPinned={node.pin === 'recursive' || node.pin === 'indirect'} onSave={onSave} />
      </>
    );
  }
  if (node.kind === 'symlink') {
    return (
      <div className="card">
        {title}
        <p>This is a symbolic link ({countOf(node.size, 'byte')}). Links are not followed in the content store.</p>
      </div>
    );
  }
  return (
    <div className="card">
      {title}
      <p>
        This is a <strong>{node.codec}</strong> node ({countOf(node.size, 'byte')}), not a UnixFS file or folder. The browser shows files and folders; this
        node’s facts are beside.
      </p>
    </div>
  );
}

/** Whole seconds since `running` became true (0 while it is false), ticking each second. */
function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => {
      clearInterval(timer);
      // The next wait counts from 0 again, not from where this one stopped.
      setSeconds(0);
    };
  }, [running]);
  return running ? seconds : 0;
}

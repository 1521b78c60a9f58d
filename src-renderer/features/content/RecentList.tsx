import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '../../components/Link';
import { contentRoute } from '../../../src-shared/content/contentPath';
import { useApi } from '../../api/useApi';
import { Timestamp } from '../../components/chain/Timestamp';
import { recentContentQuery, recentKey } from './contentQueries';
import { rootLabel } from './rootLabel';

/** The landing: the sandbox's demo folder (on Local) and the CIDs opened recently on this network. */
export function RecentList({ networkId, demoCid }: { networkId: string; demoCid: string | undefined }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const recent = useQuery(recentContentQuery(api, networkId));
  const forget = useMutation({
    mutationFn: (place?: { cid: string; path: string }) => api.call('content.forgetRecent', { networkId, ...(place ?? {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recentKey(networkId) }),
  });
  return (
    <div className="content-landing">
      <div className="content-drop-area" aria-hidden="true">
        <strong>Drop files or folders here</strong>
        <span className="muted">They are added to the store with its default settings, pinned, and opened here. A .car file dropped alone is imported.</span>
      </div>
      {demoCid ? (
        <section className="card content-demo" aria-labelledby="content-demo-title">
          <h2 id="content-demo-title" className="section-title">
            Demo folder
          </h2>
          <p className="muted">The sandbox seeds a folder of sample files (text, JSON, Markdown, images, binary) into its store.</p>
          <Link href={contentRoute(demoCid, [], 'blockglass-demo')} className="btn">
            Open blockglass-demo
          </Link>{' '}
          <span className="mono muted">{demoCid}</span>
        </section>
      ) : null}
      <section className="card" aria-labelledby="content-recent-title">
        <div className="content-section-head">
          <h2 id="content-recent-title" className="section-title">
            Recent
          </h2>
          {recent.data && recent.data.length > 0 ? (
            <button type="button" className="btn btn-small btn-ghost" onClick={() => forget.mutate(undefined)}>
              Clear
            </button>
          ) : null}
        </div>
        {recent.data && recent.data.length > 0 ? (
          <ul className="content-recent">
            {recent.data.map((item) => (
              <li key={`${item.cid}/${item.path}`}>
                <span className={`content-kind-icon content-kind-${item.kind ?? 'other'}`} aria-hidden="true" />
                {/* A root goes by the name it was opened by; a place under one finds its root's name itself. */}
                <Link href={contentRoute(item.cid, item.path ? item.path.split('/') : [], item.path ? undefined : item.name)} className="chain-link">
                  {item.name || rootLabel(item.cid, undefined)}
                </Link>
                <span className="mono muted content-recent-cid">
                  {item.cid}
                  {item.path ? `/${item.path}` : ''}
                </span>
                <span className="muted">
                  opened <Timestamp seconds={`0x${Math.floor(item.openedAt / 1000).toString(16)}`} />
                </span>
                <button type="button" className="btn btn-small btn-ghost" aria-label={`Forget ${item.name || item.cid}`} onClick={() => forget.mutate({ cid: item.cid, path: item.path })}>
                  Forget
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{recent.isLoading ? 'Loading…' : 'CIDs you open here are remembered on this device.'}</p>
        )}
      </section>
    </div>
  );
}

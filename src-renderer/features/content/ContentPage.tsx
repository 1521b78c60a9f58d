import { useCallback, useState, type DragEvent } from 'react';
import { useSearch } from 'wouter';
import { Link, useNavigate } from '../../components/Link';
import type { NetworkView } from '../../../src-shared/api/networks';
import { contentRoute } from '../../../src-shared/content/contentPath';
import { inspectCid } from '../../../src-shared/content/inspectCid';
import { placeName } from '../../../src-shared/content/placeName';
import { useLiveSubscription } from '../../hooks/useLiveSubscription';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { CidBox } from './CidBox';
import { itemsFromDrop } from './collectFiles';
import { AddButtons } from './AddButtons';
import { FindByName } from './FindByName';
import { FoundContent } from './FoundContent';
import { PlaceView } from './PlaceView';
import { RecentList } from './RecentList';
import { TransferStrip } from './TransferStrip';
import { useContentTransfers } from './useContentTransfers';
import './content.css';

/** Splits the route's path part into names (each %-decoded; a broken escape is kept as typed). */
function segmentsOf(path: string | undefined): string[] {
  return (path ?? '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

/** The content browser of one network: the CID box, adding files, the transfers, and the place the route names. */
export function ContentPage({ network, cid, path }: { network: NetworkView; cid?: string; path?: string }) {
  const navigate = useNavigate();
  const [dragging, setDragging] = useState(false);
  const sandbox = useLiveSubscription('sandbox.status', {});
  const onUploaded = useCallback((route: string) => navigate(route), [navigate]);
  const transfers = useContentTransfers(network.id, onUploaded);
  const segments = segmentsOf(path);
  // `?name=` is the name the root CID was opened by (an added file's or folder's, a contract source's): its heading,
  // its breadcrumb and its saved name. Cleaned: a link is typed by anyone.
  const search = new URLSearchParams(useSearch());
  const routeName = placeName(search.get('name') ?? '') || undefined;
  // `?find=` is what "Find by name" holds: a find is a link, and the CID box sends a name typed into it here.
  const find = cid ? '' : (search.get('find') ?? '').slice(0, 255);
  const [findText, setFindText] = useState(find);
  const shownFind = cid ? findText : find;
  const onFind = (text: string) => {
    setFindText(text);
    // From a place, the first key opens the list (Back returns to the place); on the list, each key replaces it.
    navigate(text === '' ? '/content' : `/content?find=${encodeURIComponent(text)}`, { replace: !cid });
  };

  // The Local network's store has an address only while its sandbox runs; the list is fetched again when it does.
  if (network.kind === 'local' && !network.available) {
    const starting = !sandbox.data || sandbox.data.state === 'starting' || sandbox.data.state === 'restarting';
    return (
      <div className="page">
        <EmptyState title={starting ? 'The Local sandbox is starting' : 'The Local sandbox is not running'}>
          {starting ? 'Its content store opens here as soon as it runs.' : <>Start it again in <Link to="~/settings/sandbox">Settings → Sandbox</Link>, or choose another network in the top bar.</>}
        </EmptyState>
      </div>
    );
  }

  if (!network.storageUrl) {
    return (
      <div className="page">
        <EmptyState title={`${network.name} has no content store`}>Add its content-store address in Settings → Networks, or choose Local in the top bar.</EmptyState>
      </div>
    );
  }

  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const items = await itemsFromDrop(event.dataTransfer);
    const car = items.length === 1 && items[0]!.file && /\.car$/i.test(items[0]!.path);
    transfers.upload(items, car ? 'car' : 'files');
  };

  return (
    <div
      className={`page content-page${dragging ? ' content-dragging' : ''}`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false);
      }}
      onDrop={(event) => void onDrop(event)}
      data-testid="content-drop-zone"
    >
      <PageHeader
        title="Content"
        description={`Inspect a CID, browse its folders, preview and save files, and add your own to ${network.name}’s content store. Drop files or folders anywhere on this page to add them.`}
      />
      <div className="card content-toolbar">
        <CidBox
          key={cid ?? ''}
          initial={cid ? [cid, ...segments].join('/') : ''}
          onOpen={(target) => navigate(contentRoute(target.cid, target.segments, target.name))}
          onName={(text) => onFind(text)}
        />
        <FindByName text={shownFind} onText={onFind} />
        <AddButtons onPick={transfers.upload} />
      </div>
      <TransferStrip />
      {dragging ? <div className="content-drop-hint" aria-hidden="true">Drop to add to the content store</div> : null}
      {cid && !inspectCid(cid).ok ? (
        <div className="card content-bad-cid" role="alert">
          <h2 className="section-title">Not a CID</h2>
          <p>{(inspectCid(cid) as { message: string }).message}</p>
        </div>
      ) : cid ? (
        <PlaceView networkId={network.id} cid={cid} segments={segments} routeName={routeName} onSave={transfers.save} />
      ) : find.trim() !== '' ? (
        <FoundContent networkId={network.id} text={find} />
      ) : (
        <RecentList networkId={network.id} demoCid={network.kind === 'local' ? sandbox.data?.demoContentCid : undefined} />
      )}
    </div>
  );
}

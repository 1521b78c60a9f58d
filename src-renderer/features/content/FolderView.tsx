import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from '../../components/Link';
import { contentRoute } from '../../../src-shared/content/contentPath';
import type { ContentEntry } from '../../../src-shared/content/contentTypes';
import { countOf } from '../../../src-shared/text/countOf';
import { useApi } from '../../api/useApi';
import { CopyButton } from '../../components/CopyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { DataTable, type DataColumn } from '../../components/table/DataTable';
import { useStream } from '../../hooks/useStream';
import { contentPinsQuery } from './contentQueries';
import { formatBytes } from '../../lib/formatBytes';
import type { SaveContent } from './useContentTransfers';
import { Thumbnail, isImageName } from './Thumbnail';
import { groupDigits } from '../../lib/formatQuantity';

interface Row extends ContentEntry {
  pinned: 'recursive' | 'direct' | 'folder' | '';
}

/** A folder's entries (streamed from `ls`, with progress and Cancel), in the data table: sort, filter, thumbnails, pins. */
export function FolderView({
  networkId,
  rootCid,
  rootName,
  segments,
  folderCid,
  folderPinned,
  onSave,
}: {
  networkId: string;
  rootCid: string;
  /** The name the root was opened by: every link inside keeps it. */
  rootName?: string | undefined;
  segments: string[];
  folderCid: string;
  folderPinned: boolean;
  onSave: SaveContent;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const listing = useStream('content.list', { networkId, cid: folderCid });
  const pins = useQuery(contentPinsQuery(api, networkId));
  const entries = useMemo(() => listing.pages.flatMap((page) => (page.kind === 'entries' ? page.entries : [])), [listing.pages]);
  const rows = useMemo<Row[]>(
    () =>
      entries.map((entry) => ({
        ...entry,
        pinned: pins.data?.recursive.has(entry.cid) ? 'recursive' : pins.data?.direct.has(entry.cid) ? 'direct' : folderPinned ? 'folder' : '',
      })),
    [entries, pins.data, folderPinned],
  );
  const open = (row: Row) => navigate(contentRoute(rootCid, [...segments, row.name], rootName));

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: 'thumb',
        header: '',
        width: '48px',
        // Folders first (the initial order); not offered as a sort of its own.
        sortable: false,
        value: (row) => (row.type === 'directory' ? 0 : 1),
        text: () => '',
        cell: (row) => (row.type === 'file' && isImageName(row.name) ? <Thumbnail networkId={networkId} cid={row.cid} name={row.name} size={row.size} /> : <span className={`content-kind-icon content-kind-${row.type}`} aria-hidden="true" />),
      },
      {
        id: 'name',
        header: 'Name',
        width: 'minmax(160px, 3fr)',
        sortable: true,
        value: (row) => row.name.toLowerCase(),
        text: (row) => row.name,
        cell: (row) => (
          <Link href={contentRoute(rootCid, [...segments, row.name], rootName)} className="chain-link content-entry-name">
            {row.name}
            {row.type === 'directory' ? '/' : ''}
          </Link>
        ),
      },
      { id: 'type', header: 'Type', width: '76px', sortable: true, value: (row) => row.type, text: (row) => (row.type === 'directory' ? 'folder' : row.type) },
      {
        id: 'size',
        header: 'Size',
        width: '88px',
        align: 'end',
        sortable: true,
        value: (row) => row.size,
        text: (row) => (row.type === 'directory' ? '' : String(row.size)),
        cell: (row) => (row.type === 'directory' ? <span className="muted">—</span> : <span title={`${groupDigits(row.size)} bytes`}>{formatBytes(row.size)}</span>),
      },
      {
        id: 'cid',
        header: 'CID',
        width: 'minmax(140px, 2fr)',
        sortable: true,
        value: (row) => row.cid,
        text: (row) => row.cid,
        cell: (row) => (
          <span className="chain-value">
            <span className="mono content-cid-cell" title={row.cid}>
              {row.cid}
            </span>
            <CopyButton value={row.cid} label="CID" />
          </span>
        ),
      },
      {
        id: 'pin',
        header: 'Pin',
        width: '124px',
        sortable: true,
        value: (row) => row.pinned,
        text: (row) => (row.pinned === 'folder' ? 'pinned (with its folder)' : row.pinned ? `pinned (${row.pinned})` : ''),
        cell: (row) =>
          row.pinned === 'folder' ? (
            <span className="badge" title="Pinned as part of a pinned folder">
              In pinned folder
            </span>
          ) : row.pinned ? (
            <span className="badge badge-ok" title={row.pinned === 'recursive' ? 'Pinned recursively' : 'Pinned directly'}>
              Pinned
            </span>
          ) : null,
      },
      {
        id: 'save',
        header: '',
        width: '96px',
        sortable: false,
        value: () => 0,
        text: () => '',
        cell: (row) => (
          <button
            type="button"
            className="btn btn-small"
            aria-label={`${row.type === 'directory' ? 'Save .tar' : 'Save'} ${row.name}`}
            onClick={() => onSave(rootCid, [...segments, row.name], row.name, row.type === 'directory' ? 'folder' : 'file', row.type === 'directory' ? null : row.size)}
          >
            {row.type === 'directory' ? 'Save .tar' : 'Save'}
          </button>
        ),
      },
    ],
    [networkId, rootCid, rootName, segments, onSave],
  );

  const loaded = entries.length;
  return (
    <section className="content-folder" aria-label="Folder">
      {listing.status === 'running' ? (
        <div className="content-listing-progress" role="status">
          <span className="spinner" aria-hidden="true" /> Listing this folder… {countOf(loaded, 'entry', 'entries')} so far
          <button type="button" className="btn btn-small" onClick={listing.cancel}>
            Cancel
          </button>
        </div>
      ) : null}
      {listing.status === 'cancelled' ? (
        <p className="content-listing-progress" role="status">
          Listing stopped after {countOf(loaded, 'entry', 'entries')}.{' '}
          <button type="button" className="btn btn-small" onClick={listing.rerun}>
            List again
          </button>
        </p>
      ) : null}
      {listing.error ? <ErrorNotice error={listing.error} title="Could not list this folder" onRetry={listing.rerun} /> : null}
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(row) => `${row.name}\u0000${row.cid}`}
        label="entries"
        onOpen={open}
        rowHeight={40}
        maxHeight={620}
        initialSort={{ id: 'thumb', desc: false }}
        emptyText={listing.status === 'running' ? 'Listing…' : 'This folder is empty.'}
      />
      {pins.data?.truncated ? <p className="muted">The store has more pins than the app reads at once; some pinned entries may not be marked.</p> : null}
    </section>
  );
}

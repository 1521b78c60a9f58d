import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { PREVIEW_MAX_BYTES } from '../../../src-shared/content/contentLimits';
import type { ContentNode, ContentPreview } from '../../../src-shared/content/contentTypes';
import { useApi } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LoadingState } from '../../components/LoadingState';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { contentPreviewQuery } from './contentQueries';
import { formatBytes } from '../../lib/formatBytes';
import { HexView } from './HexView';
import { JsonTree } from './JsonTree';
import { MetadataFolder, solidityMetadataOf } from './MetadataFolder';
import { PlaceTitle, type RenamePlace } from './PlaceTitle';

const MarkdownView = lazy(() => import('./MarkdownView').then((module) => ({ default: module.MarkdownView })));

const FIRST_BYTES = 256 * 1024;
type View = 'preview' | 'text' | 'hex';

/**
 * A file under its name (`label`, with its CID below it): previewed as what it is (text, JSON folded, Markdown, image,
 * hex), each view a tab, with Save as, which saves it under `name` (its CID when it has none).
 */
export function FilePreview({
  networkId,
  node,
  name,
  label,
  rename,
  onSave,
}: {
  networkId: string;
  node: ContentNode;
  name: string | undefined;
  label: string;
  rename?: RenamePlace | undefined;
  onSave: (cid: string, path: readonly string[], name: string, as: 'file', total: number) => void;
}) {
  const api = useApi();
  const first = useQuery(contentPreviewQuery(api, networkId, node.cid, FIRST_BYTES, name));
  // An image is shown whole: read it all when it is larger than the first read (up to 4 MiB).
  const wantsWhole = first.data?.kind === 'image' && first.data.truncated && node.size <= PREVIEW_MAX_BYTES;
  const whole = useQuery({ ...contentPreviewQuery(api, networkId, node.cid, PREVIEW_MAX_BYTES, name), enabled: wantsWhole });
  const preview = wantsWhole ? whole.data : first.data;
  const [view, setView] = useState<View>('preview');
  const fileName = name ?? node.cid;

  return (
    <section className="card content-file" aria-label={`File ${label}`}>
      <PlaceTitle name={label} cid={node.cid} rename={rename} />
      <div className="content-file-head">
        <span className="muted">
          {formatBytes(node.size)}
          {preview ? ` · ${preview.mime}${preview.encoding ? ` · ${preview.encoding}` : ''}` : ''}
        </span>
        <span className="content-file-actions">
          {preview ? <ViewTabs preview={preview} view={view} onView={setView} /> : null}
          <button type="button" className="btn btn-primary btn-small" onClick={() => onSave(node.cid, [], fileName, 'file', node.size)}>
            Save as…
          </button>
        </span>
      </div>
      {first.isLoading || (wantsWhole && whole.isLoading) ? <LoadingState label="Reading the file…" /> : null}
      {first.error ? <ErrorNotice error={apiErrorOf(first.error)} title="Could not read this file" onRetry={() => void first.refetch()} /> : null}
      {preview ? <PreviewBody preview={preview} view={view} size={node.size} /> : null}
    </section>
  );
}

function ViewTabs({ preview, view, onView }: { preview: ContentPreview; view: View; onView: (view: View) => void }) {
  const views: { id: View; label: string }[] =
    preview.kind === 'binary'
      ? [{ id: 'hex', label: 'Hex' }]
      : preview.kind === 'image'
        ? [
            { id: 'preview', label: 'Image' },
            { id: 'hex', label: 'Hex' },
          ]
        : preview.kind === 'text'
          ? [
              { id: 'text', label: 'Text' },
              { id: 'hex', label: 'Hex' },
            ]
          : [
              { id: 'preview', label: preview.kind === 'json' ? 'Tree' : 'Rendered' },
              { id: 'text', label: 'Source' },
              { id: 'hex', label: 'Hex' },
            ];
  const current = views.some((candidate) => candidate.id === view) ? view : views[0]!.id;
  return (
    <span className="content-tabs" role="tablist" aria-label="View as">
      {views.map((candidate) => (
        <button key={candidate.id} type="button" role="tab" aria-selected={candidate.id === current} className={`btn btn-small${candidate.id === current ? ' btn-active' : ''}`} onClick={() => onView(candidate.id)}>
          {candidate.label}
        </button>
      ))}
    </span>
  );
}

function PreviewBody({ preview, view, size }: { preview: ContentPreview; view: View; size: number }) {
  const parsed = useMemo(() => {
    if (preview.kind !== 'json' || preview.truncated || preview.text === undefined) return undefined;
    try {
      return { value: JSON.parse(preview.text) as unknown };
    } catch {
      return undefined;
    }
  }, [preview]);
  const metadata = parsed ? solidityMetadataOf(parsed.value) : undefined;
  const cut = preview.truncated ? (
    <p className="muted content-cut">
      Showing the first {formatBytes(preview.bytesRead)} of {formatBytes(size)}. Save the file to read all of it.
    </p>
  ) : null;
  const hexBytes = preview.base64 ?? '';
  const effective: View = preview.kind === 'binary' ? 'hex' : preview.kind === 'text' && view === 'preview' ? 'text' : view;
  if (effective === 'hex') return <HexView base64={hexBytes} size={size} />;
  if (effective === 'text' || (preview.kind === 'json' && !parsed)) {
    return (
      <>
        <pre className="content-text mono" tabIndex={0} aria-label="File text">
          {preview.text}
        </pre>
        {cut}
      </>
    );
  }
  if (preview.kind === 'image') return <img className="content-image" src={`data:${preview.mime};base64,${preview.base64 ?? ''}`} alt={`Preview of the image (${preview.mime})`} />;
  if (preview.kind === 'markdown') {
    return (
      <Suspense fallback={<LoadingState label="Rendering…" />}>
        <MarkdownView text={preview.text ?? ''} />
        {cut}
      </Suspense>
    );
  }
  return (
    <>
      {metadata ? <MetadataFolder metadata={metadata} /> : null}
      <JsonTree value={parsed!.value} />
    </>
  );
}

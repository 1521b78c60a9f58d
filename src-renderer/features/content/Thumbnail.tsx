import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/useApi';
import { contentPreviewQuery } from './contentQueries';

const IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif|bmp|ico|svg)$/i;
/** Images larger than this get an icon, not a thumbnail (a folder of photos must stay fast). */
const THUMBNAIL_MAX_BYTES = 1024 * 1024;

export function isImageName(name: string): boolean {
  return IMAGE_NAME.test(name);
}

/** A small image of a file in a folder row, read only while its row is on screen (the table is virtual). */
export function Thumbnail({ networkId, cid, name, size }: { networkId: string; cid: string; name: string; size: number }) {
  const api = useApi();
  const small = size > 0 && size <= THUMBNAIL_MAX_BYTES;
  const preview = useQuery({ ...contentPreviewQuery(api, networkId, cid, THUMBNAIL_MAX_BYTES, name), enabled: small });
  if (!small || !preview.data || preview.data.kind !== 'image' || !preview.data.base64) return <span className="content-kind-icon content-kind-image" aria-hidden="true" />;
  return <img className="content-thumb" src={`data:${preview.data.mime};base64,${preview.data.base64}`} alt="" loading="lazy" decoding="async" />;
}

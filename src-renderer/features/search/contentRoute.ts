import { contentRoute as placeRoute } from '../../../src-shared/content/contentPath';

/**
 * The content screen's route for a CID and an optional path inside it, as typed in the search box: every
 * segment is percent-encoded on its own, and empty, `.` and `..` segments are dropped, so no path (however it
 * was typed or pasted) can climb out of `/content/<cid>` to another screen. Browsers resolve `..` and its
 * encoded forms (`%2e%2e`) in a URL path, so these segments cannot be encoded away: they go.
 */
export function contentRoute(cid: string, path?: string): string {
  return placeRoute(encodeURIComponent(cid), (path ?? '').split('/').filter((segment) => !isDotOrEmpty(segment)));
}

/** `''`, `.`, `..`, and their percent-encoded spellings (which a URL parser decodes to the same). */
function isDotOrEmpty(segment: string): boolean {
  const plain = segment.replace(/%2e/gi, '.');
  return plain === '' || plain === '.' || plain === '..';
}

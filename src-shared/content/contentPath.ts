import { inspectCid, type CidFacts } from './inspectCid';
import { placeName } from './placeName';

/** A place in a content store: a root CID and the names walked under it. */
export interface ContentPath {
  cid: string;
  segments: string[];
  facts: CidFacts;
  /** The name the address gave the root (a gateway's `?filename=`, or the app's own `?name=`), when it gave one. */
  name?: string;
}

/** The store's path argument for a place: `<cid>/<name>/<name>`. */
export function contentArg(path: { cid: string; segments: readonly string[] }): string {
  return [path.cid, ...path.segments].join('/');
}

/**
 * Reads what a person typed or pasted: `<cid>`, `<cid>/a/b`, `/ipfs/<cid>/a`, `ipfs://<cid>/a` or a gateway
 * address `https://host/ipfs/<cid>/a`. Empty segments are dropped; `.` and `..` are refused (a content path has
 * no parent). Pure; never throws.
 */
export function parseContentPath(raw: string): { ok: true; path: ContentPath } | { ok: false; message: string } {
  let text = raw.trim();
  const gateway = /^https?:\/\/[^/]+\/ipfs\/(.*)$/i.exec(text);
  if (gateway) text = gateway[1]!;
  text = text.replace(/^ipfs:\/\//i, '').replace(/^\/?ipfs\//i, '');
  const name = nameInQuery(text);
  text = text.split(/[?#]/, 1)[0]!;
  const [first = '', ...rest] = text.split('/');
  const inspected = inspectCid(first);
  if (!inspected.ok) return inspected;
  const segments: string[] = [];
  for (const part of rest) {
    if (part === '') continue;
    let name: string;
    try {
      name = decodeURIComponent(part);
    } catch {
      return { ok: false, message: `The path part "${part.slice(0, 40)}" has a broken %-escape.` };
    }
    if (name === '.' || name === '..') return { ok: false, message: 'A content path cannot contain "." or "..": open the folder by its CID instead.' };
    segments.push(name);
  }
  return { ok: true, path: { cid: inspected.facts.cid, segments, facts: inspected.facts, ...(name ? { name } : {}) } };
}

/** `filename` (a gateway's) or `name` (the app's) from an address's query, cleaned by {@link placeName}; '' when none. */
function nameInQuery(text: string): string {
  const query = /\?([^#]*)/.exec(text)?.[1];
  if (!query) return '';
  // Read by hand: this folder has no URLSearchParams (no DOM, no Node types).
  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    const at = pair.indexOf('=');
    if (at < 1) continue;
    try {
      const key = decodeURIComponent(pair.slice(0, at));
      if (!params.has(key)) params.set(key, decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' ')));
    } catch {
      // A broken %-escape names nothing.
    }
  }
  return placeName(params.get('filename') ?? params.get('name') ?? '');
}

/**
 * The app route of a place: `/content/<cid>/<segments, escaped>`, and `?name=<name>` when the root CID was opened by
 * a name (an added file's or folder's, a recent entry's): the name travels with every link inside the place, so a
 * deep link or a reload still shows it.
 */
export function contentRoute(cid: string, segments: readonly string[] = [], name?: string): string {
  const route = ['/content', cid, ...segments.map((segment) => encodeURIComponent(segment))].join('/');
  const kept = name ? placeName(name) : '';
  return kept ? `${route}?name=${encodeURIComponent(kept)}` : route;
}

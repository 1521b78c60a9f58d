import { inspectCid, type CidFacts } from './inspectCid';

/** A place in a content store: a root CID and the names walked under it. */
export interface ContentPath {
  cid: string;
  segments: string[];
  facts: CidFacts;
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
  return { ok: true, path: { cid: inspected.facts.cid, segments, facts: inspected.facts } };
}

/** The app route of a place: `/content/<cid>/<segments, escaped>`. */
export function contentRoute(cid: string, segments: readonly string[] = []): string {
  return ['/content', cid, ...segments.map((segment) => encodeURIComponent(segment))].join('/');
}

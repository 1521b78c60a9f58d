import type { QueryClass } from '../../../src-shared/search/classifyQuery';
import { contentRoute } from './contentRoute';

/** A search target the app can open. */
export type SearchTarget = Exclude<QueryClass, { kind: 'empty' } | { kind: 'invalid' }>;

/**
 * The route that shows a search target. A 32-byte hash goes to the explorer's hash route
 * (`/explorer/tx/<hash>`): only the chain knows whether it names a transaction or a block, so the
 * explorer looks it up as a transaction first and falls back to a block.
 */
export function searchRoute(target: SearchTarget): string {
  switch (target.kind) {
    case 'block':
      return `/explorer/block/${target.number.toString(10)}`;
    case 'blockTag':
      return `/explorer/block/${target.tag}`;
    case 'hash':
      return `/explorer/tx/${target.hash}`;
    case 'address':
      return `/explorer/address/${target.address}`;
    case 'cid':
      return contentRoute(target.cid, target.path);
  }
}

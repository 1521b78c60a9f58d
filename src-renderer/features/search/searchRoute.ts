import type { QueryClass } from '../../../src-shared/search/classifyQuery';
import { quoteInput } from '../../../src-shared/text/quoteInput';
import { formatQuantity } from '../../lib/formatQuantity';
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

/** What Enter will open, in words, for the hint under the box. */
export function describeTarget(target: SearchTarget): string {
  switch (target.kind) {
    case 'block':
      return `Block ${formatQuantity(target.number)}`;
    case 'blockTag':
      return `The ${target.tag} block`;
    case 'hash':
      return 'Transaction or block with this hash';
    case 'address':
      return 'Address';
    case 'cid':
      return `Content (CIDv${target.version})${target.path ? ` · ${quoteInput(`/${target.path}`)}` : ''}`;
  }
}

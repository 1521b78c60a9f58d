import { memo } from 'react';
import { Link } from '../Link';
import type { ContentNameMatch } from '../../../src-shared/content/contentTypes';
import { countOf } from '../../../src-shared/text/countOf';
import { formatBytes } from '../../lib/formatBytes';
import { formatAgo, formatDateTime } from '../../lib/formatTime';
import { shortHex } from '../../lib/formatChain';
import { contentMatchRoute, matchSourceWords } from './contentMatchRoute';
import './ContentMatchLine.css';

/**
 * One piece of content found by its name: the name (a link that opens it), then its CID, its size and when it was
 * added or named. `compact` (the search box's list) shortens the CID, whole in its title.
 */
export const ContentMatchLine = memo(function ContentMatchLine({ match, now, compact = false, onOpen }: { match: ContentNameMatch; now: number; compact?: boolean; onOpen?: () => void }) {
  const cid = match.cid ?? `${match.rootCid}/${match.path}`;
  return (
    <div className="content-match">
      <span className={`content-match-kind content-match-kind-${match.kind ?? 'other'}`} aria-hidden="true" />
      <Link href={contentMatchRoute(match)} className="chain-link content-match-name" onClick={onOpen}>
        {match.name}
      </Link>
      <span className="content-match-facts">
        <span className="content-match-cid mono" title={cid} data-cid={match.cid ?? undefined}>
          {compact ? shortHex(cid) : cid}
        </span>
        {match.size !== null ? (
          <span className="content-match-size" title={countOf(match.size, 'byte')}>
            {formatBytes(match.size)}
          </span>
        ) : null}
        <span className="content-match-when" title={match.at !== null ? formatDateTime(match.at) : undefined}>
          {matchSourceWords(match)}
          {match.at !== null ? ` ${formatAgo(match.at, now)}` : ''}
        </span>
      </span>
    </div>
  );
});

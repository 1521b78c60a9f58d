import { Link } from '../../components/Link';
import { contentRoute } from '../../../src-shared/content/contentPath';
import { CopyButton } from '../../components/CopyButton';
import { rootLabel } from './rootLabel';

/**
 * Where we are: the root, by the name it was opened by (`/ipfs/<short cid>` when it has none), then each name under
 * it, every part a link back up that keeps the root's name.
 */
export function Breadcrumbs({ cid, segments, rootName }: { cid: string; segments: readonly string[]; rootName?: string | undefined }) {
  const full = ['/ipfs', cid, ...segments].join('/');
  const root = rootLabel(cid, rootName);
  const rootClass = rootName ? '' : ' mono';
  return (
    <nav className="content-crumbs" aria-label="Path">
      <ol>
        <li>
          {segments.length === 0 ? (
            <span className={`content-crumb-root${rootClass}`} aria-current="page" title={`/ipfs/${cid}`}>
              {root}
            </span>
          ) : (
            <Link href={contentRoute(cid, [], rootName)} className={`chain-link content-crumb-root${rootClass}`} title={`/ipfs/${cid}`}>
              {root}
            </Link>
          )}
        </li>
        {segments.map((segment, index) => (
          <li key={index}>
            {index === segments.length - 1 ? (
              <span aria-current="page">{segment}</span>
            ) : (
              <Link href={contentRoute(cid, segments.slice(0, index + 1), rootName)} className="chain-link">
                {segment}
              </Link>
            )}
          </li>
        ))}
      </ol>
      <CopyButton value={full} label="path" />
    </nav>
  );
}

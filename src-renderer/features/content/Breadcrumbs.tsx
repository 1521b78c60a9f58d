import { Link } from 'wouter';
import { contentRoute } from '../../../src-shared/content/contentPath';
import { CopyButton } from '../../components/CopyButton';
import { shortHex } from '../../lib/formatChain';

/** Where we are: the root CID, then each name under it, every part a link back up. */
export function Breadcrumbs({ cid, segments }: { cid: string; segments: readonly string[] }) {
  const full = ['/ipfs', cid, ...segments].join('/');
  return (
    <nav className="content-crumbs" aria-label="Path">
      <ol>
        <li>
          {segments.length === 0 ? (
            <span className="mono" aria-current="page" title={cid}>
              {shortHex(cid, 10, 6)}
            </span>
          ) : (
            <Link href={contentRoute(cid)} className="chain-link mono" title={cid}>
              {shortHex(cid, 10, 6)}
            </Link>
          )}
        </li>
        {segments.map((segment, index) => (
          <li key={index}>
            {index === segments.length - 1 ? (
              <span aria-current="page">{segment}</span>
            ) : (
              <Link href={contentRoute(cid, segments.slice(0, index + 1))} className="chain-link">
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

import type { ReactNode } from 'react';
import { Link } from '../../../../components/Link';
import type { NotKeptRange } from '../../../../../src-shared/api/history';
import { LOCAL_NETWORK_ID } from '../../../../../src-shared/networks/localNetwork';
import { BlockLink } from '../../../../components/chain/ChainLinks';
import { formatNumber } from '../../../../lib/formatChain';
import { latestBlocksKept, useLocalStatesKept } from './localStatesKept';
import '../../../../components/BlocksNote.css';

/**
 * Runs of blocks whose state the node does not keep, said where a history found them: which blocks, what that
 * leaves out (`what`), each run's own words (`detail`), and where the rest can be read: on Local, the sandbox's
 * window of kept states; elsewhere, an archive endpoint.
 */
export function NotKeptNote<R extends NotKeptRange>({ networkId, ranges, what, detail }: { networkId: string; ranges: R[]; what: string; detail?: (range: R) => ReactNode }) {
  const kept = useLocalStatesKept();
  if (ranges.length === 0) return null;
  return (
    <div className="blocks-note" role="note" aria-label="Blocks whose state the node does not keep">
      <p>
        This node keeps no state of {ranges.length === 1 ? 'these blocks' : 'these runs of blocks'}, so {what}:
      </p>
      <ul>
        {ranges.map((range) => (
          <li key={range.from}>
            Blocks <BlockLink number={range.from} hash={null} />–<BlockLink number={range.to} hash={null} /> ({formatNumber(BigInt(range.to) - BigInt(range.from) + 1n)} blocks)
            {detail ? <>: {detail(range)}</> : null}
          </li>
        ))}
      </ul>
      <p>
        {networkId === LOCAL_NETWORK_ID ? (
          <>
            The Local sandbox keeps the state of its seeded blocks and of {latestBlocksKept(kept)} (more when started with{' '}
            <code>--live-states N</code>), so that it stays the same size however long it runs.
          </>
        ) : (
          <>
            An archive node keeps every block’s state: <Link href="/settings/networks/new">add this chain with an archive endpoint</Link>.
          </>
        )}
      </p>
    </div>
  );
}

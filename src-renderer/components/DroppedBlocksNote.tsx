import { Link } from './Link';
import type { DroppedBlocks } from '../../src-shared/logs/droppedBlocks';
import { LOCAL_NETWORK_ID } from '../../src-shared/networks/localNetwork';
import { countOf } from '../../src-shared/text/countOf';
import { useLiveSubscription } from '../hooks/useLiveSubscription';
import { BlockLink } from './chain/ChainLinks';
import { formatNumber } from '../lib/formatChain';
import './BlocksNote.css';

/**
 * Runs of blocks a scan passed over because the node no longer keeps them (it expires history; the Local sandbox drops
 * its older live blocks), said where the scan's result shows: which blocks, what that leaves out (`what`), and where
 * the rest can be read. Nothing when there are none.
 */
export function DroppedBlocksNote({ networkId, dropped, what }: { networkId: string; dropped: readonly DroppedBlocks[] | undefined; what: string }) {
  const kept = useLiveSubscription('sandbox.status', networkId === LOCAL_NETWORK_ID ? {} : undefined).data?.liveBlocksKept;
  if (!dropped || dropped.length === 0) return null;
  return (
    <div className="blocks-note" role="note" aria-label="Blocks the node no longer keeps">
      <p>
        This node no longer keeps {dropped.length === 1 ? 'these blocks' : 'these runs of blocks'}, so {what}:
      </p>
      <ul>
        {dropped.map((range) => (
          <li key={range.from}>
            Blocks <BlockLink number={range.from} hash={null} />–<BlockLink number={range.to} hash={null} /> ({formatNumber(BigInt(range.to) - BigInt(range.from) + 1n)} blocks)
          </li>
        ))}
      </ul>
      <p>
        {networkId === LOCAL_NETWORK_ID ? (
          <>
            The Local sandbox keeps its seeded blocks and {kept === undefined ? 'its latest live blocks' : `its latest ${countOf(kept, 'live block')}`} (more
            when started with <code>--live-blocks N</code>), so that it stays the same size however long it runs.
          </>
        ) : (
          <>
            The node expires old history: <Link href="/settings/networks/new">add this chain with an endpoint that keeps every block</Link> to read them.
          </>
        )}
      </p>
    </div>
  );
}

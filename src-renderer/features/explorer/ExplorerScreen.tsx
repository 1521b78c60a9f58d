import { useMemo } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { KeepAlive } from '../../components/KeepAlive';
import { LoadingState } from '../../components/LoadingState';
import { lazyScreen, ScreenFallback } from '../../lib/lazyScreen';
import { useSelectedNetwork } from '../../hooks/useSelectedNetwork';
import { useHeldLiveSubscription } from '../../hooks/useLiveSubscription';
import { ExplorerHome, latestInput } from './home/ExplorerHome';
import { explorerPageModules } from './pageModules';
import { usePageHead } from './usePageHead';
import type { ExplorerRequest } from './explorerRequest';
import './explorer.css';

// The start page is the explorer's home: it loads with the app. The block, transaction and address pages
// (the virtual table, decoding views, the ABI reader) are one script apart (electron.vite.config.ts, chunkName),
// kept out of the home's first paint and fetched in the background soon after it (see usePageHead).
const BlockPage = lazyScreen(explorerPageModules.block, (module) => module.BlockPage);
const TransactionPage = lazyScreen(explorerPageModules.tx, (module) => module.TransactionPage);
const TransactionAtIndex = lazyScreen(explorerPageModules.txAtIndex, (module) => module.TransactionAtIndex);
const AddressPage = lazyScreen(explorerPageModules.address, (module) => module.AddressPage);

/** The block explorer: the latest blocks and transactions, or the block, transaction or address a URL names. */
export function ExplorerScreen({ request }: { request?: ExplorerRequest }) {
  const network = useSelectedNetwork();
  if (!network) return <LoadingState label="Loading networks…" />;
  if (network.family !== 'evm') {
    return (
      <div className="page">
        <EmptyState title={`${network.name} is a Starknet network`}>The explorer reads EVM chains. Pick an EVM network in the top bar.</EmptyState>
      </div>
    );
  }
  return <ExplorerPages request={request} networkId={network.id} networkName={network.name} />;
}

function ExplorerPages({ request, networkId, networkName }: { request?: ExplorerRequest; networkId: string; networkName: string }) {
  usePageHead(request, networkId);
  // The home's latest blocks are held (not drawn) while the explorer shows: going back to the home from a block,
  // transaction or address paints them at once from what the app holds, then live. Held on the home too: it shares
  // the home's own feed (one subscription), which then runs on across the navigation instead of being asked anew.
  const held = useHeldLiveSubscription('explorer.latest', latestInput(networkId));
  // The home is kept drawn and live while a block, transaction or address shows, and drawn ahead, away from the page,
  // once its latest blocks are held: going back to it (the explorer's most visited page) puts it back rather than
  // drawing it, with the blocks its own feed drew meanwhile. One element for its inputs, so a navigation that changes
  // nothing of the home draws nothing of it.
  const home = useMemo(() => <ExplorerHome networkId={networkId} networkName={networkName} />, [networkId, networkName]);
  return (
    <>
      <KeepAlive key={networkId} shown={request === undefined} ahead={held}>
        {home}
      </KeepAlive>
      {request === undefined ? null : <ScreenFallback fallback={<LoadingState screen label="Opening…" />}>{page(request, networkId, networkName)}</ScreenFallback>}
    </>
  );
}

function page(request: ExplorerRequest, networkId: string, networkName: string) {
  switch (request.kind) {
    case 'block':
      return <BlockPage key={`${networkId}:${request.value}`} networkId={networkId} networkName={networkName} id={request.value} />;
    case 'tx':
      return <TransactionPage key={`${networkId}:${request.value}`} networkId={networkId} networkName={networkName} hash={request.value} />;
    case 'txAtIndex':
      return <TransactionAtIndex key={`${networkId}:${request.value}:${request.index}`} networkId={networkId} blockHash={request.value} index={request.index ?? ''} />;
    case 'address':
      return <AddressPage key={`${networkId}:${request.value}`} networkId={networkId} networkName={networkName} address={request.value} />;
  }
}

import { EmptyState } from '../../components/EmptyState';
import { LoadingState } from '../../components/LoadingState';
import { useSelectedNetwork } from '../network/useSelectedNetwork';
import { AddressPage } from './address/AddressPage';
import { BlockPage } from './block/BlockPage';
import { ExplorerHome } from './home/ExplorerHome';
import { TransactionPage } from './tx/TransactionPage';
import './explorer.css';

/** What an explorer URL asks for: `/explorer/block/123`, `/explorer/tx/0x…`, `/explorer/address/0x…`. */
export interface ExplorerRequest {
  kind: 'block' | 'tx' | 'address';
  value: string;
}

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
  const networkId = network.id;
  switch (request?.kind) {
    case 'block':
      return <BlockPage key={`${networkId}:${request.value}`} networkId={networkId} networkName={network.name} id={request.value} />;
    case 'tx':
      return <TransactionPage key={`${networkId}:${request.value}`} networkId={networkId} networkName={network.name} hash={request.value} />;
    case 'address':
      return <AddressPage key={`${networkId}:${request.value}`} networkId={networkId} networkName={network.name} address={request.value} />;
    default:
      return <ExplorerHome networkId={networkId} networkName={network.name} />;
  }
}

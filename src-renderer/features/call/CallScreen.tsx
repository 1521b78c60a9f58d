import { lazy, Suspense } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { LoadingState } from '../../components/LoadingState';
import { useSelectedNetwork } from '../network/useSelectedNetwork';

// The form, its ABI encoding and the decoding views load when the screen is first opened.
const CallPage = lazy(() => import('./CallPage').then((module) => ({ default: module.CallPage })));

/** The call playground (`/call?to=…&data=…&from=…&block=…`): eth_call with a typed form, the outcome decoded, the history. */
export function CallScreen() {
  const network = useSelectedNetwork();
  if (!network) return <LoadingState label="Loading networks…" />;
  if (network.family !== 'evm') {
    return (
      <div className="page">
        <EmptyState title={`Starknet's call is not built yet`}>
          The playground runs eth_call on EVM networks. Starknet's call (starknet_call, with selectors and felts) is planned but not in this version. Pick an EVM network in the top bar.
        </EmptyState>
      </div>
    );
  }
  return (
    <Suspense fallback={<LoadingState label="Opening the call playground…" />}>
      <CallPage key={network.id} network={network} />
    </Suspense>
  );
}

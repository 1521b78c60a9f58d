import { LoadingState } from '../../components/LoadingState';
import { lazyScreen, ScreenFallback } from '../../lib/lazyScreen';
import { useSelectedNetwork } from '../../hooks/useSelectedNetwork';
import { callModules } from './callModules';

// The form, its ABI encoding and the decoding views load when the screen is first opened.
const CallPage = lazyScreen(callModules.evm, (module) => module.CallPage);
// Starknet's page (felts and selectors, src-shared/starknet) loads only on Starknet networks.
const StarknetCallPage = lazyScreen(callModules.starknet, (module) => module.StarknetCallPage);

/** The call playground (`/call?to=…&data=…&from=…&block=…`): eth_call with a typed form, the outcome decoded, the history; Starknet's call on Starknet networks. */
export function CallScreen() {
  const network = useSelectedNetwork();
  if (!network) return <LoadingState label="Loading networks…" />;
  return (
    <ScreenFallback fallback={<LoadingState screen label="Opening the call playground…" />}>
      {network.family === 'starknet' ? <StarknetCallPage key={network.id} network={network} /> : <CallPage key={network.id} network={network} />}
    </ScreenFallback>
  );
}

import { EmptyState } from '../../components/EmptyState';
import { LoadingState } from '../../components/LoadingState';
import { lazyScreen, ScreenFallback } from '../../lib/lazyScreen';
import { useSelectedNetwork } from '../../hooks/useSelectedNetwork';
import { loadLogsPage } from './logsModule';

// The builder, its table and the export code load when the screen is first opened.
const LogsPage = lazyScreen(loadLogsPage, (module) => module.LogsPage);

/** The log-query builder (`/logs?address=…&topic0=…`): build, check, run, export, save and follow eth_getLogs queries. */
export function LogsScreen() {
  const network = useSelectedNetwork();
  if (!network) return <LoadingState label="Loading networks…" />;
  if (network.family !== 'evm') {
    return (
      <div className="page">
        <EmptyState title={`${network.name} is a Starknet network`}>Log queries read EVM chains (eth_getLogs). Pick an EVM network in the top bar.</EmptyState>
      </div>
    );
  }
  return (
    <ScreenFallback fallback={<LoadingState screen label="Opening the log builder…" />}>
      <LogsPage key={network.id} network={network} />
    </ScreenFallback>
  );
}

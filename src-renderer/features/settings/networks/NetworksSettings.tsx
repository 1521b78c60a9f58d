import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/Link';
import { useApi } from '../../../api/useApi';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Icon } from '../../../components/Icon';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { networksQuery } from '../../../queries/networks';
import { NetworkTable } from './NetworkTable';
import './NetworksSettings.css';

/** `/settings/networks`: every network (Local, hosted presets, custom) with its addresses, key status and a connection test. */
export function NetworksSettings() {
  const api = useApi();
  const networks = useQuery(networksQuery(api));

  return (
    <section className="page" aria-labelledby="networks-title">
      <PageHeader
        level={2}
        titleId="networks-title"
        title="Networks"
        description="Where Blockglass connects. Addresses are shown without keys; keys never leave the app's main side."
        actions={
          <Link to="/networks/new" className="btn btn-primary">
            <Icon name="plus" />
            Add network
          </Link>
        }
      />
      {networks.isPending ? <LoadingState label="Loading networks…" /> : null}
      {networks.isError ? <ErrorNotice error={apiErrorOf(networks.error)} title="Networks could not be loaded" onRetry={() => void networks.refetch()} /> : null}
      {networks.data ? (
        <>
          <NetworkTable title="Local" networks={networks.data.filter((network) => network.kind === 'local')} />
          <NetworkTable title="Hosted service" networks={networks.data.filter((network) => network.kind === 'preset')} />
          <NetworkTable
            title="Custom"
            networks={networks.data.filter((network) => network.kind === 'custom')}
            empty={
              <EmptyState title="No custom networks yet">
                Add any JSON-RPC endpoint: another provider, or a node of your own. <Link to="/networks/new">Add a network</Link>.
              </EmptyState>
            }
          />
        </>
      ) : null}
    </section>
  );
}

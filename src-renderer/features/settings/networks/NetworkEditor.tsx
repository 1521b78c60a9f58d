import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { Link } from '../../../components/Link';
import type { CustomNetworkInput } from '../../../../src-shared/networks/customNetworkInput';
import { quoteInput } from '../../../../src-shared/text/quoteInput';
import { useApi } from '../../../api/useApi';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { networksKey, networksQuery } from '../../../queries/networks';
import { NetworkForm } from './NetworkForm';
import { EMPTY_NETWORK_FORM, valuesFromNetwork } from './networkFormValues';
import './NetworksSettings.css';

/** `/settings/networks/new` and `/settings/networks/<id>/edit`: adds or edits a custom network. */
export function NetworkEditor({ networkId }: { networkId?: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const networks = useQuery({ ...networksQuery(api), enabled: networkId !== undefined });
  const save = useMutation({
    mutationFn: (input: CustomNetworkInput) =>
      networkId === undefined ? api.call('networks.add', input) : api.call('networks.update', { networkId, network: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: networksKey });
      navigate('/networks');
    },
  });
  // One object per failure: the form resets its "edited since" marks when this identity changes.
  const saveError = useMemo(() => (save.error ? apiErrorOf(save.error) : undefined), [save.error]);
  const title = networkId === undefined ? 'Add a network' : 'Edit network';

  const header = (
    <PageHeader
      level={2}
      title={title}
      description={
        <>
          Any JSON-RPC endpoint: another provider, or a node of your own. <Link to="/networks">Back to networks</Link>
        </>
      }
    />
  );

  if (networkId === undefined) {
    return (
      <section className="page" aria-label={title}>
        {header}
        <NetworkForm initial={EMPTY_NETWORK_FORM} submitLabel="Add network" pending={save.isPending} serverError={saveError} onSubmit={(input) => save.mutate(input)} />
      </section>
    );
  }

  const network = networks.data?.find((candidate) => candidate.id === networkId);
  return (
    <section className="page" aria-label={title}>
      {header}
      {networks.isPending ? <LoadingState label="Loading the network…" /> : null}
      {networks.isError ? <ErrorNotice error={apiErrorOf(networks.error)} title="Networks could not be loaded" onRetry={() => void networks.refetch()} /> : null}
      {networks.data && !network ? <EmptyState title={`There is no network ${quoteInput(networkId)}`}>It may have been deleted.</EmptyState> : null}
      {network && network.kind !== 'custom' ? (
        <EmptyState title={`${network.name} is built in`}>Built-in networks cannot be changed; add a custom network to use other addresses.</EmptyState>
      ) : null}
      {network && network.kind === 'custom' ? (
        <NetworkForm
          key={network.id}
          initial={valuesFromNetwork(network)}
          submitLabel="Save changes"
          pending={save.isPending}
          serverError={saveError}
          onSubmit={(input) => save.mutate(input)}
        />
      ) : null}
    </section>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/Link';
import type { NetworkView } from '../../../../src-shared/api/networks';
import { useApi } from '../../../api/useApi';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { HexValue } from '../../../components/HexValue';
import { Icon } from '../../../components/Icon';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { formatChainId } from '../../../lib/formatChainId';
import { networksKey } from '../../../queries/networks';
import { CredentialBadge } from './CredentialBadge';
import { HealthReportView } from './HealthReportView';

/** A network's row: what it is, where it points, whether it has a key; Test for all, Edit and Delete for custom ones. */
export function NetworkRow({ network }: { network: NetworkView }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const test = useMutation({ mutationFn: () => api.call('networks.test', { networkId: network.id }) });
  const remove = useMutation({
    mutationFn: () => api.call('networks.delete', { networkId: network.id }),
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: networksKey });
    },
  });
  const showTest = test.isPending || test.isError || test.data !== undefined;

  return (
    <>
      <tr>
        <th scope="row" className="network-name">
          <span>{network.name}</span>
          {network.selected ? <span className="badge badge-accent">Selected</span> : null}
          {network.available ? null : <span className="badge badge-warn">Not running</span>}
        </th>
        <td>{network.family === 'evm' ? 'EVM' : 'Starknet'}</td>
        <td className="mono">{formatChainId(network.chainId)}</td>
        <td className="network-url">
          {network.rpcUrl ? <HexValue value={network.rpcUrl} label={`${network.name} JSON-RPC address`} /> : <span className="muted">Set when the sandbox starts</span>}
        </td>
        <td>
          <CredentialBadge network={network} />
        </td>
        <td className="network-actions">
          <button type="button" className="btn btn-small" onClick={() => test.mutate()} disabled={test.isPending} aria-label={`Test connection to ${network.name}`}>
            {test.isPending ? 'Testing…' : 'Test'}
          </button>
          {network.kind === 'custom' ? (
            <>
              <Link to={`/networks/${network.id}/edit`} className="btn btn-small btn-ghost" aria-label={`Edit ${network.name}`} title="Edit">
                <Icon name="edit" size={14} />
              </Link>
              <button type="button" className="btn btn-small btn-ghost btn-link-danger" onClick={() => setConfirming(true)} aria-label={`Delete ${network.name}`} title="Delete">
                <Icon name="trash" size={14} />
              </button>
            </>
          ) : null}
          {/* Rendered into <body> by ConfirmDialog (a portal): the cell only owns its state. */}
          <ConfirmDialog
            open={confirming}
            title={`Delete ${network.name}?`}
            confirmLabel="Delete network"
            danger
            busy={remove.isPending}
            error={remove.isError ? apiErrorOf(remove.error) : undefined}
            onConfirm={() => remove.mutate()}
            onCancel={() => {
              setConfirming(false);
              remove.reset();
            }}
          >
            The network and its own API key are removed. Keys shared with other networks are kept.
          </ConfirmDialog>
        </td>
      </tr>
      {showTest ? (
        <tr className="network-detail-row">
          <td colSpan={6}>
            <HealthReportView network={network} pending={test.isPending} report={test.data} error={test.isError ? apiErrorOf(test.error) : undefined} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

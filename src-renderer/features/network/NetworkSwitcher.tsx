import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { NetworkView } from '../../../src-shared/api/networks';
import { useApi } from '../../api/useApi';
import { Icon } from '../../components/Icon';
import { StatusDot } from '../../components/StatusDot';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { networksQuery } from '../../queries/networks';
import { useNetworkHealth } from './useNetworkHealth';
import { useRefreshNetworksOnSandboxChange } from './useRefreshNetworksOnSandboxChange';
import { useSelectNetwork } from './useSelectNetwork';
import './NetworkSwitcher.css';

const GROUPS = [
  { kind: 'local', label: 'Local' },
  { kind: 'preset', label: 'Hosted service' },
  { kind: 'custom', label: 'Custom' },
] as const;

/** Picks the network the app shows, with a live status dot (connection, head block, latency, chain id mismatch). */
export function NetworkSwitcher() {
  const api = useApi();
  const networks = useQuery(networksQuery(api));
  const select = useSelectNetwork();
  const selectId = useId();
  const selected: NetworkView | undefined = networks.data?.find((network) => network.selected);
  const health = useNetworkHealth(selected);
  useRefreshNetworksOnSandboxChange();

  if (networks.isPending) {
    return (
      <div className="network-switcher">
        <StatusDot tone="busy" label="Loading networks…" />
        <span className="muted">Loading networks…</span>
      </div>
    );
  }
  if (networks.isError) {
    const error = apiErrorOf(networks.error);
    return (
      <div className="network-switcher" role="alert">
        <StatusDot tone="error" label={`Networks could not be loaded: ${error.shortMessage}`} />
        <span className="network-switcher-error">Networks unavailable</span>
        <button type="button" className="btn btn-small" onClick={() => void networks.refetch()}>
          Retry
        </button>
      </div>
    );
  }

  return (
    <div className="network-switcher">
      <StatusDot tone={health?.tone ?? 'idle'} label={health?.label ?? 'No network selected'} />
      <label htmlFor={selectId} className="visually-hidden">
        Network
      </label>
      <div className="network-switcher-select-wrap">
        <select
          id={selectId}
          className="network-switcher-select"
          value={selected?.id ?? ''}
          disabled={select.isPending}
          onChange={(event) => select.mutate(event.target.value)}
        >
          {selected ? null : <option value="">Choose a network</option>}
          {GROUPS.map((group) => {
            const members = networks.data.filter((network) => network.kind === group.kind);
            if (members.length === 0) return null;
            return (
              <optgroup key={group.kind} label={group.label}>
                {members.map((network) => (
                  <option key={network.id} value={network.id}>
                    {network.name}
                    {network.available ? '' : ' (not running)'}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
        <Icon name="chevronDown" size={14} />
      </div>
      {health ? (
        <span className="network-switcher-summary" data-tone={health.tone} title={health.label} aria-hidden="true">
          {health.summary}
        </span>
      ) : null}
      {select.isError ? (
        <span className="network-switcher-error" role="alert" title={apiErrorOf(select.error).details}>
          {apiErrorOf(select.error).shortMessage}
        </span>
      ) : null}
    </div>
  );
}

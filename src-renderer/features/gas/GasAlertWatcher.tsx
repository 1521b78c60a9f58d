import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../api/useApi';
import { networksQuery } from '../../queries/networks';
import { gasAlertsKey, gasAlertsQuery, gasFiredKey } from '../../queries/gasAlerts';
import { useGasFeed } from './useGasFeed';
import { notifyFired } from './notifyAlerts';

/** Watches one network's gas for its alerts: shows what fired as desktop notifications and refreshes the lists. */
function WatchNetwork({ networkId }: { networkId: string }) {
  const api = useApi();
  const client = useQueryClient();
  const networks = useQuery(networksQuery(api));
  const { snapshot } = useGasFeed(networkId);
  useEffect(() => {
    if (!snapshot || snapshot.fired.length === 0) return;
    const names = new Map((networks.data ?? []).map((network) => [network.id, network.name]));
    if (notifyFired(snapshot.fired, (id) => names.get(id) ?? id).length > 0) {
      void client.invalidateQueries({ queryKey: gasFiredKey });
    }
    void client.invalidateQueries({ queryKey: gasAlertsKey });
  }, [snapshot, networks.data, client]);
  return null;
}

/**
 * Mounted once in the app frame: every network with an alert is watched while a window is visible (so alerts
 * fire on any screen), sharing main's one poll per network with the dashboard.
 */
export function GasAlertWatcher() {
  const api = useApi();
  const alerts = useQuery(gasAlertsQuery(api));
  const networks = useQuery(networksQuery(api));
  // Alerts of a network that was deleted since stay in the store (and come back with it) but poll nothing.
  const known = new Set((networks.data ?? []).filter((network) => network.family === 'evm').map((network) => network.id));
  const networkIds = [...new Set((alerts.data ?? []).map((alert) => alert.networkId))].filter((networkId) => known.has(networkId));
  return (
    <>
      {networkIds.map((networkId) => (
        <WatchNetwork key={networkId} networkId={networkId} />
      ))}
    </>
  );
}

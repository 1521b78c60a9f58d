import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { FiredGasAlert } from '../../src-shared/gas/gasTypes';
import { useApi } from '../api/useApi';
import { SESSION_START } from '../lib/sessionStart';
import { gasFiredQuery } from '../queries/gasAlerts';
import { useGasAlertsSeen } from '../state/useGasAlertsSeen';

/**
 * Gas alerts fired since this window opened that the person has not seen yet, newest first: the app frame shows
 * them as notices and counts them on the sidebar's Gas entry, on whatever screen is open (desktop notifications
 * may be blocked; these never depend on them).
 */
export function useUnseenGasAlerts(): FiredGasAlert[] {
  const api = useApi();
  const fired = useQuery(gasFiredQuery(api));
  const seen = useGasAlertsSeen((state) => state.seen);
  return useMemo(() => (fired.data ?? []).filter((alert) => alert.at >= SESSION_START - 60_000 && !seen[alert.id]), [fired.data, seen]);
}

/** While mounted (the gas page), every fired alert is seen, those that fire meanwhile included. */
export function useSeeGasAlerts(): void {
  const api = useApi();
  const fired = useQuery(gasFiredQuery(api));
  const markSeen = useGasAlertsSeen((state) => state.markSeen);
  useEffect(() => {
    if (fired.data) markSeen(fired.data.map((alert) => alert.id));
  }, [fired.data, markSeen]);
}

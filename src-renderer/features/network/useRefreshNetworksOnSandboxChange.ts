import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveSubscription } from '../../hooks/useLiveSubscription';
import { networksKey } from '../../queries/networks';
import type { NetworkView } from '../../../src-shared/api/networks';
import { localNetworkAgrees } from './localNetworkAgrees';

/**
 * Refetches the network list whenever the sandbox's state changes, and once at its first state: the Local
 * network's addresses and its `available` flag come from the running sandbox, so a list fetched while it was
 * starting would otherwise say "not running" for good. The first list may be older than the first state (the
 * page asks for it before the app has loaded: app/askEarly.ts), so the first state refetches it too, unless that
 * list already says what the state says (Local available at the running sandbox's origin, or not available while it
 * is not running): a cold page then asks main for the list once, not twice.
 */
export function useRefreshNetworksOnSandboxChange(): void {
  const queryClient = useQueryClient();
  const { data } = useLiveSubscription('sandbox.status', {});
  const last = useRef<string | undefined>(undefined);
  const state = data ? `${data.state} ${data.origin ?? ''}` : undefined;
  useEffect(() => {
    if (state === undefined || data === undefined) return;
    const first = last.current === undefined;
    const agrees = first && localNetworkAgrees(queryClient.getQueryData<NetworkView[]>(networksKey), data);
    if (last.current !== state && !agrees) void queryClient.invalidateQueries({ queryKey: networksKey });
    last.current = state;
  }, [state, data, queryClient]);
}

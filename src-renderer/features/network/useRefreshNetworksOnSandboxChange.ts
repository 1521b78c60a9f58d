import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveSubscription } from '../../hooks/useLiveSubscription';
import { networksKey } from '../../queries/networks';

/**
 * Refetches the network list whenever the sandbox's state changes, and once at its first state: the Local
 * network's addresses and its `available` flag come from the running sandbox, so a list fetched while it was
 * starting would otherwise say "not running" for good. The first list may be older than the first state (the
 * page asks for it before the app has loaded: app/askEarly.ts), so the first state refetches it too.
 */
export function useRefreshNetworksOnSandboxChange(): void {
  const queryClient = useQueryClient();
  const { data } = useLiveSubscription('sandbox.status', {});
  const last = useRef<string | undefined>(undefined);
  const state = data ? `${data.state} ${data.origin ?? ''}` : undefined;
  useEffect(() => {
    if (state === undefined) return;
    if (last.current !== state) void queryClient.invalidateQueries({ queryKey: networksKey });
    last.current = state;
  }, [state, queryClient]);
}

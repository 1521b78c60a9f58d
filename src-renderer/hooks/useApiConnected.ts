import { useSyncExternalStore } from 'react';
import { useApi } from '../api/useApi';

/** Whether the pipe to main (IPC or the web host's WebSocket) is up now; re-renders when it drops or returns. */
export function useApiConnected(): boolean {
  const api = useApi();
  return useSyncExternalStore(
    (onChange) => api.onConnectionChange(() => onChange()),
    () => api.isConnected(),
    () => api.isConnected(),
  );
}

import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query client. Calls go over local IPC or a loopback socket, so a failure is a real answer
 * (the main side already retried its network work): retry once, not three times, and show the error.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 5_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

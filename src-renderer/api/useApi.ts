import { useContext } from 'react';
import { ApiContext } from './apiContext';
import type { ApiClient } from './createApiClient';

/** The API client from the nearest {@link ApiProvider}; throws when there is none (a wiring bug). */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi() needs an <ApiProvider> above it (see src-renderer/api/ApiProvider.tsx).');
  return client;
}

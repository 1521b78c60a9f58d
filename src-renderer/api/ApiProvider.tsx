import type { ReactNode } from 'react';
import { ApiContext } from './apiContext';
import type { ApiClient } from './createApiClient';

/** Gives the tree its API client: `connectApi()` in the app, `createFakeApiClient(...)` in tests. */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext value={client}>{children}</ApiContext>;
}

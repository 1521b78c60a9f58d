import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { onTestFinished } from 'vitest';
import { InMemoryRouter } from './InMemoryRouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiProvider } from '../api/ApiProvider';
import type { ApiClient } from '../api/createApiClient';
import { createFakeApiClient, type FakeApiHandlers } from '../api/createFakeApiClient';
import { createQueryClient } from '../app/createQueryClient';

/** What {@link renderWithApp} gives a test besides the render: the fake client, the query client, the paths visited. */
export interface AppRenderResult extends RenderResult {
  api: ApiClient;
  queryClient: QueryClient;
  /** Every path the router has been at, the first one included. */
  history: string[];
}

/**
 * Renders `ui` inside the providers main.tsx gives the app (the API client, the app's query client) and a
 * router, over the fake API client with the given handlers. The router keeps its location in memory, starting
 * at `path`, so links can be followed and the test reads where they went.
 */
export function renderWithApp(ui: ReactNode, { api: handlers = {}, path = '/' }: { api?: FakeApiHandlers; path?: string } = {}): AppRenderResult {
  const api = createFakeApiClient(handlers);
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  onTestFinished(() => {
    queryClient.clear();
    api.close();
  });
  const result = render(ui, {
    wrapper: ({ children }) => (
      <ApiProvider client={api}>
        <QueryClientProvider client={queryClient}>
          <InMemoryRouter location={location}>{children}</InMemoryRouter>
        </QueryClientProvider>
      </ApiProvider>
    ),
  });
  return { ...result, api, queryClient, history: location.history };
}

import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api/ApiProvider';
import { connectApi } from './api/connectApi';
import { App } from './app/App';
import { createQueryClient } from './app/createQueryClient';
import { headStart } from './app/headStart';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Connect before the first render: the web host's token is read from the URL fragment, which the
// router's first navigation would drop.
const client = connectApi();
const queryClient = createQueryClient();
headStart(client, queryClient, window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <ApiProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </ApiProvider>
  </StrictMode>,
);

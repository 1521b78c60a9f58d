import { createContext } from 'react';
import type { ApiClient } from './createApiClient';

/** The API client for the component tree; set by {@link ApiProvider}, read with `useApi()`. */
export const ApiContext = createContext<ApiClient | null>(null);

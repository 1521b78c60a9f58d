import { apiErrorOf } from '../lib/apiErrorOf';

/**
 * The retry policy of chain reads: they fail for good (not found, bad input) except while the Local sandbox is
 * still starting; then they wait for it (a deep link opened with the app) rather than showing an error that
 * cures itself. Spread into a query's or a mutation's options.
 */
export const untilSandboxRuns = { retry: (count: number, error: unknown) => apiErrorOf(error).code === 'LOCAL_NOT_RUNNING' && count < 120, retryDelay: 500 };

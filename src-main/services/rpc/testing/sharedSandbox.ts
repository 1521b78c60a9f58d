import { inject } from 'vitest';

/** The shared test sandbox of `vitest.sandbox-setup.ts` (its addresses, key, manifest, data folder). */
export type SharedSandbox = ReturnType<typeof inject<'sandbox'>>;

/**
 * The shared test sandbox, or a clear error when the run has none (`SKIP_SANDBOX_SETUP=1`): these suites
 * test against the real sandbox, never a stand-in.
 */
export function sharedSandbox(): SharedSandbox {
  const sandbox = inject('sandbox') as SharedSandbox | undefined;
  if (!sandbox) {
    throw new Error('These tests run against the shared test sandbox started by vitest.sandbox-setup.ts: run them without SKIP_SANDBOX_SETUP=1.');
  }
  return sandbox;
}

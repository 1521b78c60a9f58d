import { defineConfig } from 'vitest/config';

// Tiers, as vitest projects (all of them run in `npm test`):
// - `components`: the renderer's React pieces in a DOM (jsdom), over the fake API client; no process, no browser.
// - `main`: everything else, against one seeded sandbox for the whole run (vitest.sandbox-setup.ts);
//   SKIP_SANDBOX_SETUP=1 skips it for suites that start their own bare Anvil.
// The fault suite's table (vitest.faults-setup.ts) is printed at the end of any run that had fault tests.
const shared = { testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'components',
          include: ['src-renderer/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src-renderer/testing/domSetup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'main',
          include: ['src-*/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'test-support/**/*.test.ts'],
          globalSetup: ['./vitest.build-setup.ts', ...(process.env.SKIP_SANDBOX_SETUP === '1' ? [] : ['./vitest.sandbox-setup.ts']), './vitest.faults-setup.ts'],
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src-*/**/*.test.ts', 'src-*/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'test-support/**/*.test.ts'],
    // One seeded sandbox for every suite (see vitest.sandbox-setup.ts); SKIP_SANDBOX_SETUP=1 skips it
    // for suites that start their own bare Anvil.
    // The fault suite's table (vitest.faults-setup.ts) is printed at the end of any run that had fault tests.
    globalSetup: ['./vitest.build-setup.ts', ...(process.env.SKIP_SANDBOX_SETUP === '1' ? [] : ['./vitest.sandbox-setup.ts']), './vitest.faults-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

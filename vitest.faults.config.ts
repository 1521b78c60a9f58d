import { defineConfig } from 'vitest/config';

// `npm run test:faults`: only the fault suite (`*.fault.test.ts`), on the shared seeded sandbox, with its table
// printed at the end. The same files also run inside `npm test` (vitest.config.ts).
export default defineConfig({
  test: {
    include: ['src-*/**/*.fault.test.ts'],
    globalSetup: ['./vitest.build-setup.ts', './vitest.sandbox-setup.ts', './vitest.faults-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

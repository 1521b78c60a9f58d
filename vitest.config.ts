import { defineConfig } from 'vitest/config';

// Tiers, as vitest projects; all of them run in `npm test` (`npx vitest run --project <name>` runs one):
// - `components`: the renderer's React pieces in a DOM (jsdom) over the fake API client; no process, no browser.
// - `main`: pure tests, and integration tests against the one seeded sandbox of the run (vitest.sandbox-setup.ts)
//   or processes of their own (a bare Anvil, a sandbox on a copy of the seed). Most of their time is waiting on
//   those processes, so three files run at once on two cores.
// - `slow`: the fault suite (`*.fault.test.ts`) and the fuzzing (`*.fuzz.test.ts`): they kill processes and keep
//   both cores busy. They run beside the others (the same group, three files at a time in all): the run was
//   quicker than with them after the others, and no test was the worse for the company.
// The sandbox and the build are set up once for the run (the root's globalSetup: every project inherits what it
// provides); the fault table (vitest.faults-setup.ts) is printed at the end of any run that had fault tests.
const SLOW = ['src-*/**/*.fault.test.ts', 'src-*/**/*.fuzz.test.ts'];
const common = { testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    globalSetup: ['./vitest.build-setup.ts', './vitest.sandbox-setup.ts', './vitest.faults-setup.ts'],
    projects: [
      {
        test: {
          ...common,
          name: 'components',
          include: ['src-renderer/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src-renderer/testing/domSetup.ts'],
          sequence: { groupOrder: 0 },
          maxWorkers: 3,
        },
      },
      {
        test: {
          ...common,
          name: 'main',
          include: ['src-*/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'test-support/**/*.test.ts'],
          exclude: SLOW,
          sequence: { groupOrder: 0 },
          maxWorkers: 3,
        },
      },
      {
        test: {
          ...common,
          name: 'slow',
          include: SLOW,
          sequence: { groupOrder: 0 },
          maxWorkers: 3,
        },
      },
    ],
  },
});

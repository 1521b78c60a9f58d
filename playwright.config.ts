import { defineConfig } from '@playwright/test';

// End-to-end journeys run in Debian's Chromium (never a downloaded browser). The flags are the
// ones that work as root on a closed network: no sandbox, no GPU, no background connections.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  // Two workers on two cores: most of a journey is waiting on the app and its sandbox, not computing.
  workers: 2,
  reporter: [['list']],
  // A check waits up to 15 s for what it looks for (a check that fails still fails; it only fails later). On CI's
  // fresh two-core machine, a window's first page beside a starting node took more than the default 5 s twice:
  // the no-keychain notice once, a custom network's name after "Add network" beside a seeding Ganache once.
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

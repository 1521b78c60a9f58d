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

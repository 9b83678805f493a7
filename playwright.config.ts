import { defineConfig } from '@playwright/test';

/** Debian's Chromium; Playwright's own browser download is not available offline. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const port = Number(process.env.STACKSIZER_E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  outputDir: 'tests/output/results',
  // Two workers on CI's two cores: spec files run side by side (each
  // test has its own browser context and output file names).
  workers: 2,
  // The first Chromium start after installing it can take ~35 s.
  timeout: 90_000,
  reporter: [['list'], ['json', { outputFile: 'tests/output/playwright-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  webServer: {
    command: `node node_modules/vite/bin/vite.js preview --port ${port}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});

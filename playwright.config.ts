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
  // A loaded CI machine (the Wasm core and the renderer share two cores
  // with the browser) can take more than the default 5 s to settle a
  // figure; a passing assertion returns as soon as it holds.
  expect: { timeout: 15_000 },
  // On CI a test that fails is run once more; one that passes on the
  // second run is reported as flaky (npm test prints the count), never
  // hidden.
  retries: process.env.CI ? 1 : 0,
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

// What the browser timing scripts share: the built app served by `vite
// preview`, and Debian's Chromium.
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { root, bin, freePort } from '../scripts/lib.mjs';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Runs `measure(browser, url)` against the served app, then stops both.
 * `outDir`: another build of the renderer than `npm run build`'s.
 */
export async function withServedApp(preferredPort, measure, outDir) {
  const port = await freePort(preferredPort);
  const where = outDir ? ['--outDir', outDir] : [];
  const server = spawn(bin('vite'), ['preview', '--port', String(port), ...where], { cwd: root });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => String(chunk).includes(String(port)) && resolve());
    server.once('exit', (code) => reject(new Error(`vite preview exited with ${code}`)));
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    return await measure(browser, `http://127.0.0.1:${port}/`);
  } finally {
    await browser.close();
    server.kill();
  }
}

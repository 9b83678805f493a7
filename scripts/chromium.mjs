// Finds Debian's Chromium for the end-to-end tests, installing it with apt
// when running as root (Playwright's own browser download is not available offline).
import { existsSync } from 'node:fs';
import { step, run } from './lib.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const found = () => CANDIDATES.find((path) => existsSync(path)) ?? null;

/** Returns Chromium's path, or null after explaining how to install it. */
export function ensureChromium() {
  const existing = found();
  if (existing) return existing;
  if (process.getuid?.() === 0) {
    step('apt-get install chromium (once, about a minute)');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update'], { env }) === 0) {
      run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation'], {
        env,
      });
    }
    return found();
  }
  console.error(
    'Chromium is missing. Install it with: sudo apt-get install -y chromium fonts-liberation',
  );
  return null;
}

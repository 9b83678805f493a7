import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core's serious and critical violations on the page once its CSS
 * transitions have settled: a dialog still fading in or out has partial
 * opacity, which axe reads as low contrast. axe is injected as an inline
 * script, which the app's CSP rightly forbids: callers run with
 * `test.use({ bypassCSP: true })`.
 */
export async function seriousViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } })
      .axe;
    return axe.run();
  });
  return (results.violations as { id: string; impact: string; nodes: unknown[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
}

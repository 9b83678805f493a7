import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, rendererFile, serveRenderer } from './app-protocol';

const DIR = '/opt/stacksizer/renderer';

describe('app:// protocol', () => {
  it('maps app URLs to files inside the renderer folder only', () => {
    expect(rendererFile(APP_ENTRY_URL, DIR)).toBe(`${DIR}/index.html`);
    expect(rendererFile('app://stacksizer/assets/core_bg.wasm', DIR)).toBe(
      `${DIR}/assets/core_bg.wasm`,
    );
    expect(rendererFile('app://stacksizer/../../etc/passwd', DIR)).toBe(`${DIR}/etc/passwd`);
    expect(rendererFile('app://stacksizer/%2e%2e/%2e%2e/etc/passwd', DIR)).toBe(
      `${DIR}/etc/passwd`,
    );
    expect(rendererFile('app://stacksizer/a%2F..%2F..%2F..%2Fetc', DIR)).toBe(`${DIR}/etc`);
    expect(rendererFile('app://stacksizer/', DIR)).toBeNull();
    expect(rendererFile('app://other/index.html', DIR)).toBeNull();
    expect(rendererFile('file:///etc/passwd', DIR)).toBeNull();
    expect(rendererFile('app://stacksizer/%E0%A4%A', DIR)).toBeNull();
  });

  it('serves known types with the content security policy, and 404s the rest', async () => {
    const read = async (path: string) => new TextEncoder().encode(`content of ${path}`);
    const page = await serveRenderer(APP_ENTRY_URL, DIR, read);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toBe(`content of ${DIR}/index.html`);
    const wasm = await serveRenderer('app://stacksizer/assets/core.wasm', DIR, read);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect((await serveRenderer('app://stacksizer/run.exe', DIR, read)).status).toBe(404);
    const missing = async () => Promise.reject(new Error('ENOENT'));
    expect((await serveRenderer(APP_ENTRY_URL, DIR, missing)).status).toBe(404);
  });
});

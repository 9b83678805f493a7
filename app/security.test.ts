import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY, lockDownContents, secureWebPreferences } from './security';

describe('window security', () => {
  it('isolates and sandboxes the renderer', () => {
    expect(secureWebPreferences('/app/preload.js')).toMatchObject({
      preload: '/app/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });

  it('allows no remote origin and no eval beyond Wasm compilation', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => {
        const [name, ...values] = d.split(' ');
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|'unsafe-eval'|'unsafe-inline'|\*/);
  });

  it('denies new windows, navigation, webviews and permission requests', () => {
    const handlers = new Map<string, (event: { preventDefault: () => void }) => void>();
    let openHandler: (() => { action: string }) | undefined;
    let permissionHandler:
      ((c: unknown, p: string, callback: (granted: boolean) => void) => void) | undefined;
    let permissionCheck: (() => boolean) | undefined;
    const contents = {
      setWindowOpenHandler: (h: () => { action: string }) => (openHandler = h),
      on: (name: string, h: (event: { preventDefault: () => void }) => void) =>
        handlers.set(name, h),
      session: {
        setPermissionRequestHandler: (h: typeof permissionHandler) => (permissionHandler = h),
        setPermissionCheckHandler: (h: typeof permissionCheck) => (permissionCheck = h),
      },
    } as unknown as WebContents;

    lockDownContents(contents);

    expect(openHandler?.()).toEqual({ action: 'deny' });
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = { preventDefault: vi.fn() };
      handlers.get(name)?.(event);
      expect(event.preventDefault, name).toHaveBeenCalled();
    }
    const callback = vi.fn();
    permissionHandler?.(null, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(permissionCheck?.()).toBe(false);
  });

  it('packages with the security fuses flipped', () => {
    const config = readFileSync(new URL('../electron-builder.yml', import.meta.url), 'utf8');
    const fuses = Object.fromEntries(
      [...config.matchAll(/^ {2}(\w+): (true|false)$/gm)].map(([, name, value]) => [name, value]),
    );
    expect(fuses).toEqual({
      runAsNode: 'false',
      enableCookieEncryption: 'true',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
      grantFileProtocolExtraPrivileges: 'false',
    });
    expect(config).toMatch(/^asar: true$/m);
  });
});

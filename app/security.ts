// The security posture of every window, as plain data and small functions
// so tests can assert the real configuration without Electron.
import type { WebContents, WebPreferences } from 'electron';

/**
 * No remote origins at all; Wasm compilation is the only eval-like
 * permission ('wasm-unsafe-eval'). The renderer build injects the same
 * policy as a meta tag, so the browser build runs under it too.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    // Middle-click must not open links in new windows (Electronegativity AUXCLICK_JS_CHECK).
    disableBlinkFeatures: 'Auxclick',
  };
}

/** Denies navigation away from the app, new windows, and permission requests. */
export function lockDownContents(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  contents.session.setPermissionCheckHandler(() => false);
}

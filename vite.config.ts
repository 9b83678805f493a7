import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { CONTENT_SECURITY_POLICY } from './app/security.ts';

/** The browser build runs under the same CSP as the Electron window. */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'stacksizer-csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  root: 'src',
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  worker: { format: 'es' },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
  },
  preview: { host: '127.0.0.1', strictPort: true },
  test: {
    root: '.',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'app/**/*.test.ts', 'scripts/**/*.test.mjs'],
  },
});

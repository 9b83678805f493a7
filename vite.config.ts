import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { CONTENT_SECURITY_POLICY } from './app/security.ts';
import { dropUnusedBlueprint } from './src/styles/blueprintUnused.ts';

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

/**
 * Start-up fetches begin with the page: the core's Wasm module and the app
 * chunk that main.tsx loads by dynamic import were requested only once the
 * entry module had been fetched and run (docs/performance.md, cold start).
 */
function preloadStartUp(): Plugin {
  return {
    name: 'stacksizer-preload-start-up',
    apply: 'build',
    transformIndexHtml: (_html, { bundle }) => {
      const files = Object.values(bundle ?? {});
      const wasm = files.find((f) => /^assets\/stacksizer_core_bg-[^/]+\.wasm$/.test(f.fileName));
      const app = files.find((f) => f.type === 'chunk' && f.name === 'startApp');
      if (!wasm || !app || app.type !== 'chunk') {
        throw new Error('the start-up Wasm module or the startApp chunk is missing from the build');
      }
      const link = (rel: string, fileName: string, as?: string) => ({
        tag: 'link',
        attrs: { rel, href: `./${fileName}`, crossorigin: '', ...(as && { as }) },
        injectTo: 'head' as const,
      });
      // The entry's own imports are preloaded by Vite already.
      const entry = files.find((f) => f.type === 'chunk' && f.isEntry);
      const listed = new Set(entry?.type === 'chunk' ? entry.imports : []);
      const modules = [app.fileName, ...app.imports].filter((f) => !listed.has(f));
      return [
        link('preload', wasm.fileName, 'fetch'),
        ...modules.map((fileName) => link('modulepreload', fileName)),
      ];
    },
  };
}

export default defineConfig({
  root: 'src',
  base: './',
  plugins: [react(), contentSecurityPolicy(), preloadStartUp()],
  worker: { format: 'es' },
  css: { postcss: { plugins: [dropUnusedBlueprint()] } },
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

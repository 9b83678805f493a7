// The renderer is served from app://stacksizer/ instead of file://: a
// standard, secure origin of its own, so file:// keeps no extra privileges
// (the GrantFileProtocolExtraPrivileges fuse is off) and no page can reach
// files outside the renderer folder.
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, normalize, relative } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './security';

export const APP_SCHEME = 'app';
const APP_HOST = 'stacksizer';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Privileges registered before the app is ready: fetch (the Wasm) and module workers need them. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The renderer file an app:// URL names, or null for anything outside the renderer folder. */
export function rendererFile(url: string, rendererDir: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  const file = join(rendererDir, normalize(path));
  const inside = relative(rendererDir, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return file;
}

/** Answers one app:// request from the renderer folder; anything else is a 404. */
export async function serveRenderer(
  url: string,
  rendererDir: string,
  read: (path: string) => Promise<Uint8Array> = readFile,
): Promise<Response> {
  const file = rendererFile(url, rendererDir);
  const type = file ? CONTENT_TYPES[extname(file).toLowerCase()] : undefined;
  if (!file || !type) return new Response('Not found', { status: 404 });
  try {
    const body = await read(file);
    return new Response(body as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': type, 'content-security-policy': CONTENT_SECURITY_POLICY },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}

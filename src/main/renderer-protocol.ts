import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentSecurityPolicy } from './content-security-policy';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * The app:// scheme's handler: files from the built renderer folder only (no path escapes it),
 * and each HTML page with the console's CSP for the careers server configured right now. A plain
 * function of a Request, so the e2e test serves the renderer through this same code.
 */
export function createRendererHandler(
  rendererDir: string,
  apiServerUrl: () => Promise<string>,
): (request: Request) => Promise<Response> {
  const root = path.resolve(rendererDir);
  return async (request) => {
    const { pathname } = new URL(request.url);
    let relative: string;
    try {
      relative = path.normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    } catch {
      return new Response('Bad request', { status: 400 });
    }
    const file = path.join(root, relative || 'index.html');
    if (!file.startsWith(root + path.sep)) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      const headers: Record<string, string> = {
        'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
        'x-content-type-options': 'nosniff',
      };
      if (file.endsWith('.html'))
        headers['content-security-policy'] = contentSecurityPolicy(await apiServerUrl());
      return new Response(body, { headers });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  };
}

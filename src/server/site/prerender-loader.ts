import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { InitialData } from '../../shared/site/initial-data';
import { PRERENDER_DIR, PRERENDER_FILE, type Prerendered } from '../../shared/site/prerender';
import { createChildTask } from '../runtime/child-task';
import { BUNDLE_UNUSABLE, type PrerenderTask } from './prerender-task';

export interface PrerenderPage {
  (url: string, data: InitialData): Promise<Prerendered | undefined>;
  /**
   * Whether a page that went out as the plain shell may yet be drawn: false once the bundle is
   * known to be missing or unusable, so the shell is that page's final form.
   */
  mayDraw(): boolean;
}

/**
 * The web build's server-side prerender (src/web/prerender.tsx), found beside the web build.
 *
 * It runs in a child process that exists only while pages are being rendered: React and the
 * bundle are loaded there on the first page that asks, never at start, and all of that memory
 * goes back to the system once the process has been idle a while (a worker thread left about
 * 8 MB behind in the server for good). Pages are rendered once per change of the jobs and then
 * served from memory (see static-site.ts), so the process is rarely needed (see
 * docs/operations.md#memory).
 *
 * Without the bundle, or when prerendering fails, a page goes out empty and the browser renders
 * it, as it always can: a prerender problem is logged, never shown to a visitor.
 */
export function createPrerenderer(
  webDistDir: string,
  log: FastifyBaseLogger,
  options: { idleTimeoutMs?: number } = {},
): PrerenderPage & { close(): Promise<void> } {
  const file = path.join(path.dirname(webDistDir), PRERENDER_DIR, PRERENDER_FILE);
  const renderer = createChildTask({
    callerUrl: import.meta.url,
    name: 'prerender-process',
    idleTimeoutMs: options.idleTimeoutMs,
  });
  let usable: boolean | undefined;
  // Pages drawn in the background may still ask while the server closes: no process after that.
  let closed = false;

  const prerenderPage = async (url: string, data: InitialData) => {
    if (closed) return undefined;
    if (usable === undefined) {
      usable = existsSync(file);
      if (!usable) log.info({ file }, 'no prerender bundle: pages are rendered in the browser only');
    }
    if (!usable) return undefined;
    try {
      return await renderer.run<Prerendered>({ file, url, data } satisfies PrerenderTask);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(BUNDLE_UNUSABLE)) {
        // Nothing to gain from loading it again for every page.
        usable = false;
        log.error({ err: error, file }, 'the prerender bundle cannot be used');
      } else
        // The path only: a query is a visitor's search (docs/security.md#privacy-data-handling).
        log.error(
          { err: error, url: url.split('?')[0] },
          'prerender failed: the page goes out for the browser to render',
        );
      return undefined;
    }
  };
  const close = () => {
    closed = true;
    return renderer.close();
  };
  return Object.assign(prerenderPage, { close, mayDraw: () => usable !== false && !closed });
}

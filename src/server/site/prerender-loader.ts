import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { InitialData } from '../../shared/site/initial-data';
import { PRERENDER_DIR, PRERENDER_FILE, type Prerender, type Prerendered } from '../../shared/site/prerender';

export type PrerenderPage = (url: string, data: InitialData) => Promise<Prerendered | undefined>;

/**
 * The web build's server-side prerender (src/web/prerender.tsx), found beside the web build. It is
 * loaded on the first page that asks, not at start, so React never delays the first answer of a
 * fresh server. Without the bundle, or when prerendering fails, a page goes out empty and the
 * browser renders it, as it always can: a prerender problem is logged, never shown to a visitor.
 */
export function createPrerenderer(webDistDir: string, log: FastifyBaseLogger): PrerenderPage {
  const file = path.join(path.dirname(webDistDir), PRERENDER_DIR, PRERENDER_FILE);
  let loading: Promise<Prerender | undefined> | undefined;

  const load = async (): Promise<Prerender | undefined> => {
    if (!existsSync(file)) {
      log.info({ file }, 'no prerender bundle: pages are rendered in the browser only');
      return undefined;
    }
    try {
      const module = (await import(pathToFileURL(file).href)) as { prerender?: Prerender };
      if (typeof module.prerender === 'function') return module.prerender;
      log.error({ file }, 'the prerender bundle has no prerender function');
    } catch (error) {
      log.error({ err: error, file }, 'the prerender bundle failed to load');
    }
    return undefined;
  };

  return async (url, data) => {
    const prerender = await (loading ??= load());
    if (!prerender) return undefined;
    try {
      return await prerender(url, data);
    } catch (error) {
      log.error({ err: error, url }, 'prerender failed: the page goes out for the browser to render');
      return undefined;
    }
  };
}

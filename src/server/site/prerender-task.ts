import { pathToFileURL } from 'node:url';
import type { InitialData } from '../../shared/site/initial-data';
import type { Prerender, Prerendered } from '../../shared/site/prerender';

export interface PrerenderTask {
  /** The web build's prerender bundle. */
  file: string;
  url: string;
  data: InitialData;
}

/** Thrown when the bundle cannot be used at all (as opposed to one page failing to render). */
export const BUNDLE_UNUSABLE = 'prerender bundle unusable';

let loaded: { file: string; prerender: Prerender } | undefined;

/**
 * The prerender process's task (see prerender-process.ts): one page of the public site rendered
 * by the web build's prerender bundle, which is loaded once per process.
 */
export default async function prerenderPage({ file, url, data }: PrerenderTask): Promise<Prerendered> {
  if (loaded?.file !== file) {
    let module: { prerender?: Prerender };
    try {
      module = (await import(pathToFileURL(file).href)) as { prerender?: Prerender };
    } catch (error) {
      throw new Error(`${BUNDLE_UNUSABLE}: it failed to load`, { cause: error });
    }
    if (typeof module.prerender !== 'function')
      throw new Error(`${BUNDLE_UNUSABLE}: it has no prerender function`);
    loaded = { file, prerender: module.prerender };
  }
  return loaded.prerender(url, data);
}

import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { createDOMRenderer, renderToStyleElements } from '@griffel/react';
import type { InitialData } from '../shared/site/initial-data';
import type { Prerendered } from '../shared/site/prerender';
import { preloadScreens } from '../renderer/app/app-routes';
import { createAppStore } from '../renderer/store/store';
import type { Platform } from '../renderer/platform/platform';
import { primeStore } from './initial-data';
import { WebRoot } from './web-root';

/**
 * The server never signs anyone in: the first render is the signed-out one, as it is in the
 * browser until the stored session has been read (AppShell's effect), so the two agree.
 */
const serverPlatform: Platform = {
  kind: 'web',
  apiBaseUrl: '/api',
  tokenStore: {
    get: async () => null,
    set: async () => undefined,
    clear: async () => undefined,
  },
  saveCv: async () => 'cancelled',
  saveApplicantExport: async () => 'cancelled',
  saveEvidence: async () => 'cancelled',
  saveReportCsv: async () => 'cancelled',
  saveQrCode: async () => 'cancelled',
};

/**
 * Renders one page of the public site on the server (built by `npm run build:web` into
 * dist/web-prerender, loaded by src/server/site/static-site.ts), so the browser paints it before
 * any script has run. The lazy screens the page shows are loaded first, so one synchronous render
 * draws them whole rather than their loading state (the browser does the same before it hydrates,
 * src/web/start-app.tsx); the careers home page has none and renders at once.
 */
export async function prerender(url: string, data: InitialData): Promise<Prerendered> {
  await preloadScreens(new URL(url, 'http://prerender.invalid').pathname);
  const renderer = createDOMRenderer(undefined);
  const store = createAppStore(serverPlatform);
  primeStore(store, data);
  const markup = renderToString(
    <WebRoot store={store} initial={data} renderer={renderer} Router={routerAt(url)} />,
  );
  // A screen's <title> comes out first, in the root; the page's head already has the same title
  // (the server writes it), and React, hydrating, adopts that one: left in the body, the copy
  // would outlive the screen and keep its title on the next one.
  const html = markup.replace(/^<title>[^<]*<\/title>/, '');
  const styles = renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>);
  return { html, styles };
}

function routerAt(location: string) {
  return function ServerRouter({ children }: { children: React.ReactNode }) {
    return <StaticRouter location={location}>{children}</StaticRouter>;
  };
}

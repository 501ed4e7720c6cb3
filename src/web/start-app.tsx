import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createDOMRenderer } from '@griffel/react';
import { preloadScreens } from '../renderer/app/app-routes';
import { createAppStore } from '../renderer/store/store';
import { primeStore, readInitialData } from './initial-data';
import { createWebPlatform } from './web-platform';
import { WebRoot } from './web-root';

/** Starts the web app: hydrates the page the server prerendered, or renders it when the server did not. */
export function startApp({ prerendered }: { prerendered: boolean }): void {
  const store = createAppStore(createWebPlatform());
  const initial = readInitialData();
  if (initial) primeStore(store, initial);

  const container = document.getElementById('root')!;
  const tree = (
    <WebRoot store={store} initial={initial} renderer={createDOMRenderer(document)} Router={BrowserRouter} />
  );

  if (prerendered) {
    // A prerendered page (a job's page, say) may show lazy screens: their chunks are all asked for
    // now, side by side, rather than one after the other as each screen renders. Until they are
    // here, React leaves that part of the page as the server drew it (never a loading state) and
    // hydrates it once they arrive.
    void preloadScreens(window.location.pathname).catch(() => undefined);
    // The server sent this page prerendered (src/web/prerender.tsx). Hydrating in a transition lets
    // React yield to the browser between components instead of blocking it in one long task.
    startTransition(() => {
      hydrateRoot(container, tree);
    });
  } else {
    createRoot(container).render(tree);
  }
}

import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createDOMRenderer } from '@griffel/react';
import { preloadScreens } from '../renderer/app/app-routes';
import { createAppStore } from '../renderer/store/store';
import { primeStore, readInitialData } from './initial-data';
import { createWebPlatform } from './web-platform';
import { WebRoot } from './web-root';

// A prerendered page (a job's page, say) may show lazy screens. Their chunks are fetched before this
// module counts as loaded, so the entry hydrates the whole page in one pass: the server's HTML stays
// as it is meanwhile (never a loading state), and a press the entry replays once the app runs
// (src/web/main.tsx) reaches a hydrated screen rather than one still waiting for its code.
if (document.getElementById('root')?.firstElementChild) {
  // A chunk that fails to arrive is asked for again when its screen renders, which shows the error.
  await preloadScreens(window.location.pathname).catch(() => undefined);
}

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
    // The server sent this page prerendered (src/web/prerender.tsx). Hydrating in a transition lets
    // React yield to the browser between components instead of blocking it in one long task.
    startTransition(() => {
      hydrateRoot(container, tree);
    });
  } else {
    createRoot(container).render(tree);
  }
}

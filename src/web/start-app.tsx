import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createDOMRenderer } from '@griffel/react';
import { preloadScreens } from '../renderer/app/app-routes';
import { startSession } from '../renderer/app/app-shell';
import { createAppStore } from '../renderer/store/store';
import { primeStore, readInitialData } from './initial-data';
import { createWebPlatform } from './web-platform';
import { WebRoot } from './web-root';

/** How long a page the server did not draw stays blank while its code arrives, before a loading state. */
const CODE_WAIT_MS = 500;

/**
 * Starts the web app: hydrates the page the server prerendered, or renders it when the server did
 * not. Resolves once React has the page, from when it handles every press (the entry, main.tsx,
 * handles them until then).
 */
export async function startApp({ prerendered }: { prerendered: boolean }): Promise<void> {
  const store = createAppStore(createWebPlatform());
  const initial = readInitialData();
  if (initial) primeStore(store, initial);

  const container = document.getElementById('root')!;
  const tree = (
    <WebRoot store={store} initial={initial} renderer={createDOMRenderer(document)} Router={BrowserRouter} />
  );

  if (!prerendered) {
    // A page the server did not draw (an admin screen, say): the stored session and the role check
    // start now, and React's first render waits for the screen's code, so that it draws the screen
    // rather than a loading state React would then hold on screen for a while. A slow download
    // gets the loading state after a moment all the same (docs/architecture.md#the-web-entry).
    startSession(store);
    const code = preloadScreens(window.location.pathname)?.catch(() => undefined);
    if (code) await Promise.race([code, new Promise((resolve) => setTimeout(resolve, CODE_WAIT_MS))]);
    createRoot(container).render(tree);
    return;
  }
  // A page that shows lazy screens (a job's page) is hydrated once their chunks, all asked for now
  // side by side, have arrived: the page stays as the server drew it meanwhile, never a loading
  // state. A chunk that fails to arrive is asked for again as its screen renders, which shows the
  // error.
  await preloadScreens(window.location.pathname)?.catch(() => undefined);
  // The server sent this page prerendered (src/web/prerender.tsx). Hydrating in a transition lets
  // React yield to the browser between components instead of blocking it in one long task.
  startTransition(() => {
    hydrateRoot(container, tree);
  });
}

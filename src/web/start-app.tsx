import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createDOMRenderer } from '@griffel/react';
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
    // The server sent this page prerendered (src/web/prerender.tsx). Hydrating in a transition lets
    // React yield to the browser between components instead of blocking it in one long task.
    startTransition(() => {
      hydrateRoot(container, tree);
    });
  } else {
    createRoot(container).render(tree);
  }
}

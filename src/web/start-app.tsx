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

  if (!prerendered) {
    createRoot(container).render(tree);
    return;
  }
  // The server sent this page prerendered (src/web/prerender.tsx). Hydrating in a transition lets
  // React yield to the browser between components instead of blocking it in one long task.
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(container, tree);
    });
  // A page that shows lazy screens (a job's page) is hydrated once their chunks, all asked for now
  // side by side, have arrived; the page stays as the server drew it meanwhile, never a loading
  // state. So that a button pressed in that time (or the one the entry presses again as this
  // returns) is not lost, the last one is pressed again once the page is hydrated, as the entry
  // does: React then hydrates the part the press lands on at once, and handles it.
  const screens = preloadScreens(window.location.pathname);
  if (!screens) return hydrate();
  let pressed: HTMLButtonElement | null = null;
  const keepPress = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    pressed = button;
    // Not sent by the browser meanwhile (see the entry, main.tsx): pressed again once hydrated.
    if (button.type === 'submit' && button.form) event.preventDefault();
  };
  document.addEventListener('click', keepPress, true);
  // A chunk that fails to arrive is asked for again as its screen renders, which shows the error.
  void screens
    .catch(() => undefined)
    .then(() => {
      hydrate();
      document.removeEventListener('click', keepPress, true);
      if (pressed?.isConnected) pressed.click();
    });
}

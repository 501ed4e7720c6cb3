import { Suspense, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { restoreSession } from '../store/session-slice';
import { sessionApi } from '../store/session-api';
import { PlatformContext } from '../platform/platform';
import { NavigatorBridge } from './navigator-bridge';
import { PageLoading } from '../components/page-loading';
import type { AppStore } from '../store/store';

const sessionsStarted = new WeakSet<AppStore>();

/**
 * Reads the stored token once per store and, for a signed-in user, asks at once for the role check
 * every signed-in screen's guard waits for, while those screens' code is still loading rather than
 * once they render. AppShell starts it after its first render; the web entry starts it sooner for a
 * page the server did not prerender (a prerendered page is hydrated as a visitor's first).
 */
export function startSession(store: AppStore): void {
  if (sessionsStarted.has(store)) return;
  sessionsStarted.add(store);
  void store.dispatch(restoreSession()).then((restored) => {
    const user = restoreSession.fulfilled.match(restored) ? restored.payload : null;
    if (user) store.dispatch(sessionApi.util.prefetch('accountRole', user.email, {}));
  });
}

/**
 * What every face shares below its router: the store, the Platform, the navigator the base query
 * uses for 401/403, the stored session read once at start, and the theme. Each face hands in its
 * own routes (the web: the public site and /dashboard; the desktop console: login, /dashboard and
 * its settings screen), so a face never downloads screens it does not show.
 */
export function AppShell({ store, children }: { store: AppStore; children: ReactNode }) {
  useEffect(() => startSession(store), [store]);

  return (
    <Provider store={store}>
      <PlatformContext value={store.platform}>
        <NavigatorBridge navigator={store.navigator} />
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </PlatformContext>
    </Provider>
  );
}

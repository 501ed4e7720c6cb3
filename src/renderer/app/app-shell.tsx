import { Suspense, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { restoreSession } from '../store/session-slice';
import { sessionApi } from '../store/session-api';
import { PlatformContext } from '../platform/platform';
import { NavigatorBridge } from './navigator-bridge';
import { PageLoading } from '../components/page-loading';
import type { AppStore } from '../store/store';

/**
 * What every face shares below its router: the store, the Platform, the navigator the base query
 * uses for 401/403, the stored session read once at start, and the theme. Each face hands in its
 * own routes (the web: the public site and /dashboard; the desktop console: login, /dashboard and
 * its settings screen), so a face never downloads screens it does not show.
 */
export function AppShell({ store, children }: { store: AppStore; children: ReactNode }) {
  useEffect(() => {
    void store.dispatch(restoreSession()).then((restored) => {
      // The role check every signed-in screen's guard waits for is asked for as soon as the token
      // is read, while those screens' code is still loading, not once they render.
      const user = restoreSession.fulfilled.match(restored) ? restored.payload : null;
      if (user) store.dispatch(sessionApi.util.prefetch('accountRole', user.email, {}));
    });
  }, [store]);

  return (
    <Provider store={store}>
      <PlatformContext value={store.platform}>
        <NavigatorBridge navigator={store.navigator} />
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </PlatformContext>
    </Provider>
  );
}

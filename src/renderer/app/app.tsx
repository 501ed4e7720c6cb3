import { Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { restoreSession } from '../features/auth/auth-slice';
import { PlatformContext } from '../platform/platform';
import { AppRoutes } from './app-routes';
import { NavigatorBridge } from './navigator-bridge';
import { PageLoading } from './page-loading';
import type { AppStore } from './store';
import './theme.css';
import './global.css';

/**
 * The whole app below the router. The theme's values are CSS custom properties on :root
 * (theme.css, generated from theme.ts), so the header, footer and home page (styled with
 * makeStyles only) need no provider; Fluent components get theirs from <FluentScope>. Each entry supplies the router (browser on the web, hash on
 * desktop) and the store built with its Platform.
 */
export function App({ store }: { store: AppStore }) {
  useEffect(() => {
    void store.dispatch(restoreSession());
  }, [store]);

  return (
    <Provider store={store}>
      <PlatformContext value={store.platform}>
        <NavigatorBridge navigator={store.navigator} />
        <Suspense fallback={<PageLoading />}>
          <AppRoutes />
        </Suspense>
      </PlatformContext>
    </Provider>
  );
}

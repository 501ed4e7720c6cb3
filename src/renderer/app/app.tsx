import { AppRoutes } from './app-routes';
import { AppShell } from './app-shell';
import type { AppStore } from '../store/store';

/**
 * The web face below the router: the shared shell with the public site's routes and /dashboard.
 * The theme's values are CSS custom properties on :root (theme.css, generated from theme.ts), so
 * the header, footer and home page (styled with makeStyles only) need no provider; Fluent
 * components get theirs from <FluentScope>. The web entry supplies the browser router and the
 * store built with its Platform; the desktop console uses <AppShell> with its own routes.
 */
export function App({ store }: { store: AppStore }) {
  return (
    <AppShell store={store}>
      <AppRoutes />
    </AppShell>
  );
}

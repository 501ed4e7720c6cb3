import { isValidElement, type ComponentType } from 'react';
import { Route, matchRoutes, type RouteObject } from 'react-router-dom';
import {
  ADMIN_BASE,
  TEAM_BASE,
  screensOf,
  type Face,
  type ScreenRoute,
} from '../../shared/site/screen-routes';
import { lazyScreen, type LazyScreen } from '../lib/lazy-screen';

type ScreenModule = Record<string, ComponentType>;
type Load = () => Promise<ScreenModule>;

/**
 * Every module a row of the route table may name (its `screen.file`), each loaded as a chunk of
 * its own when its screen is first shown. The home page is left out: it is in the first download.
 * Vite fills in `import.meta.env` and this glob when it builds the app (and in the component
 * tests); the prerender run from the sources by tsx (server tests, `npm run dev`) has neither,
 * and imports the named module itself.
 */
const fromGlob =
  (modules: Record<string, Load>) =>
  (key: string): Load | undefined =>
    modules[key];
const fromSources =
  (key: string): Load =>
  () =>
    import(/* @vite-ignore */ key) as Promise<ScreenModule>;
const loaderOf = import.meta.env
  ? fromGlob(
      import.meta.glob<ScreenModule>([
        '../features/*/*-page.tsx',
        './pages/*-page.tsx',
        '!../features/jobs/careers-home-page.tsx',
        // Parts of a page composed in app/pages/, which stay in that page's chunk.
        '!../features/jobs/job-page.tsx',
        '!../features/applications/applications-list-page.tsx',
        '!./pages/application-detail-page.tsx',
        '!../features/privacy/privacy-page.tsx',
      ]),
    )
  : fromSources;

/** The glob's key for a file named from src/renderer. */
const moduleKey = (file: string) => (file.startsWith('app/') ? `./${file.slice(4)}.tsx` : `../${file}.tsx`);

// One lazy component per module and export: two addresses of one screen (/dashboard and
// /dashboard/all) show the same component, so moving between them keeps its state.
const lazyScreens = new Map<string, LazyScreen<object>>();

/** The lazy screen a row of the route table names. */
export function screenOf(route: ScreenRoute): LazyScreen<object> {
  if (!route.screen) throw new Error(`the route ${route.pattern} names no screen: its face draws it`);
  const { file, name } = route.screen;
  const key = `${file}#${name}`;
  let screen = lazyScreens.get(key);
  if (!screen) {
    const load = loaderOf(moduleKey(file));
    if (!load) throw new Error(`the route ${route.pattern} names ${file}, which is no screen module`);
    const loadNamed = () =>
      load().then((module) => {
        // A row naming an export its module lacks would otherwise draw nothing, silently.
        if (!(name in module)) throw new Error(`${file} exports no ${name} for the route ${route.pattern}`);
        return module;
      });
    lazyScreens.set(key, (screen = lazyScreen(loadNamed, name)));
  }
  return screen;
}

/** The face's screens outside the admin and team areas that the table names a module for, `except` those. */
export const publicScreensOf = (face: Face, except: readonly ScreenRoute[] = []): ScreenRoute[] =>
  screensOf(face).filter((route) => !route.admin && !route.team && route.screen && !except.includes(route));

/** The admin screens (the same on both faces). */
export const adminScreens = (): ScreenRoute[] => screensOf('web').filter((route) => route.admin);

/** The hiring team's screens (the same on both faces). */
export const teamScreens = (): ScreenRoute[] => screensOf('web').filter((route) => route.team === true);

/** `<Route>`s for `routes`, at their own addresses, or relative to `base` when given. */
export function routeElements(routes: readonly ScreenRoute[], base?: string) {
  return routes.map((route) => {
    const Screen = screenOf(route);
    const relative = base === undefined ? route.pattern : route.pattern.slice(base.length + 1);
    return relative === '' ? (
      <Route key={route.pattern} index element={<Screen />} />
    ) : (
      <Route key={route.pattern} path={relative} element={<Screen />} />
    );
  });
}

/**
 * Fetches the lazy screens that `routes` show at `pathname` and that have not arrived yet, all side
 * by side; undefined when there are none. A chunk that fails to arrive settles the promise as a
 * failure, and is asked for again when its screen renders, which shows the error.
 */
export function preloadMatchedScreens(
  routes: RouteObject[],
  pathname: string,
  basename?: string,
): Promise<unknown> | undefined {
  const missing = (matchRoutes(routes, pathname, basename) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    const screen = type as Partial<Pick<LazyScreen<unknown>, 'preload' | 'loaded'>> | undefined;
    return screen?.preload && screen.loaded && !screen.loaded() ? [screen.preload()] : [];
  });
  return missing.length > 0 ? Promise.all(missing) : undefined;
}

/** Where the admin routes are mounted: everything under the admin area. */
export const ADMIN_ROUTES_PATH = `${ADMIN_BASE}/*`;

/** Where the hiring team's routes are mounted: everything under the team's area. */
export const TEAM_ROUTES_PATH = `${TEAM_BASE}/*`;

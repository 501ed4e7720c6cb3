import { Suspense, useState } from 'react';
import { Route, Routes, createRoutesFromElements, useLocation, type RouteObject } from 'react-router-dom';
import { CareersHomePage } from '../features/jobs/careers-home-page';
import { JobAlertPlainForm } from '../features/job-alerts/job-alert-plain-form';
import { RefusedRequest } from '../features/site/refused-request';
import { PublicLayout } from '../layout/public-layout';
import { lazyScreen } from '../lib/lazy-screen';
import { useRefusal } from '../lib/refusal';
import { screens } from '../../shared/site/screen-routes';
import {
  ADMIN_ROUTES_PATH,
  TEAM_ROUTES_PATH,
  preloadMatchedScreens,
  publicScreensOf,
  routeElements,
} from './route-screens';

// The home page is in the first download; every other screen is its own chunk.
const FeedbackScope = lazyScreen(() => import('./feedback-scope'), 'FeedbackScope');
/** The job-alert sign-up under the careers search: its own chunk, drawn once the app runs. */
const JobAlertSignUp = lazyScreen(() => import('../features/job-alerts/job-alert-sign-up'), 'JobAlertSignUp');
const alertSignUp = (search: { query: string; description: string }) => (
  <Suspense fallback={null}>
    <JobAlertSignUp {...search} />
  </Suspense>
);
/** Its plain form, drawn by the server for a browser that runs no script (inside <noscript>). */
const alertPlainForm = (search: { query: string; description: string }) => <JobAlertPlainForm {...search} />;
const NotFoundPage = lazyScreen(() => import('../features/site/not-found-page'), 'NotFoundPage');

/**
 * Everything under /dashboard lives in this one lazy module with its own guard and layout, so none
 * of it reaches the public bundle. Its unknown paths show the public 404 screen handed in here.
 */
const AdminRoutes = lazyScreen(
  () =>
    import('./admin-routes').then(async (module) => {
      // The screen being opened comes with its routes, so the two arrive as one: no second
      // loading state, which React would hold on screen for a while before showing the screen.
      if (typeof window !== 'undefined') await module.preloadAdminScreen(window.location.pathname);
      return module;
    }),
  'AdminRoutes',
);
/** The hiring team's screens under /team, one lazy module likewise. */
const TeamRoutes = lazyScreen(() => import('./team-routes'), 'TeamRoutes');

// The web's screens are the route table's (src/shared/site/screen-routes.ts).
const routes = (
  <>
    <Route element={<PublicLayout />}>
      <Route
        path={screens.home.pattern}
        element={<CareersHomePage alertSignUp={alertSignUp} alertPlainForm={alertPlainForm} />}
      />
      <Route element={<FeedbackScope />}>
        {routeElements(publicScreensOf('web', [screens.home]))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>
    <Route element={<FeedbackScope />}>
      <Route
        path={ADMIN_ROUTES_PATH}
        element={
          <AdminRoutes
            notFound={
              <PublicLayout>
                <NotFoundPage />
              </PublicLayout>
            }
          />
        }
      />
      <Route
        path={TEAM_ROUTES_PATH}
        element={
          <TeamRoutes
            notFound={
              <PublicLayout>
                <NotFoundPage />
              </PublicLayout>
            }
          />
        }
      />
    </Route>
  </>
);

export function AppRoutes() {
  const refusal = useRefusal();
  const { key } = useLocation();
  // The entry the page was opened at (Back to it included): the server refused its address, and
  // the page says why, as the server drew it; any other is routed as usual.
  const [openedAt] = useState(key);
  if (refusal && key === openedAt)
    return (
      <PublicLayout>
        <RefusedRequest refusal={refusal} />
      </PublicLayout>
    );
  return <Routes>{routes}</Routes>;
}

/** The web's routes as react-router reads them (the admin and team screens are below their own paths). */
export const appRouteObjects: RouteObject[] = createRoutesFromElements(routes);

/**
 * Fetches the lazy screens the page at `pathname` shows that have not arrived yet (undefined when
 * there are none): a page the server prerendered is prerendered whole and hydrated in one pass,
 * never through its loading state, and a page it did not is first drawn with its code in
 * (docs/architecture.md#the-web-entry).
 */
export const preloadScreens = (pathname: string): Promise<unknown> | undefined =>
  preloadMatchedScreens(appRouteObjects, pathname);

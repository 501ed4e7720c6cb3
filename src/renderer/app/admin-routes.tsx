import { isValidElement, useEffect, type ReactNode } from 'react';
import { Route, Routes, createRoutesFromElements, matchRoutes, useLocation } from 'react-router-dom';
import { applicationAdminApi } from '../entities/application-admin-api';
import { firstPageArgs, readListFilter } from '../features/applications/application-filters';
import { adminJobsApi } from '../entities/admin-jobs-api';
import { ADMIN_BASE, isAtScreen, screens } from '../../shared/site/screen-routes';
import { AdminLayout } from '../layout/admin-layout';
import { RequireAdmin } from './require-admin';
import { NewApplicationsBadge } from './new-applications';
import { adminScreens, routeElements } from './route-screens';
import type { LazyScreen } from '../lib/lazy-screen';

// Each admin screen of the route table, each its own chunk: the job form does not wait for the
// applications table.
const screenRoutes = routeElements(adminScreens(), ADMIN_BASE);

/** The admin screens' routes as react-router reads them, below ADMIN_BASE. */
export const adminRouteObjects = createRoutesFromElements(screenRoutes);

/**
 * Starts fetching the code of the admin screen at `pathname` (the one the app was opened at), so
 * that it arrives while the guard waits for the role check rather than after
 * (docs/architecture.md#the-applications-list).
 */
export function preloadAdminScreen(pathname: string): void {
  for (const { route } of matchRoutes(adminRouteObjects, pathname, ADMIN_BASE) ?? []) {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    const screen = type as Partial<Pick<LazyScreen<unknown>, 'preload'>> | undefined;
    void screen?.preload?.().catch(() => undefined);
  }
}

/**
 * Starts fetching what a screen shows while the screen's own code is still loading, rather than
 * after: the list's first page (docs/architecture.md#the-applications-list), every application
 * for an application's Previous and Next, and the job posts for the dashboard. Rendered outside the
 * screens' Suspense boundary, so it runs while they wait for their code.
 */
function ScreenDataPrefetch() {
  const { pathname, search } = useLocation();
  const prefetchApplications = applicationAdminApi.usePrefetch('getApplications');
  const prefetchFirstPage = applicationAdminApi.usePrefetch('getApplicationsPage');
  const prefetchJobs = adminJobsApi.usePrefetch('getAdminJobs');
  useEffect(() => {
    const dashboard = isAtScreen(pathname, [screens.dashboard, screens.dashboardAll]);
    const list = isAtScreen(pathname, [screens.applications]);
    // The list's first page, as the list asks for it; the list asks for the rest once that is in.
    const firstPage = list ? firstPageArgs(readListFilter(search)) : undefined;
    if (dashboard) prefetchJobs();
    if (firstPage) prefetchFirstPage(firstPage);
    // The dashboard asks for every application itself, once its counts are drawn.
    else if (list || isAtScreen(pathname, [screens.application])) prefetchApplications();
    // Runs as the screen changes, not as the list's search writes the address as the admin types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, prefetchApplications, prefetchFirstPage, prefetchJobs]);
  return null;
}

/**
 * Everything under /dashboard: the guard, the dashboard layout and the admin screens. The web and
 * the desktop console both load this module lazily, so none of it is in a visitor's download. Any other path under /dashboard does not exist: it shows the face's
 * 404 screen (`notFound`), as the server's 404 status says, for signed-in admins and visitors alike.
 */
export function AdminRoutes({ notFound }: { notFound: ReactNode }) {
  return (
    <Routes>
      <Route
        element={
          <RequireAdmin>
            <ScreenDataPrefetch />
            <AdminLayout applicationsBadge={<NewApplicationsBadge />} />
          </RequireAdmin>
        }
      >
        {screenRoutes}
      </Route>
      <Route path="*" element={notFound} />
    </Routes>
  );
}

import { useEffect, type ReactNode } from 'react';
import { Route, Routes, createRoutesFromElements, useLocation } from 'react-router-dom';
import { applicationAdminApi } from '../entities/application-admin-api';
import { firstPageArgs, readListFilter } from '../features/applications/application-filters';
import { adminJobsApi } from '../entities/admin-jobs-api';
import { ADMIN_BASE, isAtScreen, screens } from '../../shared/site/screen-routes';
import { AdminLayout } from '../layout/admin-layout';
import { RequireAdmin } from './require-admin';
import { NewApplicationsBadge } from './new-applications';
import { adminScreens, preloadMatchedScreens, routeElements } from './route-screens';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { sessionApi } from '../store/session-api';

// Each admin screen of the route table, each its own chunk: the job form does not wait for the
// applications table.
const screenRoutes = routeElements(adminScreens(), ADMIN_BASE);

/** The admin screens' routes as react-router reads them, below ADMIN_BASE. */
export const adminRouteObjects = createRoutesFromElements(screenRoutes);

/**
 * Fetches the code of the admin screen at `pathname` (the one the app was opened at), so that it
 * arrives with the admin routes, while the guard waits for the role check rather than after
 * (docs/architecture.md#the-applications-list). Never fails: a chunk that did not arrive is asked
 * for again as its screen renders, which shows the error.
 */
export async function preloadAdminScreen(pathname: string): Promise<void> {
  await preloadMatchedScreens(adminRouteObjects, pathname, ADMIN_BASE)?.catch(() => undefined);
}

/**
 * Starts fetching what a screen shows while the screen's own code is still loading, rather than
 * after: the list's first page (docs/architecture.md#the-applications-list), every application
 * for an application's Previous and Next, the job posts for the dashboard, and the counts per stage
 * the menu's badge shows on every admin screen. It asks the moment
 * the server confirms an administrator (the role check the guard waits for), not once the guard
 * has drawn the layout; for anyone else it asks for nothing, since the server would refuse and a
 * refusal signs the user out.
 */
function ScreenDataPrefetch() {
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();
  const email = useAppSelector((state) => state.session.user?.email);
  useEffect(() => {
    if (!email) return;
    let current = true;
    const roleCheck = dispatch(sessionApi.endpoints.accountRole.initiate(email, { subscribe: false }));
    void roleCheck.then(({ data: role }) => {
      if (!current || role !== 'admin') return;
      const dashboard = isAtScreen(pathname, [screens.dashboard, screens.dashboardAll]);
      const list = isAtScreen(pathname, [screens.applications]);
      // The list's first page, as the list asks for it; the list asks for the rest once that is in.
      const firstPage = list ? firstPageArgs(readListFilter(search)) : undefined;
      if (dashboard) void dispatch(adminJobsApi.util.prefetch('getAdminJobs', undefined, {}));
      // The counts per stage: the dashboard's pipeline, and the menu's badge on every admin screen.
      void dispatch(applicationAdminApi.util.prefetch('getApplicationCounts', undefined, {}));
      if (firstPage) void dispatch(applicationAdminApi.util.prefetch('getApplicationsPage', firstPage, {}));
      // The dashboard asks for every application itself, once its counts are drawn.
      else if (list || isAtScreen(pathname, [screens.application]))
        void dispatch(applicationAdminApi.util.prefetch('getApplications', undefined, {}));
    });
    return () => {
      current = false;
    };
    // Runs as the screen changes, not as the list's search writes the address as the admin types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, email, pathname]);
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
          <>
            <ScreenDataPrefetch />
            <RequireAdmin>
              <AdminLayout applicationsBadge={<NewApplicationsBadge />} />
            </RequireAdmin>
          </>
        }
      >
        {screenRoutes}
      </Route>
      <Route path="*" element={notFound} />
    </Routes>
  );
}

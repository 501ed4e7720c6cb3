import { useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { applicationAdminApi } from '../features/applications/application-admin-api';
import { jobAdminApi } from '../features/jobs/job-admin-api';
import { lazyScreen } from '../lib/lazy-screen';
import { AdminLayout } from '../layout/admin-layout';
import { RequireAdmin } from './require-admin';
import { NewApplicationsBadge } from './new-applications';

// Each admin screen is its own chunk: the job form does not wait for the applications table.
const DashboardPage = lazyScreen(() => import('./pages/dashboard-page'), 'DashboardPage');
const CreateJobPage = lazyScreen(() => import('../features/jobs/job-form-page'), 'CreateJobPage');
const EditJobPage = lazyScreen(() => import('../features/jobs/job-form-page'), 'EditJobPage');
const ApplicationsListPage = lazyScreen(
  () => import('../features/applications/applications-list-page'),
  'ApplicationsListPage',
);
const ApplicationPage = lazyScreen(() => import('./pages/application-page'), 'ApplicationPage');
const ReplyTemplatesPage = lazyScreen(
  () => import('../features/applications/reply-templates-page'),
  'ReplyTemplatesPage',
);
const AccountPage = lazyScreen(() => import('../features/auth/account-page'), 'AccountPage');

/**
 * Starts fetching what a screen shows while the screen's own code is still loading, rather than
 * after: the applications (10,000 of them take a moment) for the dashboard, the list and an
 * application's Previous and Next, and the job posts for the dashboard. Rendered outside the
 * screens' Suspense boundary, so it runs while they wait for their code.
 */
function ScreenDataPrefetch() {
  const { pathname } = useLocation();
  const prefetchApplications = applicationAdminApi.usePrefetch('getApplications');
  const prefetchJobs = jobAdminApi.usePrefetch('getAdminJobs');
  useEffect(() => {
    const dashboard = /^\/dashboard(\/all)?\/?$/.test(pathname);
    if (dashboard) prefetchJobs();
    if (dashboard || /^\/dashboard\/application(s|\/[^/]+)\/?$/.test(pathname)) prefetchApplications();
  }, [pathname, prefetchApplications, prefetchJobs]);
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
        <Route index element={<DashboardPage />} />
        <Route path="all" element={<DashboardPage />} />
        <Route path="create" element={<CreateJobPage />} />
        <Route path="edit/:id" element={<EditJobPage />} />
        <Route path="applications" element={<ApplicationsListPage />} />
        <Route path="application/:id" element={<ApplicationPage />} />
        <Route path="templates" element={<ReplyTemplatesPage />} />
        <Route path="account" element={<AccountPage />} />
      </Route>
      <Route path="*" element={notFound} />
    </Routes>
  );
}

import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyScreen } from '../../app/lazy-screen';
import { DashboardLayout } from '../../layout/dashboard-layout';
import { RequireAdmin } from '../auth/require-admin';

// Each admin screen is its own chunk: the job form does not wait for the applications table.
const DashboardPage = lazyScreen(() => import('./dashboard-page'), 'DashboardPage');
const CreateJobPage = lazyScreen(() => import('../jobs/job-form-page'), 'CreateJobPage');
const EditJobPage = lazyScreen(() => import('../jobs/job-form-page'), 'EditJobPage');
const ApplicationsListPage = lazyScreen(
  () => import('../applications/applications-list-page'),
  'ApplicationsListPage',
);
const ApplicationDetailPage = lazyScreen(
  () => import('../applications/application-detail-page'),
  'ApplicationDetailPage',
);

/**
 * Everything under /dashboard: the guard, the dashboard layout and the admin screens. The web and
 * the desktop console both load this module lazily, so none of it is in a visitor's download. Any other path under /dashboard does not exist: it shows the face's
 * 404 screen (`notFound`), as the server's 404 status says, for signed-in admins and visitors alike.
 */
export function DashboardRoutes({ notFound }: { notFound: ReactNode }) {
  return (
    <Routes>
      <Route
        element={
          <RequireAdmin>
            <DashboardLayout />
          </RequireAdmin>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="all" element={<DashboardPage />} />
        <Route path="create" element={<CreateJobPage />} />
        <Route path="edit/:id" element={<EditJobPage />} />
        <Route path="applications" element={<ApplicationsListPage />} />
        <Route path="application/:id" element={<ApplicationDetailPage />} />
      </Route>
      <Route path="*" element={notFound} />
    </Routes>
  );
}

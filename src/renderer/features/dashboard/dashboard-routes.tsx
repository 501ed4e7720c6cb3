import { Navigate, Route, Routes } from 'react-router-dom';
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
 * Everything under /dashboard (spec section 2, admin routes): the guard, the dashboard layout and
 * the admin screens. The web and the desktop console both load this module lazily, so none of it
 * is in a visitor's download.
 */
export function DashboardRoutes() {
  return (
    <RequireAdmin>
      <Routes>
        <Route element={<DashboardLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="all" element={<DashboardPage />} />
          <Route path="create" element={<CreateJobPage />} />
          <Route path="edit/:id" element={<EditJobPage />} />
          <Route path="applications" element={<ApplicationsListPage />} />
          <Route path="application/:id" element={<ApplicationDetailPage />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </RequireAdmin>
  );
}

import { Navigate, Route, Routes } from 'react-router-dom';
import { FeedbackScope } from '../app/feedback-scope';
import { lazyScreen } from '../lib/lazy-screen';
import { DesktopFrame } from './desktop-frame';
import type { DesktopConsole } from './desktop-platform';
import { OnTheWebsitePage } from './on-the-website-page';
import { SettingsPage } from './settings-page';

// The same screens as the web dashboard, unchanged: the shared login page and the admin routes.
const LoginPage = lazyScreen(() => import('../features/auth/login-page'), 'LoginPage');
const ForgotPasswordPage = lazyScreen(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const AdminRoutes = lazyScreen(() => import('../app/admin-routes'), 'AdminRoutes');
const NotFoundPage = lazyScreen(() => import('../features/site/not-found-page'), 'NotFoundPage');

/**
 * The console's routes: login (with "Forgot password?"), the admin dashboard (behind the shared
 * guard) and settings. The
 * public site is not part of the console; its paths lead to a link to the website instead.
 */
export function DesktopRoutes({ console: desktop }: { console: DesktopConsole }) {
  return (
    <Routes>
      <Route element={<FeedbackScope />}>
        <Route element={<DesktopFrame console={desktop} />}>
          <Route index element={<Navigate to="/dashboard" replace />} />
          <Route path="login" element={<LoginPage />} />
          {/* The e-mailed link opens the website's reset screen in the browser. */}
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="settings" element={<SettingsPage console={desktop} />} />
          <Route path="dashboard/*" element={<AdminRoutes notFound={<NotFoundPage />} />} />
          <Route path="*" element={<OnTheWebsitePage websiteUrl={desktop.settings.apiServerUrl} />} />
        </Route>
      </Route>
    </Routes>
  );
}

import { Navigate, Route, Routes } from 'react-router-dom';
import { screens } from '../../shared/site/screen-routes';
import { FeedbackScope } from '../app/feedback-scope';
import { ADMIN_ROUTES_PATH, TEAM_ROUTES_PATH, publicScreensOf, routeElements } from '../app/route-screens';
import { lazyScreen } from '../lib/lazy-screen';
import { DesktopFrame } from './desktop-frame';
import type { DesktopConsole } from './desktop-platform';
import { OnTheWebsitePage } from './on-the-website-page';
import { SettingsPage } from './settings-page';

// The same screens as the web dashboard, unchanged: the shared login page and the admin routes.
const AdminRoutes = lazyScreen(() => import('../app/admin-routes'), 'AdminRoutes');
const TeamRoutes = lazyScreen(() => import('../app/team-routes'), 'TeamRoutes');
const NotFoundPage = lazyScreen(() => import('../features/site/not-found-page'), 'NotFoundPage');

/**
 * The console's routes: the route table's screens for the console (login with "Forgot
 * password?", the admin dashboard and the hiring team's screens behind their shared guards) and
 * settings. The console opens on the dashboard, whose guard sends the team on to /team. The
 * public site is not part of the console; its paths lead to a link to the website instead.
 */
export function DesktopRoutes({ console: desktop }: { console: DesktopConsole }) {
  return (
    <Routes>
      <Route element={<FeedbackScope />}>
        <Route element={<DesktopFrame console={desktop} />}>
          <Route index element={<Navigate to={screens.dashboard.path()} replace />} />
          {routeElements(publicScreensOf('desktop'))}
          <Route path={screens.settings.pattern} element={<SettingsPage console={desktop} />} />
          <Route path={ADMIN_ROUTES_PATH} element={<AdminRoutes notFound={<NotFoundPage />} />} />
          <Route path={TEAM_ROUTES_PATH} element={<TeamRoutes notFound={<NotFoundPage />} />} />
          <Route path="*" element={<OnTheWebsitePage websiteUrl={desktop.settings.apiServerUrl} />} />
        </Route>
      </Route>
    </Routes>
  );
}

import type { ReactNode } from 'react';
import { Route, Routes, createRoutesFromElements } from 'react-router-dom';
import { TEAM_BASE } from '../../shared/site/screen-routes';
import { AdminLayout } from '../layout/admin-layout';
import { RequireTeam } from './require-team';
import { routeElements, teamScreens } from './route-screens';

// Each screen of the hiring team's area, each its own chunk.
const screenRoutes = routeElements(teamScreens(), TEAM_BASE);

/** The team screens' routes as react-router reads them, below TEAM_BASE. */
export const teamRouteObjects = createRoutesFromElements(screenRoutes);

/**
 * Everything under /team: the team's guard, the frame with the team's drawer, and the team's
 * screens. Loaded lazily by the web and the console alike, so a visitor never downloads it; any
 * other path under /team shows the face's 404 screen (`notFound`).
 */
export function TeamRoutes({ notFound }: { notFound: ReactNode }) {
  return (
    <Routes>
      <Route
        element={
          <RequireTeam>
            <AdminLayout area="team" />
          </RequireTeam>
        }
      >
        {screenRoutes}
      </Route>
      <Route path="*" element={notFound} />
    </Routes>
  );
}

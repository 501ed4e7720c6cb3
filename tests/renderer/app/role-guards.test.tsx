import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { screens } from '../../../src/shared/site/screen-routes';
import { AdminRoutes } from '../../../src/renderer/app/admin-routes';
import { ADMIN_ROUTES_PATH } from '../../../src/renderer/app/route-screens';
import { RequireAdmin } from '../../../src/renderer/app/require-admin';
import { RequireTeam } from '../../../src/renderer/app/require-team';
import { adminStore, stubApi, stubMatchMedia } from '../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../support/test-utils';

afterEach(() => vi.unstubAllGlobals());

/** The server's answer to the role check, as the signed-in account's role. */
const signedInAs = (role: string) =>
  stubApi((call) =>
    call.path.startsWith('/admin/') ? jsonResponse(200, { admin: role === 'admin', role }) : undefined,
  );

describe('each role goes to its own screens', () => {
  it.each([
    ['a hiring manager', 'hiring-manager', screens.teamHome.path()],
    ['an interviewer', 'interviewer', screens.teamHome.path()],
    ['a plain account', 'user', screens.login.path()],
  ])('the admin guard sends %s (%s) to %s', async (_who, role, home) => {
    signedInAs(role);
    renderScreen(
      <RequireAdmin>
        <p>admin screen</p>
      </RequireAdmin>,
      // Drawn only at its own address, so the guard does not run again where it sent the person.
      { store: await adminStore(), route: screens.applications.path(), path: screens.applications.path() },
    );
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(home));
    expect(screen.queryByText('admin screen')).toBeNull();
  });

  it.each([
    ['an administrator', 'admin', screens.dashboard.path()],
    ['a plain account', 'user', screens.login.path()],
  ])('the team guard sends %s (%s) to %s', async (_who, role, home) => {
    signedInAs(role);
    renderScreen(
      <RequireTeam>
        <p>team screen</p>
      </RequireTeam>,
      { store: await adminStore(), route: screens.teamHome.path(), path: screens.teamHome.path() },
    );
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(home));
    expect(screen.queryByText('team screen')).toBeNull();
  });

  it.each([
    ['an administrator', 'admin', RequireAdmin, screens.dashboard.path()],
    ['a hiring manager', 'hiring-manager', RequireTeam, screens.teamHome.path()],
    ['an interviewer', 'interviewer', RequireTeam, screens.teamHome.path()],
  ])('lets %s into their own screens', async (_who, role, Guard, address) => {
    signedInAs(role);
    renderScreen(
      <Guard>
        <p>own screen</p>
      </Guard>,
      { store: await adminStore(), route: address },
    );
    expect(await screen.findByText('own screen')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(address);
  });

  it('lets an administrator in when the server answers the admin flag alone (a server older than the console)', async () => {
    stubApi((call) => (call.path.startsWith('/admin/') ? jsonResponse(200, { admin: true }) : undefined));
    renderScreen(
      <RequireAdmin>
        <p>own screen</p>
      </RequireAdmin>,
      { store: await adminStore(), route: screens.dashboard.path() },
    );
    expect(await screen.findByText('own screen')).toBeInTheDocument();
  });
});

describe("the admin screens' data, asked for beside the role check", () => {
  const adminArea = async (role: string) => {
    stubMatchMedia();
    const calls = signedInAs(role);
    const { store } = renderScreen(<AdminRoutes notFound={<p>not found</p>} />, {
      store: await adminStore(),
      route: screens.applications.path(),
      path: ADMIN_ROUTES_PATH,
    });
    return { calls, store };
  };

  it('asks for the list and the counts once the server confirms an administrator', async () => {
    const { calls } = await adminArea('admin');
    await vi.waitFor(() =>
      expect(calls.map((call) => call.path)).toEqual(
        expect.arrayContaining(['/applications?limit=50', '/applications/counts']),
      ),
    );
    // The role check came first: nothing was asked of the admin area before its answer.
    expect(calls[0]?.path).toMatch(/^\/admin\//);
  });

  it.each([
    ['a hiring manager', 'hiring-manager', screens.teamHome.path()],
    ['a plain account', 'user', screens.login.path()],
  ])('asks nothing of the admin area for %s, who stays signed in', async (_who, role, home) => {
    const { calls, store } = await adminArea(role);
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(home));
    // Give a stray request time to start: the server would refuse it, and a refusal signs out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.path).filter((path) => !path.startsWith('/admin/'))).toEqual([]);
    expect(store.getState().session.user?.email).toBe('ada@example.com');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { screens } from '../../../src/shared/site/screen-routes';
import { RequireAdmin } from '../../../src/renderer/app/require-admin';
import { RequireTeam } from '../../../src/renderer/app/require-team';
import { adminStore, stubApi } from '../support/hiring-fixtures';
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
      { store: await adminStore(), route: screens.applications.path() },
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
      { store: await adminStore(), route: screens.teamHome.path() },
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

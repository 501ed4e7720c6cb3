import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountRole } from '../../../../src/shared/team/team-contract';
import { screens } from '../../../../src/shared/site/screen-routes';
import { LoginPage } from '../../../../src/renderer/features/auth/login-page';
import { stubApi } from '../../support/hiring-fixtures';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../../support/test-utils';

/**
 * Where a login lands: each role on its own work (administrators the dashboard, the hiring team
 * /team), unless the user came from a page their role may open, which still wins.
 */

afterEach(() => vi.unstubAllGlobals());

const EMAIL = 'sam@example.com';

/** The login as the server answers it for an account of `role`; answers once the form is sent. */
async function logInAs(role: AccountRole, from?: { pathname: string; search?: string; hash?: string }) {
  const token = fakeToken({ email: EMAIL, name: 'Sam', exp: inSeconds(3600), gen: 0 });
  stubApi((call) =>
    call.path === '/login'
      ? jsonResponse(200, { token })
      : call.path.startsWith('/admin/')
        ? jsonResponse(200, { admin: role === 'admin', role })
        : undefined,
  );
  const user = userEvent.setup();
  renderScreen(<LoginPage />, {
    route: { pathname: '/login', state: from ? { from } : null },
    platform: memoryPlatform().platform,
  });
  await user.type(screen.getByRole('textbox', { name: /Email/ }), EMAIL);
  await user.type(screen.getByLabelText(/^Password/), 'sam-password-long');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const landsOn = (path: string) =>
  // The login, the token's keeping and the role check are three steps: room for a loaded machine.
  waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`)), {
    timeout: 5000,
  });

describe('the landing after logging in', () => {
  it('takes an administrator who just opened the login to the dashboard', async () => {
    await logInAs('admin');
    await landsOn(screens.dashboard.path());
  });

  it.each(['hiring-manager', 'interviewer'] as const)('takes a %s to their work', async (role) => {
    await logInAs(role);
    await landsOn(screens.teamHome.path());
  });

  it('takes an interviewer sent away from the dashboard to their work, not back to a page they may not open', async () => {
    await logInAs('interviewer', { pathname: '/dashboard/applications', search: '?stage=new' });
    await landsOn(screens.teamHome.path());
  });

  it('returns a team member to the page of theirs they came from, query and hash included', async () => {
    const application = screens.teamApplication.path({ id: '00000000-0000-4000-8000-00000000a001' });
    await logInAs('hiring-manager', { pathname: application, search: '?x=1', hash: '#cv' });
    await landsOn(application);
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?x=1');
  });

  it('returns an administrator to the admin page they came from, and never to the team’s or another site', async () => {
    await logInAs('admin', { pathname: '/dashboard/applications', search: '?stage=new' });
    await landsOn('/dashboard/applications');
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?stage=new');
  });

  it.each([
    ['a team page', screens.teamHome.path()],
    ['another site', '//evil.example/dashboard'],
  ])('sends an administrator who came from %s to the dashboard', async (_label, pathname) => {
    await logInAs('admin', { pathname });
    await landsOn(screens.dashboard.path());
  });
});

describe('the login card after a password was set', () => {
  it('has the address filled in, so only the password is left to type', () => {
    stubApi();
    renderScreen(<LoginPage />, {
      route: { pathname: '/login', state: { email: 'new.member@example.com' } },
    });
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('new.member@example.com');
    expect(screen.getByText('Administrators and the hiring team log in here.')).toBeInTheDocument();
  });
});

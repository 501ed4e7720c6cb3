import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../src/shared/messages';
import { LoginPage } from '../../../../src/renderer/features/auth/login-page';
import { ChangePasswordCard } from '../../../../src/renderer/features/auth/change-password-card';
import { TwoFactorCard } from '../../../../src/renderer/features/auth/two-factor-card';
import type { AccountAnswer } from '../../../../src/shared/auth/account-contract';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../../support/test-utils';

/**
 * The login's code step, the change-password form and the set-up of two-step verification, with
 * the server answered by a stub.
 */

afterEach(() => vi.unstubAllGlobals());

function stubServer(answer: (path: string, body: any) => Response) {
  const calls: { path: string; body: any }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      const body =
        request.method === 'GET'
          ? undefined
          : await request
              .clone()
              .json()
              .catch(() => undefined);
      calls.push({ path, body });
      return answer(path, body);
    }),
  );
  return calls;
}

describe('the login with two-step verification', () => {
  it('asks for the code after the password, sends it with the challenge, then signs in', async () => {
    const token = fakeToken({ email: 'ava@example.com', name: 'Ava', exp: inSeconds(3600), gen: 0 });
    const calls = stubServer((path) => {
      if (path === '/login')
        return jsonResponse(200, { twoFactorRequired: true, challenge: 'the-challenge' });
      if (path === '/auth/two-factor/verify') return jsonResponse(200, { token });
      return jsonResponse(200, { admin: true });
    });
    const { platform, state } = memoryPlatform();
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { route: '/login', platform });

    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ava@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'ava-password-long');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const title = await screen.findByRole('heading', { level: 1, name: 'Two-step verification' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(state.token).toBeNull();

    // A malformed code is caught before anything is sent.
    await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(messages.twoFactorCodeFormat)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/two-factor/verify')).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: /Authentication code/ }));
    await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // An administrator who just opened the login lands on their dashboard.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(calls.find((call) => call.path === '/auth/two-factor/verify')?.body).toEqual({
      challenge: 'the-challenge',
      code: '123456',
    });
    expect(state.token).toBe(token);
  });

  it('takes on the step a first password set through an invitation hands over, without the password again', async () => {
    const token = fakeToken({ email: 'tariq@example.com', name: 'Tariq', exp: inSeconds(3600), gen: 0 });
    const calls = stubServer((path) => {
      if (path === '/auth/two-factor/verify') return jsonResponse(200, { token });
      return jsonResponse(200, { admin: false, role: 'interviewer' });
    });
    const { platform, state } = memoryPlatform();
    const user = userEvent.setup();
    renderScreen(<LoginPage />, {
      route: {
        pathname: '/login',
        state: { email: 'tariq@example.com', secondStep: { kind: 'verify', challenge: 'handed-over' } },
      },
      platform,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // A member of the hiring team lands on their work.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/team$/));
    expect(calls.find((call) => call.path === '/auth/two-factor/verify')?.body).toEqual({
      challenge: 'handed-over',
      code: '123456',
    });
    expect(calls.some((call) => call.path === '/login')).toBe(false);
    expect(state.token).toBe(token);
  });

  it('shows the server’s refusal of a code and keeps the step', async () => {
    stubServer((path) =>
      path === '/login'
        ? jsonResponse(200, { twoFactorRequired: true, challenge: 'c' })
        : jsonResponse(401, { message: messages.twoFactorCodeWrong }),
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { route: '/login' });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ava@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'ava-password-long');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.twoFactorCodeWrong);
    expect(screen.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeInTheDocument();
  });
});

/** Every aria-labelledby and aria-describedby under `root` that names an id no element has. */
function danglingAriaReferences(root: HTMLElement): string[] {
  return [...root.querySelectorAll('[aria-labelledby], [aria-describedby]')].flatMap((element) =>
    ['aria-labelledby', 'aria-describedby'].flatMap((attribute) =>
      (element.getAttribute(attribute) ?? '')
        .split(/\s+/)
        .filter((id) => id && !document.getElementById(id))
        .map((id) => `${attribute}="${id}" on ${element.outerHTML.slice(0, 80)}`),
    ),
  );
}

describe('the message bars of the login screen', () => {
  it('name nothing that is not there: the notice, and the refusal of a wrong password', async () => {
    stubServer(() => jsonResponse(401, { message: messages.invalidCredentials }));
    const user = userEvent.setup();
    const { container } = renderScreen(<LoginPage />, { route: '/login' });
    expect(screen.getByText('Administrators and the hiring team log in here.')).toBeInTheDocument();
    expect(danglingAriaReferences(container)).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ava@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password-long');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidCredentials);
    expect(danglingAriaReferences(container)).toEqual([]);
  });
});

describe('the login with the password alone', () => {
  it('keeps the token and goes back to the page the user was heading for', async () => {
    const token = fakeToken({ email: 'ava@example.com', name: 'Ava', exp: inSeconds(3600), gen: 0 });
    stubServer((path) =>
      path === '/login' ? jsonResponse(200, { token }) : jsonResponse(200, { admin: true }),
    );
    const { platform, state } = memoryPlatform();
    const user = userEvent.setup();
    const { store } = renderScreen(<LoginPage />, {
      route: {
        pathname: '/login',
        state: { from: { pathname: '/dashboard/applications', search: '?stage=new' } },
      },
      platform,
    });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ava@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'ava-password-long');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/applications'));
    expect(state.token).toBe(token);
    expect(store.getState().session.user).toEqual({ email: 'ava@example.com', name: 'Ava' });
  });

  it('shows why a token could not be kept, and the form can be sent again', async () => {
    const token = fakeToken({ email: 'ava@example.com', name: 'Ava', exp: inSeconds(3600), gen: 0 });
    stubServer(() => jsonResponse(200, { token }));
    const { platform } = memoryPlatform();
    vi.mocked(platform.tokenStore.set).mockRejectedValueOnce(new Error('The keychain is locked.'));
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { route: '/login', platform });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ava@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'ava-password-long');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The keychain is locked.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

describe('the change-password form', () => {
  it('checks the length and the match in the browser, sending nothing', async () => {
    const calls = stubServer(() => jsonResponse(500, { message: 'unexpected' }));
    const user = userEvent.setup();
    renderScreen(<ChangePasswordCard />, { route: '/dashboard/account' });
    await user.type(screen.getByLabelText(/^Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'short-one');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'short-two');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.adminPasswordTooShort)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordsDontMatch)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('keeps the token the server answers, so this device stays signed in', async () => {
    const renewed = fakeToken({ email: 'ava@example.com', name: 'Ava', exp: inSeconds(3600), gen: 1 });
    const calls = stubServer(() => jsonResponse(200, { token: renewed }));
    const { platform, state } = memoryPlatform('old-token');
    const user = userEvent.setup();
    renderScreen(<ChangePasswordCard />, { route: '/dashboard/account', platform });
    await user.type(screen.getByLabelText(/^Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'lantern-orchard-velvet-42');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'lantern-orchard-velvet-42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.passwordChanged)).toBeInTheDocument();
    expect(calls[0]).toEqual({
      path: '/auth/change-password',
      body: { currentPassword: 'old-password', newPassword: 'lantern-orchard-velvet-42' },
    });
    expect(state.token).toBe(renewed);
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });
});

const SETUP_ANSWER = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Careers:ava%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcde-fghj${i}`);

const accountWithout2fa: AccountAnswer = {
  email: 'ava@example.com',
  name: 'Ava',
  twoFactorEnabled: false,
  twoFactorRequired: false,
  recoveryCodesLeft: 0,
  adjustmentsContact: false,
  events: [],
};

describe('setting up two-step verification on the account screen', () => {
  it('asks for the password first and sends it with the set-up and with the first code', async () => {
    const calls = stubServer((path) =>
      path === '/auth/two-factor/setup'
        ? jsonResponse(200, SETUP_ANSWER)
        : jsonResponse(200, { recoveryCodes: RECOVERY_CODES }),
    );
    const user = userEvent.setup();
    renderScreen(<TwoFactorCard account={accountWithout2fa} />, { route: '/dashboard/account' });

    await user.click(screen.getByRole('button', { name: 'Set up two-step verification' }));
    expect(await screen.findByText(messages.currentPasswordRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(/^Password/), 'ava-password-long');
    await user.click(screen.getByRole('button', { name: 'Set up two-step verification' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/auth/two-factor/setup', body: { password: 'ava-password-long' } }]);

    await user.type(screen.getByRole('textbox', { name: /6-digit code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await screen.findByText(RECOVERY_CODES[0]!)).toBeInTheDocument();
    expect(calls[1]).toEqual({
      path: '/auth/two-factor/enable',
      body: { code: '123456', password: 'ava-password-long' },
    });
  });

  it('shows the server’s refusal of a wrong password and keeps the form', async () => {
    stubServer(() => jsonResponse(400, { message: messages.currentPasswordWrong }));
    const user = userEvent.setup();
    renderScreen(<TwoFactorCard account={accountWithout2fa} />, { route: '/dashboard/account' });
    await user.type(screen.getByLabelText(/^Password/), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Set up two-step verification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.currentPasswordWrong);
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Set up two-step verification' })).toBeInTheDocument();
  });

  it('at a login that must set it up first, sends the login’s challenge and never the password', async () => {
    const token = fakeToken({ email: 'ava@example.com', name: 'Ava', exp: inSeconds(3600), gen: 0 });
    const calls = stubServer((path) => {
      if (path === '/login')
        return jsonResponse(200, { twoFactorSetupRequired: true, challenge: 'setup-challenge' });
      if (path === '/auth/two-factor/setup') return jsonResponse(200, SETUP_ANSWER);
      return jsonResponse(200, { recoveryCodes: RECOVERY_CODES, token });
    });
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { route: '/login' });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ava@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'ava-password-long');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByRole('textbox', { name: /6-digit code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await screen.findByText(RECOVERY_CODES[0]!)).toBeInTheDocument();
    expect(calls.slice(1)).toEqual([
      { path: '/auth/two-factor/setup', body: { challenge: 'setup-challenge' } },
      { path: '/auth/two-factor/enable', body: { code: '123456', challenge: 'setup-challenge' } },
    ]);
  });
});

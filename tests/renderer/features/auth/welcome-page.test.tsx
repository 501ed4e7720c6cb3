import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../src/shared/messages';
import { adminPasswordRule } from '../../../../src/shared/auth/password-policy';
import { WelcomePage } from '../../../../src/renderer/features/auth/welcome-page';
import { ResetPasswordPage } from '../../../../src/renderer/features/auth/reset-password-page';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../../support/test-utils';

/**
 * The screen an invitation to the hiring team opens: the reset form, worded as a first password,
 * sending the link's token with the password the person chose; signed in and at their work when
 * the server answers a token, else at the login card with their address. A reset link's screen
 * keeps its own words.
 */

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a'.repeat(43);

describe('the invitation’s screen', () => {
  it('asks for a first password under the administrators’ rule, and sends it with the link’s token', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(input, init);
        expect(new URL(request.url).pathname).toBe('/api/auth/reset-password');
        sent.push(await request.json());
        return jsonResponse(200, {
          message: messages.invitationAcceptedLogIn,
          email: 'new@example.com',
          secondStep: { kind: 'setup', challenge: 'the-challenge' },
        });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<WelcomePage />, { route: `/welcome/${TOKEN}`, path: '/welcome/:token' });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome: choose your password' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Welcome: choose your password');
    expect(screen.getByText(adminPasswordRule)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^New password/), 'lantern-orchard-velvet-42');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'lantern-orchard-velvet-42');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));

    // A second factor to set up: the login takes that step on, with its challenge, the address
    // and the toast to come.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual({
      arrivalToast: { variant: 'success', message: messages.invitationAcceptedLogIn },
      email: 'new@example.com',
      secondStep: { kind: 'setup', challenge: 'the-challenge' },
    });
    expect(sent).toEqual([{ token: TOKEN, newPassword: 'lantern-orchard-velvet-42' }]);
  });

  it('signs the new member in and takes them to their work, saying the password is set', async () => {
    const token = fakeToken({ email: 'new@example.com', name: 'New Member', exp: inSeconds(3600), gen: 1 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, { message: messages.invitationAccepted, email: 'new@example.com', token }),
      ),
    );
    const { platform, state } = memoryPlatform();
    const user = userEvent.setup();
    const { store } = renderScreen(<WelcomePage />, {
      route: `/welcome/${TOKEN}`,
      path: '/welcome/:token',
      platform,
    });
    await user.type(screen.getByLabelText(/^New password/), 'lantern-orchard-velvet-42');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'lantern-orchard-velvet-42');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/team$/));
    expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual({
      arrivalToast: { variant: 'success', message: 'Your password is set. Welcome to the hiring team.' },
    });
    expect(state.token).toBe(token);
    expect(store.getState().session.user).toEqual({ email: 'new@example.com', name: 'New Member' });
  });
});

describe('a reset link’s screen', () => {
  it('keeps its own wording and ends at the login card with the address filled in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { message: messages.passwordResetDone, email: 'ava@example.com' })),
    );
    const user = userEvent.setup();
    renderScreen(<ResetPasswordPage />, {
      route: `/reset-password/${TOKEN}`,
      path: '/reset-password/:token',
    });
    await user.type(screen.getByLabelText(/^New password/), 'lantern-orchard-velvet-42');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'lantern-orchard-velvet-42');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual({
      arrivalToast: {
        variant: 'success',
        message: 'Your password has been reset. Please log in with your new password.',
      },
      email: 'ava@example.com',
    });
  });
});

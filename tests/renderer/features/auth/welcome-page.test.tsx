import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../src/shared/messages';
import { adminPasswordRule } from '../../../../src/shared/auth/password-policy';
import { WelcomePage } from '../../../../src/renderer/features/auth/welcome-page';
import { jsonResponse, renderScreen } from '../../support/test-utils';

/**
 * The screen an invitation to the hiring team opens: the reset form, worded as a first password,
 * sending the link's token with the password the person chose.
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
        return jsonResponse(200, { message: messages.passwordResetDone });
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

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(sent).toEqual([{ token: TOKEN, newPassword: 'lantern-orchard-velvet-42' }]);
  });
});

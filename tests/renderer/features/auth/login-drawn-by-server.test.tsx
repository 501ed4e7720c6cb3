import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../src/shared/messages';
import { LoginPage } from '../../../../src/renderer/features/auth/login-page';
import { adminStore, stubApi } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

/**
 * The login screen is drawn by the server, so it shows at the first paint
 * (docs/architecture.md#the-web-entry): what is typed or autofilled before the app takes the page
 * over is kept in the form and sent, not lost to an empty state behind the text on screen.
 */

afterEach(() => vi.unstubAllGlobals());

describe('the login drawn by the server', () => {
  it('keeps the e-mail and password typed before the app ran, and sends them', async () => {
    const calls = stubApi((call) =>
      call.path === '/login' ? jsonResponse(401, { message: messages.invalidCredentials }) : undefined,
    );
    const user = userEvent.setup();
    renderScreen(<LoginPage />, {
      route: '/login',
      store: await adminStore(),
      beforeHydration: (page) => {
        // As a visitor or the browser's autofill leaves the fields before hydration.
        page.querySelector<HTMLInputElement>('input[type=email]')!.value = 'ava@example.com';
        page.querySelector<HTMLInputElement>('input[type=password]')!.value = 'ava-password-long';
      },
    });
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ava@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidCredentials);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/login')?.body).toEqual({
        email: 'ava@example.com',
        password: 'ava-password-long',
      }),
    );
    // No "required" refusal for a field that shows text.
    expect(screen.queryByText(/is required/)).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JobAlertSignUp } from '../../../../src/renderer/features/job-alerts/job-alert-sign-up';
import { JobAlertManagePage } from '../../../../src/renderer/features/job-alerts/job-alert-manage-page';
import { jobAlertMessages } from '../../../../src/shared/job-alerts/job-alerts-contract';
import { messages } from '../../../../src/shared/messages';
import { stubApi } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

/** The job-alert sign-up and manage page where the browser test does not reach (docs/behaviour.md#job-alerts). */

const TOKEN = 'a'.repeat(43);
afterEach(() => vi.unstubAllGlobals());

describe('the job-alert sign-up', () => {
  it('checks the address first, then sends the search as shown and says what happens next', async () => {
    const user = userEvent.setup();
    const calls = stubApi(() => jsonResponse(202, { message: jobAlertMessages.signedUp }));
    renderScreen(<JobAlertSignUp query="?q=claims&type=full-time" description="Full-time jobs" />);
    await user.click(screen.getByRole('button', { name: 'E-mail me jobs like these' }));
    const field = screen.getByRole('textbox', { name: /Your e-mail address/ });
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Create job alert' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(calls).toEqual([]);

    await user.clear(field);
    await user.type(field, 'Lee@Example.com');
    await user.click(screen.getByRole('radio', { name: 'As soon as a job is posted' }));
    await user.click(screen.getByRole('button', { name: 'Create job alert' }));
    expect(await screen.findByText(jobAlertMessages.signedUp)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/job-alerts',
        body: { email: 'lee@example.com', query: '?q=claims&type=full-time', frequency: 'instant' },
      },
    ]);
  });

  it("shows a cap's refusal in its words, as an alert", async () => {
    const user = userEvent.setup();
    stubApi(() =>
      jsonResponse(429, { message: jobAlertMessages.tooManyConfirmations }, { 'retry-after': '86400' }),
    );
    renderScreen(<JobAlertSignUp query="" description="Every new job" />);
    await user.click(screen.getByRole('button', { name: 'E-mail me jobs like these' }));
    await user.type(screen.getByRole('textbox', { name: /Your e-mail address/ }), 'lee@example.com');
    await user.click(screen.getByRole('button', { name: 'Create job alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(jobAlertMessages.tooManyConfirmations);
  });
});

describe("an alert's manage page", () => {
  it('says in words when its link opens nothing', async () => {
    stubApi(() => jsonResponse(404, { message: jobAlertMessages.linkUnknown }));
    renderScreen(<JobAlertManagePage />, {
      route: `/job-alerts/manage/${TOKEN}`,
      path: '/job-alerts/manage/:token',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(jobAlertMessages.linkUnknown);
  });

  it('pauses the alert and changes how often', async () => {
    const user = userEvent.setup();
    const view = {
      query: '?q=claims',
      description: 'Jobs matching the words you searched for',
      frequency: 'daily',
    };
    const calls = stubApi((call) =>
      call.method === 'GET'
        ? jsonResponse(200, { ...view, status: 'active' })
        : jsonResponse(200, { ...view, ...(call.body as object), status: 'paused' }),
    );
    renderScreen(<JobAlertManagePage />, {
      route: `/job-alerts/manage/${TOKEN}`,
      path: '/job-alerts/manage/:token',
    });
    await user.click(await screen.findByRole('button', { name: 'Pause alert' }));
    expect(await screen.findByRole('button', { name: 'Resume alert' })).toBeInTheDocument();
    expect(screen.getByText(jobAlertMessages.paused)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Once a week' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'PUT',
        path: `/job-alerts/${TOKEN}`,
        body: { frequency: 'weekly', query: '?q=claims' },
      }),
    );
    expect(calls[1]).toEqual({ method: 'PUT', path: `/job-alerts/${TOKEN}`, body: { paused: true } });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MyApplicationPage } from '../../../../src/renderer/features/my-application/my-application-page';
import { LostLinkForm } from '../../../../src/renderer/features/my-application/lost-link-form';
import { LOST_LINK_ANSWER } from '../../../../src/shared/my-application/my-application-contract';
import { messages } from '../../../../src/shared/messages';
import type { ApplicantResponse } from '../../../../src/shared/response-times/response-times-contract';
import { stubApi, stubMatchMedia } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

/**
 * The applicant's page and the lost-link form where the browser tests do not reach: the answers
 * that go wrong (docs/behaviour.md#the-applicants-page).
 */

const TOKEN = 'a'.repeat(43);
const application = {
  jobTitle: 'Claims Handler',
  appliedAt: '2026-11-02T10:00:00.000Z',
  status: 'in-progress',
};

const openPage = () =>
  renderScreen(<MyApplicationPage />, { route: `/my-application/${TOKEN}`, path: '/my-application/:token' });

afterEach(async () => {
  vi.unstubAllGlobals();
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});

describe("the applicant's page", () => {
  it('shows where the application stands, in the words the applicant understands', async () => {
    const calls = stubApi((call) => (call.method === 'GET' ? jsonResponse(200, application) : undefined));
    openPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your application for Claims Handler' }),
    ).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Where it stands' });
    expect(within(status).getByText('In progress', { selector: 'p' })).toBeInTheDocument();
    expect(within(status).getByRole('list', { name: 'Progress of your application' })).toBeInTheDocument();
    expect(screen.getByText('Sent on 2 November 2026.')).toBeInTheDocument();
    // Besides what our reply will be (its own call, below), the page asks for nothing else.
    expect(calls.filter((call) => !call.path.endsWith('/response'))).toEqual([
      { method: 'GET', path: `/my-application/${TOKEN}`, body: undefined },
    ]);
  });

  it('says honestly when we expect to reply once the time limit has passed, and shows feedback when given', async () => {
    const holdingLine =
      'We are still reviewing applications for this job. We expect to reply by Thursday 12 March.';
    let response: ApplicantResponse = { holdingLine, feedback: null };
    let current = application;
    stubApi(
      // A closed application's page also offers the talent pool (docs/behaviour.md#the-talent-pool).
      (call) => (call.path.endsWith('/departments') ? jsonResponse(200, []) : undefined),
      (call) =>
        call.path.endsWith('/talent-pool')
          ? jsonResponse(200, { inPool: false, consentEndsAt: null })
          : undefined,
      (call) => (call.path.endsWith('/response') ? jsonResponse(200, response) : jsonResponse(200, current)),
    );
    const first = openPage();
    const status = await screen.findByRole('region', { name: 'Where it stands' });
    expect(await within(status).findByText(holdingLine)).toBeInTheDocument();
    first.unmount();

    response = { holdingLine: null, feedback: 'Your answers were strong.\nPlease apply again.' };
    current = { ...application, status: 'closed' };
    openPage();
    const feedback = await screen.findByRole('region', { name: 'Feedback from our team' });
    expect(feedback).toHaveTextContent('Your answers were strong. Please apply again.');
    expect(screen.queryByText(/We expect to reply by/)).toBeNull();
  });

  it('says kindly that a dead link no longer works, and leads to the lost-link form', async () => {
    stubApi(() => jsonResponse(404, { message: 'This link is not valid, or it no longer works.' }));
    openPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/privacy#lost-link',
    );
  });

  it('on any other failure says so, with the reason, and tries again when asked', async () => {
    const user = userEvent.setup();
    let answer = jsonResponse(429, { message: messages.rateLimited });
    stubApi(() => answer);
    openPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not open your application' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.rateLimited);
    answer = jsonResponse(200, application);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your application for Claims Handler' }),
    ).toBeInTheDocument();
  });

  it('a withdrawal the link no longer allows (withdrawn elsewhere meanwhile) shows the dead-link screen', async () => {
    stubMatchMedia();
    const user = userEvent.setup();
    stubApi((call) =>
      call.method === 'GET'
        ? jsonResponse(200, application)
        : jsonResponse(404, { message: 'This link is not valid, or it no longer works.' }),
    );
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, withdraw it' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'This link no longer works' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('an erasure that fails for another reason keeps the page and says why', async () => {
    stubMatchMedia();
    const user = userEvent.setup();
    stubApi((call) =>
      call.method === 'GET'
        ? jsonResponse(200, application)
        : jsonResponse(500, { message: messages.serverError }),
    );
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Erase my application' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, erase it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.serverError);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your application for Claims Handler' }),
    ).toBeInTheDocument();
  });
});

describe('the lost-link form', () => {
  it('checks the address first, then shows the one answer the server gives', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) =>
      call.path === '/my-application/lost-link'
        ? jsonResponse(202, { acknowledged: true, message: LOST_LINK_ANSWER })
        : undefined,
    );
    renderScreen(<LostLinkForm />);
    const field = screen.getByRole('textbox', { name: /Your e-mail address/ });
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(calls).toEqual([]);

    await user.clear(field);
    await user.type(field, ' Lee@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    const form = screen.getByRole('region', { name: 'Lost your link?' });
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent(LOST_LINK_ANSWER));
    expect(calls).toEqual([
      { method: 'POST', path: '/my-application/lost-link', body: { email: 'lee@example.com' } },
    ]);
  });

  it("shows the server's refusal (too many requests) as an alert", async () => {
    const user = userEvent.setup();
    stubApi(() => jsonResponse(429, { message: messages.rateLimited }, { 'retry-after': '60' }));
    renderScreen(<LostLinkForm />);
    await user.type(screen.getByRole('textbox', { name: /Your e-mail address/ }), 'lee@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.rateLimited);
  });
});

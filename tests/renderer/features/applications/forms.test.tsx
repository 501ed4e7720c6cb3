import { NO_FACTS } from '../../../../src/shared/jobs/job-facts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../../src/shared/jobs/job-contract';
import { messages } from '../../../../src/shared/messages';
import { ApplicationForm } from '../../../../src/renderer/features/applications/application-form';
import { PrivacyNoticeSummary } from '../../../../src/renderer/features/privacy/privacy-notice-summary';
import { RegisterPage } from '../../../../src/renderer/features/auth/register-page';
import { readMultipart, startLocalApi, type Answer, type ReceivedCall } from '../../support/local-api';
import { jsonResponse, memoryPlatform, renderScreen } from '../../support/test-utils';

afterEach(() => vi.unstubAllGlobals());

/** How the local API answers the form's calls in the current test. */
let answer: (call: ReceivedCall) => Answer = () => ({ status: 500, body: { message: 'unexpected call' } });
let localApi: Awaited<ReturnType<typeof startLocalApi>>;
beforeAll(async () => {
  localApi = await startLocalApi((call) => answer(call));
});
afterAll(() => localApi.close());
afterEach(() => {
  localApi.calls.length = 0;
});

/** The form wired to the local API, as the apply page shows it. */
function renderForm(route = `/apply/${job._id}`) {
  const { platform } = memoryPlatform();
  platform.apiBaseUrl = localApi.apiBaseUrl;
  return renderScreen(<ApplicationForm job={job} privacyNotice={<PrivacyNoticeSummary />} />, {
    route,
    platform,
  });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Jane Doe');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'jane@example.com');
  await user.type(screen.getByRole('textbox', { name: /Phone/ }), '01604 123456');
  await user.type(screen.getByRole('textbox', { name: /Cover Letter/ }), 'Hello');
}

const job: Job = {
  _id: '6f1c1d55-1e8e-4a36-9d3e-8d9f5f0c2b11',
  jobTitle: 'Customer Service Advisor',
  location: 'Northampton',
  hours: 'Full time',
  ctc: '£25,000',
  experience: '1-2 years',
  description: 'Help customers.',
  responsibilities: ['Answer calls'],
  questions: [],
  questionSetId: null,
  requirements: ['Clear English'],
  publishTime: '01/02/2030',
  closingDate: null,
  closed: false,
  createdAt: '2030-01-02T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
  ...NO_FACTS,
};

const pdf = () => {
  const bytes = new Uint8Array(1024).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new File([bytes], 'cv.pdf', { type: 'application/pdf' });
};

async function attachCv(user: ReturnType<typeof userEvent.setup>, container: HTMLElement) {
  await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, pdf());
  await screen.findByText('File ready for upload', {}, { timeout: 3000 });
}

describe('application form', () => {
  it('keeps Submit disabled until a CV is ready', async () => {
    const user = userEvent.setup();
    const { container } = renderScreen(
      <ApplicationForm job={job} privacyNotice={<PrivacyNoticeSummary />} />,
      { route: `/apply/${job._id}` },
    );
    expect(screen.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit Application' });
    expect(submit).toBeDisabled();
    await attachCv(user, container);
    expect(submit).toBeEnabled();
  });

  it('shows the required-field messages and sends nothing', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const user = userEvent.setup();
    const { container } = renderForm();
    await attachCv(user, container);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    for (const text of [
      messages.nameRequired,
      messages.emailRequired,
      messages.phoneRequired,
      messages.coverLetterRequired,
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(localApi.calls).toEqual([]);
  });

  it('checks the e-mail and phone formats with the shared rules', async () => {
    const user = userEvent.setup();
    const { container } = renderScreen(
      <ApplicationForm job={job} privacyNotice={<PrivacyNoticeSummary />} />,
    );
    await attachCv(user, container);
    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Jane Doe');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), 'abc');
    await user.type(screen.getByRole('textbox', { name: /Cover Letter/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Phone/ })).toHaveAttribute('type', 'tel');
  });

  it('refuses a name or phone number holding a right-to-left override or a line separator, sending nothing', async () => {
    const user = userEvent.setup();
    const { container } = renderForm();
    await attachCv(user, container);
    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Mallory \u202Egpj.exe');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'mallory@example.com');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '07700\u2028900123');
    await user.type(screen.getByRole('textbox', { name: /Cover Letter/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(
      await screen.findByText('Name cannot contain line breaks or control characters.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Phone number cannot contain line breaks or control characters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toHaveFocus();
    expect(localApi.calls).toEqual([]);
  });

  it('reports a failed save with the toast and the inline error, and moves focus to the error', async () => {
    answer = () => ({ status: 400, body: { message: messages.cvUnreadable } });
    const user = userEvent.setup();
    const { container } = renderForm('/apply/x');
    await attachCv(user, container);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(messages.applicationFailedToast)).toBeInTheDocument();
    const error = screen.getByRole('group', { name: messages.applicationFailedInline });
    expect(error).toHaveTextContent(messages.cvUnreadable);
    expect(error).toHaveAccessibleDescription(messages.cvUnreadable);
    await waitFor(() => expect(error).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent('/apply/x');
  });

  it('sends the CV as a file part of a multipart form, with the fields beside it', async () => {
    answer = () => ({ status: 400, body: { message: messages.jobNotFound } });
    const user = userEvent.setup();
    const { container } = renderForm();
    await attachCv(user, container);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText(messages.applicationFailedToast);
    const [call] = localApi.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/applications' });
    const form = await readMultipart(call!);
    expect(
      Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')),
    ).toMatchObject({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '01604 123456',
      number: '01604 123456',
      jobId: job._id,
    });
    const cv = form.get('pdfFile') as File;
    expect(cv.name).toBe('cv.pdf');
    expect(new Uint8Array(await cv.arrayBuffer())).toEqual(new Uint8Array(await pdf().arrayBuffer()));
  });

  it('on success says "Application submitted successfully!" once, then goes to /success naming the role', async () => {
    answer = (call) =>
      call.path === '/applications'
        ? { status: 201, body: { success: true, insertedId: 'a1', duplicate: false } }
        : { status: 200, body: { acknowledged: true } };
    const user = userEvent.setup();
    const { container } = renderForm();
    await attachCv(user, container);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(screen.getAllByText(messages.applicationSubmitted)).toHaveLength(2));
    // One copy in the toast (a live region), the other in the form's step line, which is not one.
    const live = screen
      .getAllByText(messages.applicationSubmitted)
      .filter((element) => element.closest('[aria-live], [role=status], [role=alert]'));
    expect(live).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/success'), {
      timeout: 3000,
    });
    expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual({
      submitted: { jobTitle: job.jobTitle, emailAcknowledged: true },
    });
  });

  it('sends an adjustment request and the Disability Confident opt-in as fields of their own, only when given', async () => {
    answer = () => ({ status: 400, body: { message: messages.jobNotFound } });
    const user = userEvent.setup();
    const { container } = renderForm();
    await attachCv(user, container);
    await fillIn(user);
    const group = screen.getByRole('group', { name: 'Adjustments (optional)' });
    expect(within(group).getByRole('link', { name: '01604 000000' })).toHaveAttribute(
      'href',
      'tel:+441604000000',
    );
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText(messages.applicationFailedToast);
    const unanswered = await readMultipart(localApi.calls[0]!);
    expect(unanswered.has('adjustments')).toBe(false);
    expect(unanswered.has('disabilityConfident')).toBe(false);

    localApi.calls.length = 0;
    await user.type(
      screen.getByRole('textbox', { name: /Adjustments you need to apply or to be interviewed/ }),
      '  A ground-floor interview room, please.  ',
    );
    await user.click(
      screen.getByRole('checkbox', {
        name: 'I would like to be considered under the Disability Confident scheme',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(localApi.calls).toHaveLength(1));
    const answered = await readMultipart(localApi.calls[0]!);
    expect(answered.get('adjustments')).toBe('A ground-floor interview room, please.');
    expect(answered.get('disabilityConfident')).toBe('true');
  });

  it('offers the equality monitoring page with what its return needs, once the application is saved', async () => {
    answer = (call) =>
      call.path === '/applications'
        ? {
            status: 201,
            body: { success: true, insertedId: 'a1', duplicate: false, monitoringToken: 't0ken' },
          }
        : { status: 200, body: { acknowledged: true } };
    const user = userEvent.setup();
    const { container } = renderForm();
    await attachCv(user, container);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/success'), {
      timeout: 3000,
    });
    expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual({
      submitted: {
        jobTitle: job.jobTitle,
        emailAcknowledged: true,
        monitoring: { applicationId: 'a1', token: 't0ken' },
      },
    });
  });

  it('ties every label to its field: each label names an existing control, which a tap on it focuses', async () => {
    const user = userEvent.setup();
    const { container } = renderForm();
    const labels = [...container.querySelectorAll('label')];
    expect(labels.length).toBeGreaterThanOrEqual(4);
    for (const label of labels) {
      const control = label.htmlFor ? document.getElementById(label.htmlFor) : null;
      expect(control, `label "${label.textContent}"`).not.toBeNull();
      await user.click(label);
      expect(control).toHaveFocus();
    }
  });
});

describe('registration form', () => {
  async function fill(values: { name?: string; email?: string; password?: string; confirm?: string }) {
    const user = userEvent.setup();
    if (values.name) await user.type(screen.getByRole('textbox', { name: /Name/ }), values.name);
    if (values.email) await user.type(screen.getByRole('textbox', { name: /Email/ }), values.email);
    if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
    if (values.confirm) await user.type(screen.getByLabelText(/Confirm Password/), values.confirm);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    return user;
  }

  it('shows the Important Notice and a link to /login', () => {
    renderScreen(<RegisterPage />, { route: '/register' });
    expect(screen.getByText('Important Notice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('refuses a password shorter than 6 characters', async () => {
    renderScreen(<RegisterPage />, { route: '/register' });
    await fill({ name: 'Bob', email: 'bob@example.com', password: '12345', confirm: '12345' });
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeInTheDocument();
  });

  it('refuses a confirmation that does not match', async () => {
    renderScreen(<RegisterPage />, { route: '/register' });
    await fill({ name: 'Bob', email: 'bob@example.com', password: 'secret12', confirm: 'secret13' });
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
  });

  it('requires name and email', async () => {
    renderScreen(<RegisterPage />, { route: '/register' });
    await fill({});
    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
  });

  it('shows and hides both passwords with one toggle', async () => {
    renderScreen(<RegisterPage />, { route: '/register' });
    const user = userEvent.setup();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    await user.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/Confirm Password/)).toHaveAttribute('type', 'text');
  });

  it('on success shows the toast and goes to /login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(201, { acknowledged: true, insertedId: 'x' })),
    );
    renderScreen(<RegisterPage />, { route: '/register' });
    await fill({ name: 'Bob', email: 'bob@example.com', password: 'secret12', confirm: 'secret12' });
    expect(await screen.findByText(messages.registered)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });
});

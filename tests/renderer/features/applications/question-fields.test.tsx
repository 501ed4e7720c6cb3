import { NO_FACTS } from '../../../../src/shared/jobs/job-facts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../../src/shared/jobs/job-contract';
import type { Question } from '../../../../src/shared/questions/question-contract';
import { ApplicationForm } from '../../../../src/renderer/features/applications/application-form';
import { PrivacyNoticeSummary } from '../../../../src/renderer/features/privacy/privacy-notice-summary';
import { readMultipart, startLocalApi, type Answer, type ReceivedCall } from '../../support/local-api';
import { memoryPlatform, renderScreen } from '../../support/test-utils';

let answer: (call: ReceivedCall) => Answer = () => ({ status: 500, body: { message: 'unexpected call' } });
let localApi: Awaited<ReturnType<typeof startLocalApi>>;
beforeAll(async () => {
  localApi = await startLocalApi((call) => answer(call));
});
afterAll(() => localApi.close());
afterEach(() => {
  localApi.calls.length = 0;
});

const KNOCK_OUT_REPLY =
  'Thank you for your interest. We can only consider applicants who already have the right to work in the UK.';

const question = (
  fields: Pick<Question, 'id' | 'type' | 'label' | 'purpose'> & Partial<Question>,
): Question => ({
  required: false,
  options: [],
  knockOut: null,
  ...fields,
});

/** One question of each type; the first three must be answered. */
const questions: Question[] = [
  question({
    id: 'right-to-work',
    type: 'yes-no',
    label: 'Do you have the right to work in the UK?',
    purpose: 'We must check it before anyone starts.',
    required: true,
    knockOut: { answers: ['no'], message: KNOCK_OUT_REPLY },
  }),
  question({
    id: 'shift',
    type: 'one-of',
    label: 'Which shift suits you?',
    purpose: 'We staff the phones from 8am to 8pm.',
    required: true,
    options: ['Early', 'Late'],
  }),
  question({
    id: 'notice',
    type: 'short-text',
    label: 'What is your notice period?',
    purpose: 'To plan a start date.',
    required: true,
  }),
  question({
    id: 'languages',
    type: 'several-of',
    label: 'Which languages do you speak?',
    purpose: 'Our customers are served in these languages.',
    options: ['Urdu', 'Bengali', 'Arabic'],
  }),
  question({
    id: 'why',
    type: 'long-text',
    label: 'Tell us about a customer you helped.',
    purpose: 'To see how you explain things.',
  }),
  question({
    id: 'years',
    type: 'number',
    label: 'How many years have you worked with customers?',
    purpose: 'To place you on the right training.',
  }),
  question({
    id: 'start',
    type: 'date',
    label: 'When could you start?',
    purpose: 'To plan the next intake.',
  }),
];

const job: Job = {
  _id: '6f1c1d55-1e8e-4a36-9d3e-8d9f5f0c2b11',
  jobTitle: 'Multilingual Advisor',
  location: 'Northampton',
  hours: 'Full time',
  ctc: '£25,000',
  experience: '1-2 years',
  description: 'Help customers.',
  responsibilities: ['Answer calls'],
  requirements: ['Clear English'],
  questions,
  questionSetId: '8b0f7a52-3c1e-4c55-9f57-0c6a1d2e3f40',
  publishTime: '01/02/2030',
  closingDate: null,
  closed: false,
  createdAt: '2030-01-02T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
  ...NO_FACTS,
};

function renderForm(query = '') {
  const { platform } = memoryPlatform();
  platform.apiBaseUrl = localApi.apiBaseUrl;
  return renderScreen(<ApplicationForm job={job} privacyNotice={<PrivacyNoticeSummary />} />, {
    route: `/apply/${job._id}${query}`,
    platform,
  });
}

const pdf = () => {
  const bytes = new Uint8Array(1024).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new File([bytes], 'cv.pdf', { type: 'application/pdf' });
};

async function fillInApplicant(user: ReturnType<typeof userEvent.setup>, container: HTMLElement) {
  await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, pdf());
  await screen.findByText('File ready for upload', {}, { timeout: 3000 });
  // Pasted, not typed key by key: each key re-renders the whole form, and these tests are about
  // the questions (on a busy machine the typing took them towards their time limit).
  await paste(user, screen.getByRole('textbox', { name: /Full Name/ }), 'Jane Doe');
  await paste(user, screen.getByRole('textbox', { name: /Email/ }), 'jane@example.com');
  await paste(user, screen.getByRole('textbox', { name: /Phone/ }), '01604 123456');
  await paste(user, screen.getByRole('textbox', { name: /Cover Letter/ }), 'Hello');
}

async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** The upload goes over real HTTP: a generous bound on a busy machine. */
const settled = { timeout: 10_000 };

/** The field wrapping a question: its label, its control, its hint and its message. */
const fieldOf = (label: string) => screen.getByText(label).closest('.fui-Field') as HTMLElement;

describe("the apply form's questions", () => {
  it('asks each type with its own control, and says why each is asked', () => {
    renderForm();
    expect(screen.getByRole('radiogroup', { name: /Do you have the right to work/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('radiogroup', { name: /Which shift/ }))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Early', 'Late']);
    const languages = screen.getByRole('group', { name: 'Which languages do you speak?' });
    // Each choice is named by itself, has an id of its own and is not required on its own.
    const boxes = within(languages).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-labelledby') ?? '')).toEqual(['', '', '']);
    expect(screen.getByRole('checkbox', { name: 'Urdu' })).not.toBeRequired();
    expect(new Set(boxes.map((box) => box.id)).size).toBe(3);
    expect(languages).toHaveAccessibleDescription('Why we ask: Our customers are served in these languages.');
    expect(screen.getByRole('textbox', { name: /What is your notice period/ })).toHaveAttribute(
      'type',
      'text',
    );
    expect(screen.getByRole('textbox', { name: /Tell us about a customer/ }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('spinbutton', { name: /How many years/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/When could you start/)).toHaveAttribute('type', 'date');
    for (const { label, purpose } of questions)
      expect(within(fieldOf(label)).getByText(`Why we ask: ${purpose}`)).toBeInTheDocument();
    // The reason is read out with the control, not only shown near it.
    expect(screen.getByRole('textbox', { name: /What is your notice period/ })).toHaveAccessibleDescription(
      'Why we ask: To plan a start date.',
    );
  });

  it('puts each problem under its own question, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const { container } = renderForm();
    await fillInApplicant(user, container);
    await user.type(screen.getByRole('spinbutton', { name: /How many years/ }), '-');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    expect(
      await within(fieldOf('Do you have the right to work in the UK?')).findByText(
        'Please answer "Do you have the right to work in the UK?".',
      ),
    ).toBeInTheDocument();
    expect(
      within(fieldOf('Which shift suits you?')).getByText('Please answer "Which shift suits you?".'),
    ).toBeInTheDocument();
    expect(
      within(fieldOf('What is your notice period?')).getByText(
        'Please answer "What is your notice period?".',
      ),
    ).toBeInTheDocument();
    // An optional question left blank is no problem.
    expect(within(fieldOf('When could you start?')).queryByText(/Please answer/)).toBeNull();
    expect(document.activeElement?.closest('#apply-question-right-to-work')).not.toBeNull();
    expect(localApi.calls).toEqual([]);
  });

  it('sends every answer, typed as the server takes it, with the version of the questions shown', async () => {
    answer = () => ({ status: 400, body: { message: 'Stop here.' } });
    const user = userEvent.setup();
    const { container } = renderForm();
    await fillInApplicant(user, container);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('radio', { name: 'Late' }));
    await user.type(screen.getByRole('textbox', { name: /What is your notice period/ }), 'Four weeks');
    await user.click(screen.getByRole('checkbox', { name: 'Urdu' }));
    await user.click(screen.getByRole('checkbox', { name: 'Arabic' }));
    await paste(
      user,
      screen.getByRole('textbox', { name: /Tell us about a customer/ }),
      'I found a cheaper quote.',
    );
    await user.type(screen.getByRole('spinbutton', { name: /How many years/ }), '3');
    await user.type(screen.getByLabelText(/When could you start/), '2031-01-06');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    await screen.findByText('Stop here.', {}, settled);
    const form = await readMultipart(localApi.calls[0]!);
    expect(form.get('questionSetId')).toBe(job.questionSetId);
    expect(JSON.parse(form.get('answers') as string)).toEqual({
      'right-to-work': true,
      shift: 'Late',
      notice: 'Four weeks',
      languages: ['Urdu', 'Arabic'],
      why: 'I found a cheaper quote.',
      years: 3,
      start: '2031-01-06',
    });
  });

  it('stops the form as soon as a knock-out answer is chosen, says why aloud, and restores it on another', async () => {
    const user = userEvent.setup();
    const { container } = renderForm();
    await fillInApplicant(user, container);
    await user.click(screen.getByRole('radio', { name: 'Early' }));
    await user.type(screen.getByRole('textbox', { name: /What is your notice period/ }), 'Four weeks');
    const submitButton = screen.getByRole('button', { name: 'Submit Application' });
    expect(submitButton).toBeEnabled();
    // The reply's live region is there before the reply, so that screen readers hear it arrive.
    const region = document.getElementById('apply-question-right-to-work-knock-out')!;
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toBeEmptyDOMElement();

    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(within(region).getByTestId('apply-knock-out')).toHaveTextContent(KNOCK_OUT_REPLY);
    expect(region).toHaveTextContent('Thank you for your interest');
    expect(submitButton).toBeDisabled();
    expect(submitButton).toHaveAccessibleDescription(
      'Your answer to "Do you have the right to work in the UK?" ends this application: see the reply under that question. Choose another answer to send it.',
    );
    // The applicant stays where they are, free to change the answer.
    expect(screen.getByRole('radio', { name: 'No' })).toHaveFocus();
    // Enter in a field does not send it either.
    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), '{Enter}');
    expect(localApi.calls).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(region).toBeEmptyDOMElement();
    expect(submitButton).toBeEnabled();
    expect(submitButton).not.toHaveAccessibleDescription(/ends this application/);
    // Nothing typed was lost on the way.
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Jane Doe');
    expect(screen.getByRole('textbox', { name: /Cover Letter/ })).toHaveValue('Hello');
    expect(screen.getByRole('textbox', { name: /What is your notice period/ })).toHaveValue('Four weeks');
    expect(screen.getByRole('radio', { name: 'Early' })).toBeChecked();
    expect(screen.getByText('File ready for upload')).toBeInTheDocument();
    expect(localApi.calls).toEqual([]);
  });

  it("shows the server's knock-out reply (questions changed meanwhile) as a notice, and takes the focus there", async () => {
    answer = () => ({ status: 422, body: { message: KNOCK_OUT_REPLY } });
    const user = userEvent.setup();
    const { container } = renderForm();
    await fillInApplicant(user, container);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('radio', { name: 'Early' }));
    await user.type(screen.getByRole('textbox', { name: /What is your notice period/ }), 'None');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    const reply = await screen.findByTestId('apply-knock-out', {}, settled);
    expect(reply).toHaveTextContent(KNOCK_OUT_REPLY);
    const bar = reply.closest('.fui-MessageBar') as HTMLElement;
    expect(bar).toHaveTextContent('Thank you for your interest');
    await waitFor(() => expect(bar).toHaveFocus());
    expect(screen.queryByText('Application failed')).toBeNull();
    expect(JSON.parse((await readMultipart(localApi.calls[0]!)).get('answers') as string)).toMatchObject({
      'right-to-work': true,
    });
    // Another answer takes the reply away: it was about the answers sent.
    await user.click(screen.getByRole('radio', { name: 'Late' }));
    expect(screen.queryByTestId('apply-knock-out')).toBeNull();
  });
});

describe('the apply form as a plain form (docs/behaviour.md#applying-without-javascript)', () => {
  it('sends, as the browser would without the app, every field by the name the server reads, with the visit’s marker', async () => {
    const user = userEvent.setup();
    const { container } = renderForm('?src=leeds-fair');
    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Jane Doe');
    await user.click(within(screen.getByRole('radiogroup', { name: /right to work/ })).getByLabelText('Yes'));
    await user.click(screen.getByRole('checkbox', { name: 'Urdu' }));
    await user.click(screen.getByRole('checkbox', { name: 'Arabic' }));
    await user.type(screen.getByRole('spinbutton', { name: /How many years/ }), '3');
    await user.click(screen.getByRole('checkbox', { name: /Disability Confident/ }));

    const form = container.querySelector('form')!;
    expect([form.method, form.enctype, form.action]).toEqual([
      'post',
      'multipart/form-data',
      `${localApi.apiBaseUrl}/applications`,
    ]);
    const sent = new FormData(form);
    expect(Object.fromEntries([...sent].filter(([, value]) => typeof value === 'string' && value))).toEqual({
      source: 'leeds-fair',
      jobId: job._id,
      privacyNoticeVersion: expect.any(String),
      questionSetId: job.questionSetId,
      name: 'Jane Doe',
      'answers.right-to-work': 'yes',
      'answers.languages': 'Arabic',
      'answers.years': '3',
      disabilityConfident: 'true',
    });
    expect(sent.getAll('answers.languages')).toEqual(['Urdu', 'Arabic']);
  });
});

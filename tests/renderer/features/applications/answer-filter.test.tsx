import { NO_FACTS } from '../../../../src/shared/jobs/job-facts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminJob } from '../../../../src/shared/jobs/job-contract';
import type { Question } from '../../../../src/shared/questions/question-contract';
import { ApplicationsListPage } from '../../../../src/renderer/features/applications/applications-list-page';
import { adminStore, applicationRow, stubApi } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

afterEach(() => vi.unstubAllGlobals());

const question = (overrides: Partial<Question> & Pick<Question, 'id' | 'type' | 'label'>): Question => ({
  purpose: 'Our customers need it.',
  required: false,
  options: [],
  knockOut: null,
  ...overrides,
});

const adminJob = (id: string, jobTitle: string, questions: Question[]): AdminJob => ({
  _id: id,
  jobTitle,
  location: 'Northampton',
  hours: 'Full-time',
  ctc: '£24,000',
  experience: '1-2 years',
  description: 'A job.',
  responsibilities: [],
  requirements: [],
  publishTime: '2025-03-01T10:00:00.000Z',
  closingDate: null,
  closed: false,
  questions,
  questionSetId: questions.length > 0 ? `${id}-set` : null,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...NO_FACTS,
  postCreator: 'ada@example.com',
  lastEditUser: null,
  editTime: null,
});

const jobs = [
  adminJob('job-claims', 'Claims Handler', [
    question({
      id: 'languages',
      type: 'several-of',
      label: 'Which languages do you speak?',
      options: ['Urdu', 'Arabic'],
    }),
    question({ id: 'licence', type: 'yes-no', label: 'Do you hold a driving licence?' }),
  ]),
  adminJob('job-night', 'Night Shift Agent', [
    question({ id: 'notice', type: 'short-text', label: 'What is your notice period?' }),
  ]),
];

const omar = applicationRow({ name: 'Omar Khan' });
const jane = applicationRow({ name: 'Jane Doe' });
const li = applicationRow({
  name: 'Li Wei',
  jobId: 'job-night',
  jobTitle: 'Night Shift Agent',
  jobName: 'Night Shift Agent',
});
const rows = [omar, jane, li];

/** The server's answer filter, as far as these rows go: who answered what. */
const answered: Record<string, string[]> = {
  'languages=Urdu': [omar._id],
  'languages=Arabic': [jane._id, omar._id],
  'notice=one month': [li._id],
};

function serve() {
  return stubApi((call) => {
    if (call.path.startsWith('/admin/')) return jsonResponse(200, { admin: true });
    if (call.path === '/all?include=closed') return jsonResponse(200, jobs);
    if (call.path === '/applications/counts')
      return jsonResponse(200, { total: rows.length, byStage: {}, latestCreatedAt: null });
    if (call.path === '/applications') return jsonResponse(200, rows);
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/applications' && url.searchParams.has('question')) {
      const ids = answered[`${url.searchParams.get('question')}=${url.searchParams.get('answer')}`] ?? [];
      return jsonResponse(
        200,
        rows.filter((row) => ids.includes(row._id)),
      );
    }
    return undefined;
  });
}

const locationSearch = () => screen.getByTestId('location').getAttribute('data-search');
const shownNames = () =>
  within(screen.getByRole('table', { name: 'Job applications' }))
    .getAllByRole('link')
    .map((link) => link.textContent)
    .filter(Boolean);

describe('filtering the Applications list by an answer', () => {
  it('picks a question, then one of its answers; the list, the address and the counts follow', async () => {
    const user = userEvent.setup();
    const store = await adminStore();
    const calls = serve();
    renderScreen(<ApplicationsListPage />, { store, route: '/dashboard/applications?stage=new' });
    expect(await screen.findByText('Total: 3')).toBeInTheDocument();

    const questionBox = await screen.findByRole('combobox', { name: 'Answer to' });
    expect(within(questionBox).getByRole('group', { name: 'Claims Handler' })).toBeInTheDocument();
    // No answer box until a question is chosen.
    expect(screen.queryByRole('combobox', { name: 'Answer' })).not.toBeInTheDocument();

    await user.selectOptions(questionBox, 'languages');
    await waitFor(() => expect(locationSearch()).toBe('?stage=new&question=languages'));
    // A question alone does not filter.
    expect(screen.getByText('Total: 3')).toBeInTheDocument();

    const answerBox = screen.getByRole('combobox', { name: 'Answer' });
    expect(
      within(answerBox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any answer', 'Urdu', 'Arabic']);
    await user.selectOptions(answerBox, 'Urdu');
    await waitFor(() => expect(locationSearch()).toBe('?stage=new&question=languages&answer=Urdu'));
    expect(await screen.findByText('Total: 1 of 3')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Omar Khan']);
    expect(calls.map((call) => call.path)).toContain('/applications?question=languages&answer=Urdu');
    // The other filters count within the answer.
    expect(screen.getByRole('option', { name: 'Night Shift Agent (0)' })).toBeInTheDocument();
    // The detail links carry the answer, so Previous and Next stay within it.
    expect(screen.getByRole('link', { name: 'Omar Khan' })).toHaveAttribute(
      'href',
      `/dashboard/application/${omar._id}?stage=new&question=languages&answer=Urdu`,
    );

    await user.selectOptions(answerBox, 'Arabic');
    expect(await screen.findByText('Total: 2 of 3')).toBeInTheDocument();

    // Choosing another question forgets the answer given to the last one.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Answer to' }), 'licence');
    await waitFor(() => expect(locationSearch()).toBe('?stage=new&question=licence'));
    expect(
      within(screen.getByRole('combobox', { name: 'Answer' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any answer', 'Yes', 'No']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Answer to' }), '');
    await waitFor(() => expect(locationSearch()).toBe('?stage=new'));
    expect(await screen.findByText('Total: 3')).toBeInTheDocument();
  });

  it('keeps the filter over a reload, and offers only the chosen job’s questions', async () => {
    const store = await adminStore();
    serve();
    renderScreen(<ApplicationsListPage />, {
      store,
      route: '/dashboard/applications?job=job-claims&question=languages&answer=Arabic',
    });
    expect(await screen.findByText('Total: 2 of 3')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Omar Khan', 'Jane Doe']);
    const questionBox = await screen.findByRole('combobox', { name: 'Answer to' });
    expect(questionBox).toHaveValue('languages');
    expect(screen.getByRole('combobox', { name: 'Answer' })).toHaveValue('Arabic');
    expect(within(questionBox).queryByRole('option', { name: 'What is your notice period?' })).toBeNull();
  });

  it('takes a typed answer by keyboard, applied on Enter', async () => {
    const user = userEvent.setup();
    const store = await adminStore();
    const calls = serve();
    renderScreen(<ApplicationsListPage />, { store, route: '/dashboard/applications?question=notice' });
    expect(await screen.findByText('Total: 3')).toBeInTheDocument();
    const answerBox = await screen.findByRole('textbox', { name: 'Answer' });
    await user.click(answerBox);
    await user.keyboard('one month');
    // Nothing is asked of the server while the answer is typed.
    expect(calls.some((call) => call.path.includes('answer='))).toBe(false);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(locationSearch()).toBe('?question=notice&answer=one+month'));
    expect(await screen.findByText('Total: 1 of 3')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Li Wei']);
  });
});

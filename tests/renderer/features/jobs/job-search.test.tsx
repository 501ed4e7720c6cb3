import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../src/shared/jobs/job-contract';
import { NO_FACTS } from '../../../../src/shared/jobs/job-facts';
import { CareersHomePage } from '../../../../src/renderer/features/jobs/careers-home-page';
import { jobsApi } from '../../../../src/renderer/features/jobs/jobs-api';
import { createAppStore } from '../../../../src/renderer/store/store';
import { primeStore } from '../../../../src/web/initial-data';
import { memoryPlatform, renderScreen } from '../../support/test-utils';

const job = (id: number, facts: Partial<Job>): Job => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  jobTitle: `Job ${id}`,
  location: '',
  hours: '',
  ctc: '',
  experience: '1 year',
  description: 'Help customers.',
  responsibilities: [],
  requirements: [],
  publishTime: '01/02/2026',
  closingDate: null,
  closed: false,
  questions: [],
  questionSetId: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
  ...NO_FACTS,
  ...facts,
});

const claims = { _id: 'd1', name: 'Claims', slug: 'claims' };
const JOBS = [
  job(1, {
    jobTitle: 'Motor Claims Handler',
    department: claims,
    locations: ['Northampton'],
    workplaceType: 'on-site',
  }),
  job(2, { jobTitle: 'Backend Engineer', workplaceType: 'remote', remoteCountry: 'UK' }),
];

/** The jobs as a later fetch brings them: one more post, so the page is drawn again. */
const MORE_JOBS = [...JOBS, job(3, { jobTitle: 'Receptionist', workplaceType: 'on-site' })];

function renderHome(route = '/', beforeHydration?: (container: HTMLElement) => void) {
  const store = createAppStore(memoryPlatform().platform);
  primeStore(store, { retentionDays: 180, jobs: JOBS });
  return renderScreen(<CareersHomePage />, { route, store, beforeHydration });
}

const titles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
// The test's location probe is an <output>, a status too: the page's own is the paragraph.
const count = () => screen.getAllByRole('status').find((element) => element.tagName === 'P');
const search = () => screen.getByTestId('location').dataset.search;

describe('the careers home search with the app running', () => {
  it('reaches the search address without a reload, announces the count and offers to clear the last filter', async () => {
    const user = userEvent.setup();
    renderHome();
    // Posted 01/02/2026 as stored: the 2nd of January, which a UK reader would take for February.
    const card = screen.getByRole('article', { name: 'Backend Engineer' });
    expect(within(card).getByText(/^Posted:/)).toHaveTextContent(/^Posted: 2 January 2026$/);
    const form = screen.getByRole('search', { name: 'Search jobs' });
    await user.selectOptions(within(form).getByLabelText('Workplace'), 'remote');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(search()).toBe('?workplace=remote');
    expect(titles()).toEqual(['Backend Engineer']);
    expect(count()).toHaveTextContent('1 role matches your search');

    // Within remote jobs no department is named: none is offered.
    const departments = within(form).getByLabelText<HTMLSelectElement>('Department');
    expect([...departments.options].map((option) => option.text)).toEqual(['Any department']);

    // Words that leave nothing: the text, changed last, is the filter to clear.
    await user.type(within(form).getByLabelText('Search jobs'), 'claims');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(search()).toBe('?workplace=remote&q=claims');
    expect(titles()).toEqual([]);
    expect(count()).toHaveTextContent('0 roles match your search');
    await user.click(screen.getByRole('link', { name: 'Clear the last filter (“claims”)' }));
    expect(search()).toBe('?workplace=remote');
    expect(titles()).toEqual(['Backend Engineer']);
    // The form follows the address it returned to.
    expect(within(form).getByLabelText<HTMLInputElement>('Search jobs').value).toBe('');
    expect(within(form).getByLabelText<HTMLSelectElement>('Workplace').value).toBe('remote');
  });

  it('searches the text typed, and lists every job again with the filters cleared', async () => {
    const user = userEvent.setup();
    renderHome('/?department=claims');
    expect(titles()).toEqual(['Motor Claims Handler']);
    const form = screen.getByRole('search', { name: 'Search jobs' });
    // The drop-downs fold away on a phone behind how many of them are set.
    expect(within(form).getByText('Filters (1)').tagName).toBe('SUMMARY');
    await user.selectOptions(within(form).getByLabelText('Department'), '');
    await user.type(within(form).getByLabelText('Search jobs'), 'engineer{Enter}');
    expect(search()).toBe('?q=engineer');
    expect(titles()).toEqual(['Backend Engineer']);
    expect(within(form).getByText('Filters').tagName).toBe('SUMMARY');
  });

  it('ignores a department no job names, and never shows it back', () => {
    const { container } = renderHome(
      `/?workplace=remote&department=${encodeURIComponent('Call 0800 123 456')}`,
    );
    expect(titles()).toEqual(['Backend Engineer']);
    const form = screen.getByRole('search', { name: 'Search jobs' });
    expect(within(form).getByLabelText<HTMLSelectElement>('Department').value).toBe('');
    expect(within(form).getByText('Filters (1)').tagName).toBe('SUMMARY');
    expect(container.textContent).not.toContain('0800');
  });

  it('keeps what the visitor typed and chose on the server-drawn page before the app took it over', async () => {
    const user = userEvent.setup();
    // The visitor starts on the page the server drew, and the app arrives while they fill it in.
    const { store } = renderHome('/?workplace=on-site', (page) => {
      page.querySelector<HTMLInputElement>('input[name="q"]')!.value = 'engineer';
      page.querySelector<HTMLSelectElement>('select[name="workplace"]')!.value = 'remote';
    });
    // The app draws the page again once it runs (here: the jobs fetched again, with a new post):
    // the fields still hold what the visitor put in them.
    act(() => {
      store.dispatch(
        jobsApi.util.upsertQueryEntries([{ endpointName: 'getJobs', arg: undefined, value: MORE_JOBS }]),
      );
    });
    // Still showing the address's search until they send theirs, now with the new post.
    await screen.findByRole('article', { name: 'Receptionist' });
    expect(titles()).toEqual(['Motor Claims Handler', 'Receptionist']);
    const form = screen.getByRole('search', { name: 'Search jobs' });
    expect(within(form).getByLabelText<HTMLInputElement>('Search jobs').value).toBe('engineer');
    expect(within(form).getByLabelText<HTMLSelectElement>('Workplace').value).toBe('remote');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(search()).toBe('?q=engineer&workplace=remote');
    expect(titles()).toEqual(['Backend Engineer']);
  });

  it('keeps the text field on the address it returns to, however often the page is drawn again', async () => {
    const user = userEvent.setup();
    const { store } = renderHome('/?department=claims');
    const form = screen.getByRole('search', { name: 'Search jobs' });
    const text = within(form).getByLabelText<HTMLInputElement>('Search jobs');
    await user.type(text, 'engineer{Enter}');
    expect(search()).toBe('?department=claims&q=engineer');
    expect(titles()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Clear the last filter (“engineer”)' }));
    expect(search()).toBe('?department=claims');
    expect(text.value).toBe('');
    act(() => {
      store.dispatch(
        jobsApi.util.upsertQueryEntries([{ endpointName: 'getJobs', arg: undefined, value: MORE_JOBS }]),
      );
    });
    expect(text.value).toBe('');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(search()).toBe('?department=claims');
    expect(titles()).toEqual(['Motor Claims Handler']);
  });
});

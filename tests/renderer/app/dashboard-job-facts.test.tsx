import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_FACTS } from '../../../src/shared/jobs/job-facts';
import type { Job } from '../../../src/shared/jobs/job-contract';
import { DashboardPage } from '../../../src/renderer/app/pages/dashboard-page';
import { adminStore, stubApi } from '../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../support/test-utils';

afterEach(() => vi.unstubAllGlobals());

const claims = { _id: 'dep-claims', name: 'Claims', slug: 'claims' };
const sales = { _id: 'dep-sales', name: 'Sales', slug: 'sales' };

const job = (id: string, jobTitle: string, facts: Partial<Job> = {}): Job => ({
  _id: id,
  jobTitle,
  location: 'Northampton',
  hours: 'Full time',
  ctc: 'Competitive',
  experience: '1 year',
  description: 'A job.',
  responsibilities: [],
  requirements: [],
  questions: [],
  questionSetId: null,
  publishTime: '03/01/2025',
  closingDate: null,
  closed: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...NO_FACTS,
  ...facts,
});

const handler = job('job-handler', 'Claims Handler', {
  department: claims,
  locations: [],
  workplaceType: 'remote',
  remoteCountry: 'UK',
  employmentTypes: ['full-time'],
  pay: { min: 32_000, max: 38_000, period: 'year', currency: 'GBP' },
});
// Filled from texts that did not say its pay or its department.
const agent = job('job-agent', 'Quote Agent', {
  locations: ['Leeds'],
  workplaceType: 'hybrid',
  employmentTypes: ['part-time'],
});
const analyst = job('job-analyst', 'Pricing Analyst', { department: sales });
// Closed: nothing public shows it, so what it lacks is not asked for.
const archived = job('job-archived', 'Old Vacancy', { closed: true, closingDate: '2025-01-31' });

function serve(jobs: Job[]) {
  return stubApi((call) => {
    if (call.path.startsWith('/admin/')) return jsonResponse(200, { admin: true, role: 'admin' });
    if (call.path.startsWith('/all')) return jsonResponse(200, jobs);
    if (call.path === '/applications') return jsonResponse(200, []);
    if (call.path === '/departments') {
      return jsonResponse(200, [
        { ...claims, jobCount: 1 },
        { ...sales, jobCount: 1 },
        { _id: 'dep-it', name: 'IT', slug: 'it', jobCount: 0 },
      ]);
    }
    return undefined;
  });
}

const rowOf = (table: HTMLElement, title: string) =>
  within(table).getByRole('row', { name: new RegExp(`^${title}`) });

describe('the dashboard’s job facts', () => {
  it('shows each job’s department, workplace type and pay in the table, and says when one is not set', async () => {
    // Its CTC written from its pay, as the server writes a blank one.
    const hourly = job('job-hourly', 'Night Agent', {
      ctc: '£12.50 an hour',
      pay: { min: 12.5, max: 12.5, period: 'hour', currency: 'GBP' },
    });
    serve([handler, agent, analyst, hourly]);
    renderScreen(<DashboardPage />, { store: await adminStore(), route: '/dashboard' });

    const table = await screen.findByRole('table', { name: 'Job posts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Department', 'Workplace', 'Location', 'CTC', 'Experience']),
    );
    // One pay column: the card's CTC text, with the pay range only where the text does not say it.
    expect(headers).not.toContain('Pay');
    const cell = (title: string, column: string) =>
      within(rowOf(table, title)).getAllByRole('cell')[headers.indexOf(column)]!;
    expect(cell('Claims Handler', 'Department')).toHaveTextContent('Claims');
    expect(cell('Claims Handler', 'Workplace')).toHaveTextContent('Remote (UK)');
    expect(cell('Claims Handler', 'CTC')).toHaveTextContent(/^Competitive£32,000 – £38,000 a year$/);
    expect(cell('Quote Agent', 'Department')).toHaveTextContent('None');
    expect(cell('Quote Agent', 'Workplace')).toHaveTextContent('Hybrid');
    expect(cell('Quote Agent', 'CTC')).toHaveTextContent(/^CompetitiveNo pay range$/);
    expect(cell('Night Agent', 'CTC')).toHaveTextContent(/^£12.50 an hour$/);
    expect(cell('Pricing Analyst', 'Workplace')).toHaveTextContent('Not set');
    // Stored as the specification writes it (03/01/2025), read UK style: 1 March, not 3 January.
    expect(cell('Claims Handler', 'Posted On')).toHaveTextContent(/^1 Mar 2025$/);
  });

  it('filters the table by department, kept in the address, with the count said and a way back to all', async () => {
    const user = userEvent.setup();
    serve([handler, agent, analyst]);
    renderScreen(<DashboardPage />, { store: await adminStore(), route: '/dashboard' });

    const filter = await screen.findByRole('combobox', { name: 'Department' });
    // A department without jobs comes with the administrators' list, a moment after the jobs.
    await within(filter).findByRole('option', { name: 'IT (0)' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All departments (3)', 'Claims (1)', 'IT (0)', 'Sales (1)']);
    await user.selectOptions(filter, 'claims');
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?department=claims');
    const table = screen.getByRole('table', { name: 'Job posts' });
    expect(rowOf(table, 'Claims Handler')).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /Quote Agent|Pricing Analyst/ })).toBeNull();
    expect(screen.getByText('Showing 1 of 3 job posts')).toHaveAttribute('role', 'status');

    // Changing tab keeps the filter; coming back shows the same rows.
    await user.click(screen.getByRole('tab', { name: /Applications/ }));
    expect(screen.getByTestId('location')).toHaveAttribute(
      'data-search',
      '?department=claims&tab=applications',
    );
    await user.click(screen.getByRole('tab', { name: /Job Posts/ }));
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?department=claims');
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveValue('claims');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'it');
    expect(screen.getByText('No job posts in this department.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Show all departments' }));
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '');
    expect(rowOf(screen.getByRole('table', { name: 'Job posts' }), 'Quote Agent')).toBeInTheDocument();
  });

  it('opens already filtered from a shared address', async () => {
    serve([handler, agent, analyst]);
    renderScreen(<DashboardPage />, { store: await adminStore(), route: '/dashboard?department=sales' });

    const table = await screen.findByRole('table', { name: 'Job posts' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(rowOf(table, 'Pricing Analyst')).toBeInTheDocument();
  });

  it('says which open jobs lack a fact, each a link to its edit form', async () => {
    serve([handler, agent, analyst, archived]);
    renderScreen(<DashboardPage />, { store: await adminStore(), route: '/dashboard' });

    const card = await screen.findByRole('region', { name: 'Job facts to fill in' });
    const noPay = within(card).getByRole('list', { name: '2 jobs have no pay range' });
    const links = within(noPay).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Quote Agent', 'Pricing Analyst']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/edit/job-agent',
      '/dashboard/edit/job-analyst',
    ]);
    expect(
      within(within(card).getByRole('list', { name: '1 job has no department' })).getByRole('link'),
    ).toHaveTextContent('Quote Agent');
    // A remote job needs no town; the analyst has neither a place nor a town.
    expect(
      within(within(card).getByRole('list', { name: '1 job has no town' })).getByRole('link'),
    ).toHaveTextContent('Pricing Analyst');
    expect(card).not.toHaveTextContent('Old Vacancy');
  });

  it('shows no such list when every open job has every fact', async () => {
    serve([handler, archived]);
    renderScreen(<DashboardPage />, { store: await adminStore(), route: '/dashboard' });

    await screen.findByRole('table', { name: 'Job posts' });
    expect(screen.queryByRole('region', { name: 'Job facts to fill in' })).toBeNull();
  });
});

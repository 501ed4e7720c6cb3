import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationSummary } from '../../../../src/shared/applications/application-contract';
import {
  indexApplications,
  listFilterSearch,
  readListFilter,
  viewApplications,
} from '../../../../src/renderer/features/applications/application-filters';
import {
  selectAllState,
  selectedAmong,
  toggleAllShown,
} from '../../../../src/renderer/features/applications/use-selection';
import { ApplicationsListPage } from '../../../../src/renderer/features/applications/applications-list-page';
import {
  adminStore,
  applicationRow,
  stubApi,
  stubMatchMedia,
  type RecordedCall,
} from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';
import {
  SEEDED_REJECTION_REASONS,
  type OverdueApplication,
} from '../../../../src/shared/response-times/response-times-contract';

afterEach(async () => {
  vi.unstubAllGlobals();
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});

const jobs = {
  claims: { jobId: 'job-claims', jobTitle: 'Claims Handler', jobName: 'Claims Handler' },
  night: { jobId: 'job-night', jobTitle: 'Night Shift Agent', jobName: 'Night Shift Agent' },
  gone: { jobId: null, jobTitle: 'Retired Role', jobName: 'Retired Role' },
};

describe('filters in the address', () => {
  it('reads q, job and stage, ignores an unknown stage, and writes them back in a fixed order', () => {
    expect(readListFilter('?stage=interview&job=job-night&q=Omar')).toEqual({
      q: 'Omar',
      job: 'job-night',
      stage: 'interview',
    });
    expect(readListFilter('?stage=archived')).toEqual({ q: '', job: '', stage: '' });
    expect(listFilterSearch({ q: 'a b&c', job: 'job-1', stage: 'new' })).toBe(
      '?q=a+b%26c&job=job-1&stage=new',
    );
    expect(listFilterSearch({ q: '', job: '', stage: '' })).toBe('');
    expect(readListFilter(listFilterSearch({ q: 'Zoë & co', job: 'deleted:X', stage: 'hired' }))).toEqual({
      q: 'Zoë & co',
      job: 'deleted:X',
      stage: 'hired',
    });
  });

  const rows: ApplicationSummary[] = [
    applicationRow({ name: 'Omar Khan', email: 'omar@khan.example', ...jobs.claims, stage: 'new' }),
    applicationRow({ name: 'Jane Doe', email: 'jane@example.com', ...jobs.claims, stage: 'interview' }),
    applicationRow({ name: 'Li Wei', email: 'li@example.org', ...jobs.night, stage: 'interview' }),
    applicationRow({ name: 'Sam Omarov', email: 'sam@example.net', ...jobs.gone, stage: 'rejected' }),
    applicationRow({ name: 'ΟΔΥΣΣΕΥΣ', email: 'od@example.gr', ...jobs.night, jobTitle: '', stage: 'new' }),
  ];

  /** The specified search, stated plainly, as the reference the indexed search must match. */
  const filterApplications = (list: ApplicationSummary[], query: string) => {
    const needle = query.trim().toLowerCase();
    if (!needle) return list;
    return list.filter((row) =>
      [row.name, row.email, row.jobTitle, row.jobName].some((field) =>
        (field ?? '').toLowerCase().includes(needle),
      ),
    );
  };

  it('searches exactly as the specified search does, whatever the query', () => {
    const index = indexApplications(rows);
    for (const query of [
      '',
      '   ',
      'omar',
      'OMAR',
      'example.org',
      'night',
      'retired',
      'ς',
      'σ',
      'ΣΣ',
      'zzz',
      'e',
    ]) {
      const viewed = viewApplications(index, { q: query, job: '', stage: '' }).shown.map((row) => row._id);
      expect(viewed, query).toEqual(filterApplications(rows, query).map((row) => row._id));
    }
  });

  it('filters by job and stage, and counts each stage for the search and job, each job for the search and stage', () => {
    const index = indexApplications(rows);
    const view = viewApplications(index, { q: 'o', job: 'job-claims', stage: 'interview' });
    expect(view.shown.map((row) => row.name)).toEqual(['Jane Doe']);
    // Stages: Omar Khan (new) and Jane Doe (interview) are the claims rows matching "o".
    expect(view.stageCounts).toMatchObject({ new: 1, interview: 1, rejected: 0 });
    expect(view.allStagesCount).toBe(2);
    // Jobs: every job any application names, by title, counted for "o" and the interview stage.
    expect(view.jobs.map((job) => [job.label, job.count])).toEqual([
      ['Claims Handler', 1],
      ['Night Shift Agent', 1],
      ['Retired Role', 0],
    ]);
    expect(view.jobs.find((job) => job.label === 'Retired Role')!.key).toBe('deleted:Retired Role');
    expect(
      viewApplications(index, { q: '', job: 'deleted:Retired Role', stage: '' }).shown.map((row) => row.name),
    ).toEqual(['Sam Omarov']);
  });

  it('keeps the visited applications in a sequence whose stage they have left', () => {
    const index = indexApplications(rows);
    const omar = rows[0]!._id;
    const reviewed = indexApplications(
      rows.map((row) => (row._id === omar ? { ...row, stage: 'reviewed' as const } : row)),
    );
    expect(viewApplications(reviewed, { q: '', job: '', stage: 'new' }).shown).toHaveLength(1);
    expect(
      viewApplications(reviewed, { q: '', job: '', stage: 'new' }, new Set([omar])).shown.map(
        (row) => row.name,
      ),
    ).toEqual(['Omar Khan', 'ΟΔΥΣΣΕΥΣ']);
    expect(viewApplications(index, { q: '', job: '', stage: 'new' }).shown).toHaveLength(2);
  });
});

describe('selection', () => {
  const shown = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];

  it('acts only on the selected rows that are shown, in their order', () => {
    expect(selectedAmong(new Set(['c', 'x', 'a']), shown).map((row) => row._id)).toEqual(['a', 'c']);
    expect(selectedAmong(new Set(), shown)).toEqual([]);
  });

  it('select all takes every shown row, or releases them when all are taken, leaving hidden ones alone', () => {
    expect([...toggleAllShown(new Set(['b']), shown)].sort()).toEqual(['a', 'b', 'c']);
    expect([...toggleAllShown(new Set(['a', 'b', 'c', 'hidden']), shown)]).toEqual(['hidden']);
    expect(selectAllState(0, 3)).toBe(false);
    expect(selectAllState(2, 3)).toBe('mixed');
    expect(selectAllState(3, 3)).toBe(true);
    expect(selectAllState(0, 0)).toBe(false);
  });
});

/** Serves the list, stage changes (recording them) and reply previews. */
function serveList(rows: ApplicationSummary[], overdue: OverdueApplication[] = []) {
  return stubApi((call) => {
    if (call.path === '/rejection-reasons')
      return jsonResponse(200, [
        ...SEEDED_REJECTION_REASONS.map((reason) => ({ ...reason, retired: false })),
        { _id: 'retired-reason', label: 'An old reason', retired: true },
      ]);
    if (call.path === '/response-times/overdue') return jsonResponse(200, { applications: overdue });
    if (call.path.startsWith('/admin/')) return jsonResponse(200, { admin: true });
    if (call.method === 'GET' && call.path === '/applications') return jsonResponse(200, rows);
    if (call.method === 'GET' && call.path === '/applications/counts')
      return jsonResponse(200, { total: rows.length, byStage: {}, latestCreatedAt: null });
    const reply = call.path.match(/^\/applications\/([^/]+)\/reply\/(\w+)$/);
    if (reply) {
      const row = rows.find((entry) => entry._id === reply[1])!;
      return jsonResponse(200, {
        kind: reply[2],
        to: row.email,
        subject: `Your application for ${row.jobTitle}`,
        body: `Dear ${row.name.split(' ')[0]},\nThank you.`,
        alreadySent: row.name.startsWith('Already'),
      });
    }
    if (call.method === 'PUT' && /^\/applications\/[^/]+\/stage$/.test(call.path))
      return jsonResponse(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1, emailedCount: 0 });
    if (call.method === 'POST' && call.path === '/applications/stage') {
      const { ids, notify } = call.body as { ids: string[]; notify: boolean };
      return jsonResponse(200, {
        acknowledged: true,
        matchedCount: ids.length,
        modifiedCount: ids.length,
        emailedCount: notify ? ids.length : 0,
      });
    }
    return undefined;
  });
}

async function renderListAt(route: string, rows: ApplicationSummary[], overdue: OverdueApplication[] = []) {
  const store = await adminStore();
  const calls = serveList(rows, overdue);
  const view = renderScreen(<ApplicationsListPage />, { store, route });
  await screen.findByText(/^Total:/);
  return { ...view, calls };
}

/** Dialogs close with their animation and the call settles after: a generous bound on a busy machine. */
const settled = { timeout: 10_000 };

const locationSearch = () => screen.getByTestId('location').getAttribute('data-search');
const stageCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path.includes('stage'));

describe('the Applications list with filters, selection and stages', () => {
  beforeEach(stubMatchMedia);

  const mixed = [
    applicationRow({ name: 'Omar Khan', ...jobs.claims, stage: 'new' }),
    applicationRow({ name: 'Jane Doe', ...jobs.claims, stage: 'reviewed' }),
    applicationRow({ name: 'Li Wei', ...jobs.night, stage: 'reviewed' }),
  ];

  it('shows what the address asks for, with the counts beside each filter', async () => {
    await renderListAt('/dashboard/applications?stage=reviewed&job=job-claims', mixed);
    expect(screen.getByText('Total: 1 of 3')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Job applications' });
    expect(within(table).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute(
      'href',
      `/dashboard/application/${mixed[1]!._id}?job=job-claims&stage=reviewed`,
    );
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('reviewed');
    expect(screen.getByRole('option', { name: 'Reviewed (1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'New (1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'All stages (2)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Job' })).toHaveValue('job-claims');
    expect(screen.getByRole('option', { name: 'Night Shift Agent (1)' })).toBeInTheDocument();
  });

  it('writes the search and the filters into the address, keeping one another', async () => {
    const user = userEvent.setup();
    await renderListAt('/dashboard/applications?stage=reviewed', mixed);
    await user.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'wei');
    await waitFor(() => expect(locationSearch()).toBe('?q=wei&stage=reviewed'));
    expect(screen.getByText('Total: 1 of 3')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), '');
    await waitFor(() => expect(locationSearch()).toBe('?q=wei'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Job' }), 'job-night');
    await waitFor(() => expect(locationSearch()).toBe('?q=wei&job=job-night'));
    expect(screen.getByRole('searchbox', { name: 'Search applications' })).toHaveValue('wei');
    expect(screen.getByText('Total: 1 of 3')).toBeInTheDocument();
  });

  it('keeps a search typed while the stage just picked is still on its way, and that stage', async () => {
    await renderListAt('/dashboard/applications', mixed);
    const searchBox = screen.getByRole('searchbox', { name: 'Search applications' });
    // The router shows a new address in a transition: typing can come before it does, as it does
    // on a slow device. Both events land before React renders either.
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Stage' }), { target: { value: 'reviewed' } });
      fireEvent.change(searchBox, { target: { value: 'wei' } });
    });
    await waitFor(() => expect(locationSearch()).toBe('?q=wei&stage=reviewed'));
    expect(searchBox).toHaveValue('wei');
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('reviewed');
    expect(screen.getByText('Total: 1 of 3')).toBeInTheDocument();
  });

  it('moves one application from its row and shows the new stage', async () => {
    const user = userEvent.setup();
    const { calls } = await renderListAt('/dashboard/applications', mixed);
    await user.click(screen.getByRole('button', { name: 'Stage of Omar Khan: New' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Shortlisted' }));
    expect(
      await screen.findByRole('button', { name: 'Stage of Omar Khan: Shortlisted' }, settled),
    ).toBeInTheDocument();
    expect(stageCalls(calls)).toEqual([
      {
        method: 'PUT',
        path: `/applications/${mixed[0]!._id}/stage`,
        body: { stage: 'shortlisted', notify: false },
      },
    ]);
    expect(await screen.findByText('Omar Khan moved to Shortlisted.', {}, settled)).toBeInTheDocument();
  });

  it('offers the rejection e-mail with its preview, and sends it only when asked', async () => {
    const user = userEvent.setup();
    const { calls } = await renderListAt('/dashboard/applications', mixed);
    await user.click(screen.getByRole('button', { name: 'Stage of Jane Doe: Reviewed' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Rejected' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Move Jane Doe to Rejected?');
    expect(dialog).toHaveTextContent(mixed[1]!.email);
    expect(dialog).toHaveTextContent('Your application for Claims Handler');
    expect(within(dialog).getByRole('region', { name: 'E-mail message' })).toHaveTextContent('Dear Jane,');
    // Only the reasons in use are offered, and one must be chosen.
    const reason = within(dialog).getByRole('combobox', { name: /^Reason/ });
    expect(within(reason).queryByRole('option', { name: 'An old reason' })).toBeNull();
    const unsent = stageCalls(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Change and send e-mail' }));
    expect(await within(dialog).findByText(/Choose a reason for the rejection/)).toBeInTheDocument();
    expect(stageCalls(calls)).toHaveLength(unsent);
    await user.selectOptions(reason, 'Position filled');
    await user.type(within(dialog).getByRole('textbox', { name: /^Feedback/ }), 'Strong answers.');
    await user.click(within(dialog).getByRole('button', { name: 'Change and send e-mail' }));
    await screen.findByRole('button', { name: 'Stage of Jane Doe: Rejected' }, settled);
    expect(stageCalls(calls).at(-1)).toMatchObject({
      method: 'PUT',
      body: {
        stage: 'rejected',
        notify: true,
        reasonId: SEEDED_REJECTION_REASONS[2]._id,
        feedback: 'Strong answers.',
      },
    });

    await user.click(screen.getByRole('button', { name: 'Stage of Li Wei: Reviewed' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Interview' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change without e-mail' }),
    );
    await screen.findByRole('button', { name: 'Stage of Li Wei: Interview' }, settled);
    expect(stageCalls(calls).at(-1)).toMatchObject({ body: { stage: 'interview', notify: false } });

    // Cancel changes nothing and calls nothing.
    const before = stageCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Stage of Omar Khan: New' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Rejected' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), settled);
    expect(stageCalls(calls)).toHaveLength(before);
    expect(screen.getByRole('button', { name: 'Stage of Omar Khan: New' })).toBeInTheDocument();
  });

  it('marks an application past its stage’s time limit in words, the others not at all', async () => {
    const overdue: OverdueApplication = {
      applicationId: mixed[1]!._id,
      jobId: 'job-claims',
      jobTitle: 'Claims Handler',
      stage: 'reviewed',
      dueOn: '2026-04-13',
      workingDaysOver: 2,
    };
    await renderListAt('/dashboard/applications', mixed, [overdue]);
    const table = screen.getByRole('table', { name: 'Job applications' });
    const jane = within(table).getByRole('link', { name: 'Jane Doe' }).closest('tr')!;
    expect(await within(jane).findByText('Overdue by 2 working days')).toHaveAttribute(
      'title',
      'Due by Monday 13 April',
    );
    const omar = within(table).getByRole('link', { name: 'Omar Khan' }).closest('tr')!;
    expect(omar).not.toHaveTextContent(/overdue/i);
  });

  it('says when the rejection already went, and then only moves the application', async () => {
    const user = userEvent.setup();
    const rows = [applicationRow({ name: 'Already Told', stage: 'interview' })];
    const { calls } = await renderListAt('/dashboard/applications', rows);
    await user.click(screen.getByRole('button', { name: 'Stage of Already Told: Interview' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Rejected' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'has already been sent the rejection e-mail, so it will not be sent again',
    );
    expect(within(dialog).queryByRole('button', { name: 'Change and send e-mail' })).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Reason/ }), 'Withdrawn by us');
    await user.click(within(dialog).getByRole('button', { name: 'Move to Rejected' }));
    await screen.findByRole('button', { name: 'Stage of Already Told: Rejected' }, settled);
    expect(stageCalls(calls).at(-1)).toMatchObject({ body: { stage: 'rejected', notify: false } });
  });
});

describe('a list of 10,000', () => {
  beforeEach(stubMatchMedia);

  const many = Array.from({ length: 10_000 }, (_, i) =>
    applicationRow({
      name: `Seeded Applicant ${i}`,
      email: `seeded-${i}@example.com`,
      ...(i % 2 ? jobs.claims : jobs.night),
    }),
  );

  it('draws a window of rows in a real table that declares its full size', async () => {
    await renderListAt('/dashboard/applications', many);
    const table = screen.getByRole('table', { name: 'Job applications' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const drawn = within(table).getAllByRole('row').slice(1);
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(60);
    expect(drawn[0]).toHaveAttribute('aria-rowindex', '2');
    expect(within(drawn[0]!).getAllByRole('cell')[1]).toHaveTextContent('1');
    expect(screen.getByText('Total: 10000')).toBeInTheDocument();
    // The rows not drawn are stood in for by one spacer, hidden from screen readers.
    const spacer = table.querySelector('tbody > tr[aria-hidden="true"]:last-child td') as HTMLElement;
    expect(parseFloat(spacer.style.height)).toBeGreaterThan(50 * 9_000);
    expect(document.getElementsByTagName('*').length).toBeLessThan(5000);
  });

  it('select all takes every row the filter shows, not only those drawn, and one call moves them', async () => {
    const user = userEvent.setup();
    const { calls } = await renderListAt('/dashboard/applications?q=0%40example', many);
    expect(screen.getByText('Total: 1000 of 10000')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all 1000 shown applications' }));
    expect(screen.getByText('1000 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reject 1000 applications?');
    expect(dialog).toHaveTextContent('addressed to them by name');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Reason/ }), 'Position filled');
    await user.click(within(dialog).getByRole('button', { name: 'Reject without e-mail' }));
    expect(await screen.findByText('1000 applications moved to Rejected.', {}, settled)).toBeInTheDocument();
    expect(screen.getByText('No applications selected')).toBeInTheDocument();

    const bulk = stageCalls(calls).filter((call) => call.method === 'POST');
    expect(bulk).toHaveLength(1);
    const sent = bulk[0]!.body as { ids: string[]; stage: string; notify: boolean };
    expect(sent).toMatchObject({
      stage: 'rejected',
      notify: false,
      reasonId: SEEDED_REJECTION_REASONS[2]._id,
    });
    expect(new Set(sent.ids)).toEqual(
      new Set(many.filter((row) => row.email.endsWith('0@example.com')).map((row) => row._id)),
    );
    // The preview was of the first selected applicant, the newest shown.
    expect(calls.some((call) => call.path === `/applications/${many[0]!._id}/reply/rejection`)).toBe(true);
  });
});

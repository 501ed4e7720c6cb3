import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Note } from '../../../../src/shared/applications/note-contract';
import type {
  TeamApplicationDetail,
  TeamApplicationSummary,
  TeamJob,
} from '../../../../src/shared/team/team-contract';
import { screens } from '../../../../src/shared/site/screen-routes';
import { api, tags } from '../../../../src/renderer/store/api';
import { TeamApplicationPage } from '../../../../src/renderer/app/pages/team-application-page';
import { TeamHomePage } from '../../../../src/renderer/features/team/team-home-page';
import { TeamJobPage } from '../../../../src/renderer/features/team/team-job-page';
import { adminStore, stubApi } from '../../support/hiring-fixtures';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../../support/test-utils';

afterEach(() => vi.unstubAllGlobals());

const JOB_ID = '00000000-0000-4000-8000-00000000b301';
const OTHER_JOB_ID = '00000000-0000-4000-8000-00000000b302';
const APPLICATION_ID = '00000000-0000-4000-8000-00000000a301';

const job = (overrides: Partial<TeamJob> = {}): TeamJob => ({
  _id: JOB_ID,
  jobTitle: 'Claims Handler',
  location: 'Remote (UK)',
  pay: '£32,000 – £38,000 a year',
  closingDate: null,
  mayDecide: false,
  managed: true,
  applicationCount: 4,
  byStage: {
    new: 2,
    reviewed: 0,
    shortlisted: 0,
    interview: 2,
    offer: 0,
    hired: 0,
    rejected: 0,
    withdrawn: 0,
  },
  interviewsBooked: 1,
  lastBookedAt: null,
  ...overrides,
});

let rows = 0;
const row = (name: string, overrides: Partial<TeamApplicationSummary> = {}): TeamApplicationSummary => ({
  _id: `00000000-0000-4000-8000-0000000a${String(++rows).padStart(4, '0')}`,
  jobId: JOB_ID,
  jobTitle: 'Claims Handler',
  name,
  stage: 'new',
  stageChangedAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  hasResume: true,
  interviewOffered: false,
  scorecards: { submitted: 0, expected: 0 },
  ...overrides,
});

const asRole = (role: string) => (call: { path: string }) =>
  call.path.startsWith('/admin/') ? jsonResponse(200, { admin: false, role }) : undefined;

describe("the hiring manager's job", () => {
  it('shows the place and pay, the pipeline by stage with counts, and each application’s interview and scorecards', async () => {
    stubApi(asRole('hiring-manager'), (call) => {
      if (call.path === '/team/jobs') return jsonResponse(200, [job()]);
      if (call.path === `/team/jobs/${JOB_ID}/applications`) {
        return jsonResponse(200, [
          row('Nina Booked', {
            stage: 'interview',
            interviewStartsAt: '2027-07-07T09:30:00.000Z',
            scorecards: { submitted: 2, expected: 3 },
          }),
          row('Omar Offered', { stage: 'interview', interviewOffered: true }),
          row('Pat New'),
          row('Quinn New'),
        ]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamJobPage />, {
      store: await adminStore(),
      route: screens.teamJob.path({ id: JOB_ID }),
      path: screens.teamJob.pattern,
    });

    expect(await screen.findByText('Remote (UK) · £32,000 – £38,000 a year')).toBeInTheDocument();
    const pipeline = screen.getByRole('list', { name: 'Claims Handler by stage' });
    expect(
      within(pipeline)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'New 2 applications',
      'Reviewed 0 applications',
      'Shortlisted 0 applications',
      'Interview 2 applications',
      'Offer 0 applications',
      'Hired 0 applications',
      'Rejected 0 applications',
      'Withdrawn 0 applications',
    ]);
    expect(screen.getByText('4 applications · 1 interview booked')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Applications (4)' });
    const cells = (name: string) =>
      within(within(table).getByRole('link', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Nina Booked')).toEqual([
      'Nina Booked',
      'Interview',
      'Booked: Wednesday 7 July 2027 at 10:30 BST',
      '2 of 3 scorecards in',
      '28 Nov 2026',
      'Attached',
    ]);
    expect(cells('Omar Offered').slice(2, 4)).toEqual(['Times offered', 'None owed']);
    expect(cells('Pat New').slice(2, 4)).toEqual(['None', 'None owed']);

    await user.click(within(pipeline).getByRole('link', { name: 'Interview 2 applications' }));
    expect(screen.getByTestId('location').dataset.search).toBe('?stage=interview');
    expect(within(pipeline).getByRole('link', { name: 'Interview 2 applications' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.queryByRole('link', { name: 'Pat New' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Applications (2)' })).toBeInTheDocument();
  });

  it('shows a job the manager only interviews for without its pipeline or the panel’s progress', async () => {
    stubApi(asRole('hiring-manager'), (call) => {
      if (call.path === '/team/jobs')
        return jsonResponse(200, [job({ managed: false, applicationCount: 1 })]);
      if (call.path === `/team/jobs/${JOB_ID}/applications`) {
        const { interviewOffered: _offered, scorecards: _scorecards, ...mine } = row('Nina Mine');
        return jsonResponse(200, [mine]);
      }
      return undefined;
    });
    renderScreen(<TeamJobPage />, {
      store: await adminStore(),
      route: screens.teamJob.path({ id: JOB_ID }),
      path: screens.teamJob.pattern,
    });
    expect(await screen.findByRole('link', { name: 'Nina Mine' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pipeline' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Scorecards' })).toBeNull();
  });
});

describe("the hiring manager's notes", () => {
  it('adds a note through the team call, after checking it as the server does', async () => {
    const notes: Note[] = [];
    const detail: TeamApplicationDetail = {
      ...row('Nina Patel'),
      _id: APPLICATION_ID,
      email: 'nina@example.com',
      phone: '01604 123456',
      about: 'I would like this job.',
      fileSize: 2048,
      interview: null,
      movableTo: ['reviewed'],
      interviewers: [],
      agreedAdjustment: null,
      answers: [],
    };
    const calls = stubApi(asRole('hiring-manager'), (call) => {
      if (call.path === `/team/applications/${APPLICATION_ID}`) return jsonResponse(200, detail);
      if (call.path === '/team/jobs') return jsonResponse(200, [job()]);
      if (call.path === `/team/applications/${APPLICATION_ID}/notes`) {
        if (call.method === 'POST') {
          const note = {
            _id: '00000000-0000-4000-8000-00000000c301',
            applicationId: APPLICATION_ID,
            body: (call.body as { body: string }).body,
            authorEmail: 'hana@example.com',
            authorName: 'Hana Manager',
            createdAt: '2026-11-28T14:00:00.000Z',
          };
          notes.push(note);
          return jsonResponse(201, note);
        }
        return jsonResponse(200, notes);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamApplicationPage />, {
      store: await adminStore(),
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });

    const field = await screen.findByRole('textbox', { name: 'Add a note' });
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Write a note first.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(field, 'Strong on claims.');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    const notesCard = screen.getByRole('region', { name: 'Notes' });
    expect(await within(notesCard).findByText('Strong on claims.')).toBeInTheDocument();
    expect(within(notesCard).getByText(/Hana Manager/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ body: 'Strong on claims.' });
    expect(field).toHaveValue('');
  });
});

describe("the hiring manager's list in the desktop console", () => {
  it('notifies a job newly given and an interview newly booked, naming the job only, once each', async () => {
    let jobs = [job({ _id: JOB_ID, lastBookedAt: null })];
    stubApi(asRole('hiring-manager'), (call) =>
      call.path === '/team/jobs' ? jsonResponse(200, jobs) : undefined,
    );
    const { platform } = memoryPlatform(
      fakeToken({ email: 'hana@example.com', name: 'Hana', exp: inSeconds(3600) }),
    );
    const notify = vi.fn(async () => undefined);
    platform.notifyHiringNews = notify;
    const store = await adminStore(platform);
    renderScreen(<TeamHomePage />, { store, route: '/team' });
    expect(await screen.findByRole('heading', { name: 'Claims Handler' })).toBeInTheDocument();
    // What the list shows at first is not news.
    expect(notify).not.toHaveBeenCalled();

    jobs = [
      job({ _id: OTHER_JOB_ID, jobTitle: 'Pricing Analyst' }),
      job({ _id: JOB_ID, lastBookedAt: '2026-11-28T14:00:00.000Z' }),
      job({ _id: '00000000-0000-4000-8000-00000000b303', jobTitle: 'Interviewed Only', managed: false }),
    ];
    act(() => void store.dispatch(api.util.invalidateTags([tags.teamWork])));
    await screen.findByRole('heading', { name: 'Pricing Analyst' });
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(2));
    expect(notify).toHaveBeenCalledWith('job-given', 'Pricing Analyst');
    expect(notify).toHaveBeenCalledWith('interview-booked', 'Claims Handler');

    act(() => void store.dispatch(api.util.invalidateTags([tags.teamWork])));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notify).toHaveBeenCalledTimes(2);
  });
});

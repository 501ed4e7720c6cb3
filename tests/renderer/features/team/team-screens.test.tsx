import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamApplicationDetail, TeamMember } from '../../../../src/shared/team/team-contract';
import { screens } from '../../../../src/shared/site/screen-routes';
import { TeamApplicationPage } from '../../../../src/renderer/app/pages/team-application-page';
import { TeamJobPage } from '../../../../src/renderer/features/team/team-job-page';
import { TeamMembers } from '../../../../src/renderer/features/team/team-members';
import { adminStore, applicationRow, stubApi, stubMatchMedia } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

afterEach(async () => {
  vi.unstubAllGlobals();
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});

const APPLICATION_ID = '00000000-0000-4000-8000-00000000a001';
const JOB_ID = '00000000-0000-4000-8000-00000000b001';

const detail = (overrides: Partial<TeamApplicationDetail> = {}): TeamApplicationDetail => ({
  _id: APPLICATION_ID,
  jobId: JOB_ID,
  jobTitle: 'Claims Handler',
  name: 'Nina Patel',
  email: 'nina@example.com',
  phone: '01604 123456',
  about: 'I would like this job.',
  stage: 'interview',
  stageChangedAt: '2025-03-04T10:00:00.000Z',
  createdAt: '2025-03-04T10:00:00.000Z',
  hasResume: true,
  fileSize: 2048,
  movableTo: ['reviewed', 'shortlisted', 'offer'],
  interviewers: [],
  interviewIfMinimumCriteriaMet: false,
  agreedAdjustment: null,
  interview: null,
  answers: [],
  ...overrides,
});

/** A store signed in as a team member of `role` (the role check answered by the stubbed API). */
const roleAnswer = (role: string) => (call: { path: string }) =>
  call.path.startsWith('/admin/') ? jsonResponse(200, { admin: role === 'admin', role }) : undefined;

describe("a team member's application", () => {
  it('offers a hiring manager only the stages the server allows, and shows a refused move without signing out', async () => {
    const calls = stubApi(roleAnswer('hiring-manager'), (call) => {
      if (call.path === `/team/applications/${APPLICATION_ID}`) return jsonResponse(200, detail());
      if (call.path === `/team/applications/${APPLICATION_ID}/notes`) return jsonResponse(200, []);
      if (call.method === 'PUT' && call.path === `/team/applications/${APPLICATION_ID}/stage`) {
        return jsonResponse(403, {
          message: 'Only an administrator can move an application to Offer for this job.',
        });
      }
      return undefined;
    });
    const store = await adminStore();
    const user = userEvent.setup();
    renderScreen(<TeamApplicationPage />, {
      store,
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });

    const select = await screen.findByRole('combobox', { name: 'Move to stage' });
    const offered = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(['Choose a stage', 'Reviewed', 'Shortlisted', 'Offer']);
    expect(offered).not.toContain('Hired');
    expect(offered).not.toContain('Rejected');

    await user.selectOptions(select, 'offer');
    await user.click(screen.getByRole('button', { name: 'Move' }));

    expect(
      await screen.findAllByText('Only an administrator can move an application to Offer for this job.'),
    ).not.toHaveLength(0);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ stage: 'offer' });
    // A refusal about this application is no reason to end the session.
    expect(store.getState().session.user).not.toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(
      screens.teamApplication.path({ id: APPLICATION_ID }),
    );
  });

  it('shows an interviewer the application and its CV, but neither notes nor stage moves', async () => {
    const calls = stubApi(roleAnswer('interviewer'), (call) =>
      call.path === `/team/applications/${APPLICATION_ID}`
        ? jsonResponse(200, detail({ movableTo: [] }))
        : undefined,
    );
    renderScreen(<TeamApplicationPage />, {
      store: await adminStore(),
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nina Patel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Preview' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CV' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Move to stage' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Notes' })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/notes'))).toBe(false);
  });

  it('shows an interviewer the adjustment agreed for the interview, in the words of the adjustments contact', async () => {
    stubApi(roleAnswer('interviewer'), (call) =>
      call.path === `/team/applications/${APPLICATION_ID}`
        ? jsonResponse(
            200,
            detail({
              movableTo: [],
              interviewIfMinimumCriteriaMet: undefined,
              agreedAdjustment: 'Extra time.',
            }),
          )
        : undefined,
    );
    renderScreen(<TeamApplicationPage />, {
      store: await adminStore(),
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });
    const card = await screen.findByRole('region', { name: 'Your interview' });
    expect(card).toHaveTextContent('An adjustment has been agreed: Extra time.');
    expect(screen.queryByText(/minimum criteria/i)).toBeNull();
  });

  it("shows the answers to the job's questions under their questions", async () => {
    stubApi(roleAnswer('interviewer'), (call) =>
      call.path === `/team/applications/${APPLICATION_ID}`
        ? jsonResponse(
            200,
            detail({
              movableTo: [],
              answers: [
                {
                  id: 'languages',
                  label: 'Which languages do you speak?',
                  type: 'several-of',
                  answer: ['Urdu', 'Arabic'],
                },
                { id: 'licence', label: 'Do you hold a driving licence?', type: 'yes-no', answer: false },
              ],
            }),
          )
        : undefined,
    );
    renderScreen(<TeamApplicationPage />, {
      store: await adminStore(),
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });
    const answers = await screen.findByRole('region', { name: 'Answers' });
    expect(within(answers).getByText('Which languages do you speak?')).toBeInTheDocument();
    expect(within(answers).getByText('Urdu, Arabic')).toBeInTheDocument();
    expect(within(answers).getByText('Do you hold a driving licence?')).toBeInTheDocument();
    expect(within(answers).getByText('No')).toBeInTheDocument();
  });

  it('says so when the job has closed, and stays signed in', async () => {
    stubApi(roleAnswer('hiring-manager'), (call) =>
      call.path === `/team/applications/${APPLICATION_ID}`
        ? jsonResponse(403, { message: 'Your access to this job has ended: it has closed.' })
        : undefined,
    );
    const store = await adminStore();
    renderScreen(<TeamApplicationPage />, {
      store,
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your access to this job has ended: it has closed.',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'This application is not available to you' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your work' })).toHaveAttribute(
      'href',
      screens.teamHome.path(),
    );
    await waitFor(() => expect(document.title).toBe('Application not available | Hiring Team'));
    expect(store.getState().session.user).not.toBeNull();
  });
});

describe("a hiring manager's job", () => {
  it('filters its applications by stage, in the address', async () => {
    stubApi(roleAnswer('hiring-manager'), (call) => {
      if (call.path === '/team/jobs') {
        return jsonResponse(200, [
          {
            _id: JOB_ID,
            jobTitle: 'Claims Handler',
            location: 'Northampton',
            closingDate: null,
            mayDecide: false,
            applicationCount: 2,
          },
        ]);
      }
      if (call.path === `/team/jobs/${JOB_ID}/applications`) {
        const row = detail();
        return jsonResponse(200, [
          { ...row, name: 'Nina Patel', stage: 'interview' },
          { ...row, _id: '00000000-0000-4000-8000-00000000a002', name: 'Omar Khan', stage: 'new' },
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
    expect(await screen.findByRole('link', { name: 'Omar Khan' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'interview');
    expect(screen.queryByRole('link', { name: 'Omar Khan' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Nina Patel' })).toHaveAttribute(
      'href',
      screens.teamApplication.path({ id: APPLICATION_ID }),
    );
    expect(screen.getByTestId('location').dataset.search).toBe('?stage=interview');
  });
});

describe('a job the member may not see', () => {
  it("says so with the server's reason and the way back, and stays signed in", async () => {
    stubApi(roleAnswer('interviewer'), (call) =>
      call.path === `/team/jobs/${JOB_ID}/applications`
        ? jsonResponse(403, { message: 'This job is not one of yours.' })
        : undefined,
    );
    const store = await adminStore();
    renderScreen(<TeamJobPage />, {
      store,
      route: screens.teamJob.path({ id: JOB_ID }),
      path: screens.teamJob.pattern,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This job is not one of yours.');
    expect(
      screen.getByRole('heading', { level: 1, name: 'This job is not available to you' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your jobs' })).toHaveAttribute(
      'href',
      screens.teamHome.path(),
    );
    await waitFor(() => expect(document.title).toBe('Job not available | Hiring Team'));
    expect(store.getState().session.user).not.toBeNull();
  });
});

describe('the administrators’ Team screen', () => {
  const member: TeamMember = {
    _id: '00000000-0000-4000-8000-00000000c001',
    email: 'harriet@example.com',
    name: 'Harriet Manager',
    role: 'hiring-manager',
    invitedAt: '2025-03-04T10:00:00.000Z',
    invitation: 'accepted',
    invitationExpiresAt: '2025-03-07T10:00:00.000Z',
    acceptedAt: '2025-03-04T11:12:00.000Z',
    jobs: [{ jobId: JOB_ID, jobTitle: 'Claims Handler', closed: false, mayDecide: false }],
    interviewCount: 0,
    interviews: [],
    mayInterview: false,
  };
  const otherJob = {
    _id: '00000000-0000-4000-8000-00000000b002',
    jobTitle: 'Night Shift Agent',
    closed: false,
  };

  it('invites a person with a role, and says the invitation went', async () => {
    const calls = stubApi(roleAnswer('admin'), (call) => {
      if (call.method === 'GET' && call.path === '/team-members') return jsonResponse(200, []);
      if (call.method === 'POST' && call.path === '/team-members') {
        return jsonResponse(201, { acknowledged: true, insertedId: member._id, emailed: true });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamMembers jobs={[]} />, { store: await adminStore() });
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Ivan Interviewer');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ivan@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: /Role/ }), 'interviewer');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to ivan@example.com.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Ivan Interviewer',
      email: 'ivan@example.com',
      role: 'interviewer',
    });
  });

  it('refuses an invitation without an e-mail address, naming the field, and sends nothing', async () => {
    const calls = stubApi(roleAnswer('admin'), (call) =>
      call.path === '/team-members' ? jsonResponse(200, []) : undefined,
    );
    const user = userEvent.setup();
    renderScreen(<TeamMembers jobs={[]} />, { store: await adminStore() });
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Ivan Interviewer');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('gives a hiring manager a job with leave to decide, and takes one away', async () => {
    const calls = stubApi(roleAnswer('admin'), (call) => {
      if (call.method === 'GET' && call.path === '/team-members') return jsonResponse(200, [member]);
      if (call.method === 'PUT')
        return jsonResponse(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      if (call.method === 'DELETE') return jsonResponse(200, { acknowledged: true, deletedCount: 1 });
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamMembers jobs={[otherJob]} />, { store: await adminStore() });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Give Harriet Manager a job' }),
      otherJob._id,
    );
    await user.click(screen.getByRole('checkbox', { name: 'May hire or reject' }));
    await user.click(screen.getByRole('button', { name: 'Give job' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: `/team-members/${member._id}/jobs/${otherJob._id}`,
        body: { mayDecide: true },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Take away Claims Handler from Harriet Manager' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
        `/team-members/${member._id}/jobs/${JOB_ID}`,
      ),
    );
  });

  it('removes a person only after the confirmation', async () => {
    stubMatchMedia();
    const calls = stubApi(roleAnswer('admin'), (call) => {
      if (call.method === 'GET' && call.path === '/team-members') return jsonResponse(200, [member]);
      if (call.method === 'DELETE') return jsonResponse(200, { acknowledged: true, deletedCount: 1 });
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamMembers jobs={[]} />, { store: await adminStore() });
    await user.click(await screen.findByRole('button', { name: 'Remove Harriet Manager' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/team-members/${member._id}`),
    );
    expect(await screen.findByText('Harriet Manager was removed from the hiring team.')).toBeInTheDocument();
  });
});

describe('the Team screen’s invitations and interviews', () => {
  const base: TeamMember = {
    _id: '00000000-0000-4000-8000-00000000c010',
    email: 'ivy@example.com',
    name: 'Ivy Interviewer',
    role: 'interviewer',
    // 28 November 2026 at 10:00 in London (GMT), 72 hours to accept.
    invitedAt: '2026-11-28T10:00:00.000Z',
    invitation: 'invited',
    invitationExpiresAt: '2026-12-01T10:00:00.000Z',
    acceptedAt: null,
    jobs: [],
    interviewCount: 0,
    interviews: [],
    mayInterview: true,
  };
  const openJob = { _id: JOB_ID, jobTitle: 'Claims Handler', closed: false };
  const closedJob = { _id: '00000000-0000-4000-8000-00000000b099', jobTitle: 'Old Role', closed: true };
  const teamList = (members: TeamMember[]) => (call: { method: string; path: string }) =>
    call.method === 'GET' && call.path === '/team-members' ? jsonResponse(200, members) : undefined;
  const cardOf = async (name: string) =>
    (await screen.findByRole('heading', { level: 3, name })).closest('li')!;

  it('shows invited, expired and accepted in UK dates, with Resend only where the invitation is not used', async () => {
    stubApi(
      roleAnswer('admin'),
      teamList([
        base,
        {
          ...base,
          _id: '00000000-0000-4000-8000-00000000c011',
          name: 'Ezra Expired',
          email: 'ezra@example.com',
          invitation: 'expired',
        },
        {
          ...base,
          _id: '00000000-0000-4000-8000-00000000c012',
          name: 'Ada Accepted',
          email: 'ada.accepted@example.com',
          invitation: 'accepted',
          acceptedAt: '2026-11-29T10:12:00.000Z',
        },
      ]),
      (call) => (call.path === '/applications' ? jsonResponse(200, []) : undefined),
    );
    renderScreen(<TeamMembers jobs={[]} />, { store: await adminStore() });

    const invited = await cardOf('Ivy Interviewer');
    expect(within(invited).getByText('Invited 28 Nov 2026')).toBeInTheDocument();
    expect(
      within(invited).getByRole('button', { name: 'Resend the invitation to Ivy Interviewer' }),
    ).toBeEnabled();

    const expired = await cardOf('Ezra Expired');
    expect(
      within(expired).getByText('Invitation expired 1 Dec 2026 (invited 28 Nov 2026)'),
    ).toBeInTheDocument();
    expect(
      within(expired).getByRole('button', { name: 'Resend the invitation to Ezra Expired' }),
    ).toBeEnabled();

    const accepted = await cardOf('Ada Accepted');
    expect(within(accepted).getByText('Accepted 29 Nov 2026, 10:12')).toBeInTheDocument();
    expect(within(accepted).queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
  });

  it('resends through the invitation call, and shows the server’s refusal of one too many', async () => {
    let answer = () => jsonResponse(201, { acknowledged: true, insertedId: base._id, emailed: true });
    const calls = stubApi(roleAnswer('admin'), teamList([{ ...base, invitation: 'expired' }]), (call) =>
      call.method === 'POST' && call.path === '/team-members' ? answer() : undefined,
    );
    const user = userEvent.setup();
    renderScreen(<TeamMembers jobs={[]} />, { store: await adminStore() });
    await user.click(await screen.findByRole('button', { name: 'Resend the invitation to Ivy Interviewer' }));
    expect(await screen.findByText('Invitation sent to ivy@example.com.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Ivy Interviewer', email: 'ivy@example.com', role: 'interviewer' },
    ]);

    const refusal =
      'This address has already been sent 5 invitations in the last 24 hours, the most it is sent in a day. Please try again in 24 hours.';
    answer = () => jsonResponse(429, { message: refusal });
    // The first resend is still settling (the list refetches, the button is busy) when its toast
    // shows; a person clicks again once the button is free, and so does this test.
    const again = screen.getByRole('button', { name: 'Resend the invitation to Ivy Interviewer' });
    await waitFor(() => expect(again).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(again);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('lists what an interviewer holds and gives them an open application of an open job', async () => {
    const held = {
      applicationId: APPLICATION_ID,
      applicantName: 'Nina Patel',
      jobId: JOB_ID,
      jobTitle: 'Claims Handler',
      stage: 'interview' as const,
    };
    const rows = [
      applicationRow({ _id: APPLICATION_ID, name: 'Nina Patel', jobId: JOB_ID, stage: 'interview' }),
      applicationRow({ name: 'Omar Open', jobId: JOB_ID, stage: 'shortlisted' }),
      applicationRow({ name: 'Hana Hired', jobId: JOB_ID, stage: 'hired' }),
      applicationRow({ name: 'Cole Closed', jobId: closedJob._id, stage: 'new' }),
    ];
    const calls = stubApi(
      roleAnswer('admin'),
      teamList([
        {
          ...base,
          invitation: 'accepted',
          acceptedAt: base.invitedAt,
          interviews: [held],
          interviewCount: 1,
        },
      ]),
      (call) => (call.path === '/applications' ? jsonResponse(200, rows) : undefined),
      (call) =>
        call.method === 'PUT'
          ? jsonResponse(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1 })
          : undefined,
    );
    const user = userEvent.setup();
    renderScreen(<TeamMembers jobs={[openJob, closedJob]} />, { store: await adminStore() });

    const list = await screen.findByRole('list', { name: 'Applications Ivy Interviewer interviews' });
    expect(within(list).getByText('Nina Patel · Claims Handler · Interview')).toBeInTheDocument();

    const picker = await screen.findByRole('group', {
      name: 'Give Ivy Interviewer an application to interview',
    });
    const job = within(picker).getByRole('combobox', { name: 'Job' });
    // Only open jobs with an application still in progress; the closed job's is not offered.
    expect(
      within(job)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a job', 'Claims Handler']);
    await user.selectOptions(job, JOB_ID);
    const application = within(picker).getByRole('combobox', { name: 'Application' });
    // Not the one they hold, nor a decided one.
    expect(
      within(application)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an application', 'Omar Open · Shortlisted']);
    await user.selectOptions(application, rows[1]!._id);
    await user.click(within(picker).getByRole('button', { name: 'Give application' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.path).toBe(
        `/applications/${rows[1]!._id}/interviewers/${base._id}`,
      ),
    );
    expect(
      await screen.findByText('Ivy Interviewer now interviews Omar Open for Claims Handler.'),
    ).toBeInTheDocument();
  });

  it('offers no picker for someone the server does not offer as an interviewer', async () => {
    const manager: TeamMember = {
      ...base,
      name: 'Harriet Manager',
      role: 'hiring-manager',
      mayInterview: false,
    };
    stubApi(roleAnswer('admin'), teamList([manager]), (call) =>
      call.path === '/applications' ? jsonResponse(200, [applicationRow({ jobId: JOB_ID })]) : undefined,
    );
    renderScreen(<TeamMembers jobs={[{ _id: JOB_ID, jobTitle: 'Claims Handler', closed: false }]} />, {
      store: await adminStore(),
    });
    await screen.findByRole('heading', { level: 3, name: 'Harriet Manager' });
    expect(screen.queryByRole('group', { name: /an application to interview/ })).toBeNull();
  });
});

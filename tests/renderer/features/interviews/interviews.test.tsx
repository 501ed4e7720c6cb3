import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  Scorecard,
  ScorecardsView,
  StaffInterview,
} from '../../../../src/shared/interviews/interview-contract';
import { interviewMessages } from '../../../../src/shared/interviews/interview-contract';
import type { TeamApplicationDetail, TeamMember } from '../../../../src/shared/team/team-contract';
import { screens } from '../../../../src/shared/site/screen-routes';
import { ApplicationDetailPage } from '../../../../src/renderer/app/pages/application-detail-page';
import { TeamApplicationPage } from '../../../../src/renderer/app/pages/team-application-page';
import {
  adminStore,
  applicationDetail,
  applicationRow,
  stubApi,
  stubMatchMedia,
} from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

afterEach(async () => {
  vi.unstubAllGlobals();
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});

const APPLICATION_ID = '00000000-0000-4000-8000-00000000a101';
const JOB_ID = '00000000-0000-4000-8000-00000000b101';
const CRITERIA = ['Calm on the phone', 'Knows motor claims'];

const interviewer = (id: string, name: string): TeamMember => ({
  _id: id,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  name,
  role: 'interviewer',
  invitedAt: '2025-03-04T10:00:00.000Z',
  invitation: 'accepted',
  invitationExpiresAt: '2025-03-07T10:00:00.000Z',
  acceptedAt: '2025-03-04T11:00:00.000Z',
  jobs: [],
  interviewCount: 0,
  interviews: [],
  mayInterview: true,
});
const ivan = interviewer('00000000-0000-4000-8000-00000000c101', 'Ivan Interviewer');
const iris = interviewer('00000000-0000-4000-8000-00000000c102', 'Iris Interviewer');

const noInterview: StaffInterview = { slots: [], booking: null, agreedAdjustment: null };

const scorecard = (name: string, recommendation: Scorecard['recommendation']): Scorecard => ({
  _id: `card-${name}`,
  interviewerName: name,
  interviewerEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  ratings: CRITERIA.map((criterion, index) => ({
    criterion,
    rating: index + 2,
    note: `${name} on ${criterion}`,
  })),
  recommendation,
  submittedAt: '2025-03-10T10:00:00.000Z',
});

const teamDetail = (overrides: Partial<TeamApplicationDetail> = {}): TeamApplicationDetail => ({
  _id: APPLICATION_ID,
  jobId: JOB_ID,
  jobTitle: 'Claims Handler',
  name: 'Nina Patel',
  email: 'nina@example.com',
  phone: '01604 123456',
  about: 'I would like this job.',
  stage: 'shortlisted',
  stageChangedAt: '2025-03-04T10:00:00.000Z',
  createdAt: '2025-03-04T10:00:00.000Z',
  hasResume: true,
  fileSize: 2048,
  movableTo: ['reviewed', 'interview', 'offer'],
  interviewers: [],
  interviewIfMinimumCriteriaMet: false,
  agreedAdjustment: null,
  interview: null,
  answers: [],
  ...overrides,
});

const roleAnswer = (role: string) => (call: { path: string }) =>
  call.path.startsWith('/admin/') ? jsonResponse(200, { admin: role === 'admin', role }) : undefined;

describe('offering interview times', () => {
  it('opens the offer when an administrator chooses Interview, sends the times and shows the server’s refusal', async () => {
    const row = applicationRow({ _id: APPLICATION_ID, name: 'Nina Patel', stage: 'shortlisted' });
    let refuse = true;
    const calls = stubApi(roleAnswer('admin'), (call) => {
      if (call.path === `/applications/${APPLICATION_ID}`) return jsonResponse(200, applicationDetail(row));
      if (call.path === '/team-members') return jsonResponse(200, [ivan, iris]);
      if (call.path === `/applications/${APPLICATION_ID}/interview`) return jsonResponse(200, noInterview);
      if (call.method === 'POST' && call.path === `/applications/${APPLICATION_ID}/interview-slots`) {
        if (refuse) {
          refuse = false;
          return jsonResponse(400, { message: interviewMessages.tooSoon });
        }
        return jsonResponse(200, noInterview);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<ApplicationDetailPage />, {
      store: await adminStore(),
      route: `/dashboard/application/${APPLICATION_ID}`,
      path: '/dashboard/application/:id',
    });

    await user.click(await screen.findByRole('button', { name: 'Stage of Nina Patel: Shortlisted' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Interview' }));
    const form = await screen.findByRole('form', { name: 'Offer interview times' });
    // The keyboard follows the form that opened, and no stage changed yet.
    expect(within(form).getByRole('heading', { name: 'Offer interview times' })).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(within(form).getByLabelText(/^Date/), '2030-06-04');
    await user.type(within(form).getByLabelText(/^Time \(UK time\)/), '10:30');
    await user.clear(within(form).getByLabelText(/^Length \(minutes\)/));
    await user.type(within(form).getByLabelText(/^Length \(minutes\)/), '60');
    await user.type(within(form).getByLabelText(/^Place or video link/), 'https://meet.example.com/nina');
    await user.click(within(form).getByRole('checkbox', { name: 'Ivan Interviewer (ivan@example.com)' }));
    await user.click(within(form).getByRole('button', { name: 'Add another time' }));
    // The next time starts as the last: its length, place and interviewers, the same time of
    // day on the next working day (4 June 2030 is a Tuesday).
    const second = within(form).getByRole('group', { name: 'New time 2' });
    expect(within(second).getByLabelText(/^Date/)).toHaveValue('2030-06-05');
    expect(within(second).getByLabelText(/^Time \(UK time\)/)).toHaveValue('10:30');
    expect(within(second).getByLabelText(/^Length \(minutes\)/)).toHaveValue(60);
    expect(within(second).getByLabelText(/^Place or video link/)).toHaveValue(
      'https://meet.example.com/nina',
    );
    expect(
      within(second).getByRole('checkbox', { name: 'Ivan Interviewer (ivan@example.com)' }),
    ).toBeChecked();
    expect(
      within(second).getByRole('checkbox', { name: 'Iris Interviewer (iris@example.com)' }),
    ).not.toBeChecked();
    // Only what differs is typed: here the time, and one more interviewer.
    await user.clear(within(second).getByLabelText(/^Time \(UK time\)/));
    await user.type(within(second).getByLabelText(/^Time \(UK time\)/), '14:00');
    await user.click(within(second).getByRole('checkbox', { name: 'Iris Interviewer (iris@example.com)' }));
    // Changing the copy leaves the first time as it was.
    expect(
      within(within(form).getByRole('group', { name: 'New time 1' })).getByRole('checkbox', {
        name: 'Iris Interviewer (iris@example.com)',
      }),
    ).not.toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Offer these times' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(interviewMessages.tooSoon);
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted.at(-1)?.body).toEqual({
      slots: [
        {
          date: '2030-06-04',
          time: '10:30',
          durationMinutes: 60,
          place: 'https://meet.example.com/nina',
          interviewerIds: [ivan._id],
        },
        {
          date: '2030-06-05',
          time: '14:00',
          durationMinutes: 60,
          place: 'https://meet.example.com/nina',
          interviewerIds: [ivan._id, iris._id],
        },
      ],
      slotIds: [],
    });

    // Sent again, it is accepted and the form closes.
    await user.click(within(form).getByRole('button', { name: 'Offer these times' }));
    expect(await screen.findByRole('button', { name: 'Offer interview times' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Offer interview times' })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('lets a hiring manager ask anyone of the hiring team to interview at a new time', async () => {
    stubApi(roleAnswer('hiring-manager'), (call) => {
      if (call.path === `/team/applications/${APPLICATION_ID}`) return jsonResponse(200, teamDetail());
      if (call.path === `/team/applications/${APPLICATION_ID}/notes`) return jsonResponse(200, []);
      if (call.path === `/team/applications/${APPLICATION_ID}/interview`)
        return jsonResponse(200, noInterview);
      if (call.path === '/team/interviewers') return jsonResponse(200, [ivan, iris]);
      if (call.path === `/team/applications/${APPLICATION_ID}/scorecards`) {
        return jsonResponse(200, {
          criteria: CRITERIA,
          own: null,
          others: [],
          othersHidden: false,
          owedBy: [],
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamApplicationPage />, {
      store: await adminStore(),
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Move to stage' }), 'interview');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    const form = await screen.findByRole('form', { name: 'Offer interview times' });
    // Neither is on this application or on the job's times yet: the list is the team's.
    const chooseFrom = within(form).getByRole('group', { name: 'Interviewers' });
    expect(await within(chooseFrom).findByRole('checkbox', { name: /Iris Interviewer/ })).toBeInTheDocument();
    expect(within(chooseFrom).getByRole('checkbox', { name: /Ivan Interviewer/ })).toBeInTheDocument();
  });

  it('lets a hiring manager reuse the job’s free times, from the stage they choose', async () => {
    const free: StaffInterview = {
      slots: [
        {
          _id: 'slot-free',
          startsAt: '2030-06-04T09:30:00.000Z',
          durationMinutes: 45,
          place: 'Northampton office',
          interviewers: [{ _id: ivan._id, name: ivan.name, email: ivan.email }],
          offered: false,
          booking: 'free',
        },
        {
          _id: 'slot-taken',
          startsAt: '2030-06-04T11:00:00.000Z',
          durationMinutes: 45,
          place: 'Northampton office',
          interviewers: [{ _id: ivan._id, name: ivan.name, email: ivan.email }],
          offered: false,
          booking: 'other',
        },
      ],
      booking: null,
      agreedAdjustment: null,
    };
    const calls = stubApi(roleAnswer('hiring-manager'), (call) => {
      if (call.path === `/team/applications/${APPLICATION_ID}`) return jsonResponse(200, teamDetail());
      if (call.path === `/team/applications/${APPLICATION_ID}/notes`) return jsonResponse(200, []);
      if (call.path === `/team/applications/${APPLICATION_ID}/interview`) return jsonResponse(200, free);
      if (call.path === `/team/applications/${APPLICATION_ID}/scorecards`) {
        return jsonResponse(200, {
          criteria: CRITERIA,
          own: null,
          others: [],
          othersHidden: false,
          owedBy: [],
        });
      }
      if (call.method === 'POST') return jsonResponse(200, free);
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamApplicationPage />, {
      store: await adminStore(),
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Move to stage' }), 'interview');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    const form = await screen.findByRole('form', { name: 'Offer interview times' });
    const reusable = within(form).getByRole('group', { name: 'Free times of this job (UK time)' });
    // Only the free time is offered again; one another applicant booked is not.
    expect(within(reusable).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(reusable).getByRole('checkbox', { name: /Northampton office/ }));
    await user.click(within(form).getByRole('button', { name: 'Offer these times' }));
    expect(await screen.findByRole('button', { name: 'Offer interview times' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/team/applications/${APPLICATION_ID}/interview-slots`);
    expect(post?.body).toEqual({ slots: [], slotIds: ['slot-free'] });
    // Choosing Interview is the offer: no bare stage move went.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

describe('the Interview card', () => {
  it('shows staff the adjustment the contact agreed, never a request', async () => {
    const row = applicationRow({ _id: APPLICATION_ID, name: 'Nina Patel', stage: 'interview' });
    const booked: StaffInterview = {
      slots: [
        {
          _id: 'slot-booked',
          startsAt: '2030-06-04T09:30:00.000Z',
          durationMinutes: 45,
          place: 'Northampton office',
          interviewers: [{ _id: ivan._id, name: ivan.name, email: ivan.email }],
          offered: true,
          booking: 'this',
        },
      ],
      booking: { slotId: 'slot-booked', bookedAt: '2030-05-01T09:00:00.000Z' },
      agreedAdjustment: 'A ground-floor room.',
    };
    stubApi(roleAnswer('admin'), (call) => {
      if (call.path === `/applications/${APPLICATION_ID}`) return jsonResponse(200, applicationDetail(row));
      if (call.path === '/team-members') return jsonResponse(200, [ivan, iris]);
      if (call.path === `/applications/${APPLICATION_ID}/interview`) return jsonResponse(200, booked);
      return undefined;
    });
    renderScreen(<ApplicationDetailPage />, {
      store: await adminStore(),
      route: `/dashboard/application/${APPLICATION_ID}`,
      path: '/dashboard/application/:id',
    });
    const card = await screen.findByRole('region', { name: 'Interview' });
    expect(
      await within(card).findByText('An adjustment has been agreed: A ground-floor room.'),
    ).toBeInTheDocument();
    expect(within(card).getByText(/^Booked: Tuesday 4 June 2030 at 10:30 BST/)).toBeInTheDocument();
    expect(card.textContent).not.toMatch(/asked for/i);
  });
});

describe('moving or cancelling a booked interview for the applicant', () => {
  const ivanPerson = { _id: ivan._id, name: ivan.name, email: ivan.email };
  const booked: StaffInterview = {
    slots: [
      {
        _id: 'slot-booked',
        startsAt: '2030-06-07T09:30:00.000Z',
        durationMinutes: 60,
        place: 'https://meet.example.com/nina',
        interviewers: [ivanPerson],
        offered: true,
        booking: 'this',
      },
      {
        _id: 'slot-free',
        startsAt: '2030-06-11T13:00:00.000Z',
        durationMinutes: 45,
        place: 'Northampton office',
        interviewers: [ivanPerson],
        offered: false,
        booking: 'free',
      },
      {
        _id: 'slot-other',
        startsAt: '2030-06-12T13:00:00.000Z',
        durationMinutes: 45,
        place: 'Northampton office',
        interviewers: [ivanPerson],
        offered: false,
        booking: 'other',
      },
    ],
    booking: { slotId: 'slot-booked', bookedAt: '2030-05-01T09:00:00.000Z' },
    agreedAdjustment: null,
  };
  const movedAnswer: StaffInterview = {
    ...booked,
    slots: booked.slots.map((slot) =>
      slot._id === 'slot-booked'
        ? { ...slot, booking: 'free' }
        : slot._id === 'slot-free'
          ? { ...slot, booking: 'this' }
          : slot,
    ),
    booking: { slotId: 'slot-free', bookedAt: '2030-05-01T09:00:00.000Z' },
  };

  it('lets an administrator move it to a new time started from the booked one, then to a free time of the job, and shows the server’s refusal', async () => {
    const row = applicationRow({ _id: APPLICATION_ID, name: 'Nina Patel', stage: 'interview' });
    let current = booked;
    let refuse = true;
    const calls = stubApi(roleAnswer('admin'), (call) => {
      if (call.path === `/applications/${APPLICATION_ID}`) return jsonResponse(200, applicationDetail(row));
      if (call.path === '/team-members') return jsonResponse(200, [ivan, iris]);
      if (call.path === `/applications/${APPLICATION_ID}/interview`) return jsonResponse(200, current);
      if (call.method === 'PUT' && call.path === `/applications/${APPLICATION_ID}/interview/booking`) {
        if (refuse) {
          refuse = false;
          return jsonResponse(409, { message: interviewMessages.staffSlotTaken });
        }
        current = movedAnswer;
        return jsonResponse(200, current);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<ApplicationDetailPage />, {
      store: await adminStore(),
      route: `/dashboard/application/${APPLICATION_ID}`,
      path: '/dashboard/application/:id',
    });
    const card = await screen.findByRole('region', { name: 'Interview' });
    await user.click(await within(card).findByRole('button', { name: 'Move to another time' }));
    const form = within(card).getByRole('form', { name: 'Move the interview' });
    expect(within(form).getByRole('heading', { name: 'Move the interview' })).toHaveFocus();
    const choices = within(form).getByRole('radiogroup', { name: /^Move it to \(UK time\)/ });
    // The job's free time and a new one; never the time another applicant holds, nor its own.
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.closest('span, div')?.textContent),
    ).toEqual([
      'Tuesday 11 June 2030 at 14:00 BST, 45 minutes, Northampton office, with Ivan Interviewer',
      'A new time',
    ]);

    // A new time starts from the booked one (a Friday): the next working day, its length, link
    // and interviewer.
    await user.click(within(choices).getByRole('radio', { name: 'A new time' }));
    const fields = within(form).getByRole('group', { name: 'New time' });
    expect(within(fields).getByLabelText(/^Date/)).toHaveValue('2030-06-10');
    expect(within(fields).getByLabelText(/^Time \(UK time\)/)).toHaveValue('10:30');
    expect(within(fields).getByLabelText(/^Length \(minutes\)/)).toHaveValue(60);
    expect(within(fields).getByLabelText(/^Place or video link/)).toHaveValue(
      'https://meet.example.com/nina',
    );
    expect(
      within(fields).getByRole('checkbox', { name: 'Ivan Interviewer (ivan@example.com)' }),
    ).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Move the interview' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(interviewMessages.staffSlotTaken);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      slot: {
        date: '2030-06-10',
        time: '10:30',
        durationMinutes: 60,
        place: 'https://meet.example.com/nina',
        interviewerIds: [ivan._id],
      },
    });

    await user.click(within(choices).getByRole('radio', { name: /Tuesday 11 June 2030/ }));
    await user.click(within(form).getByRole('button', { name: 'Move the interview' }));
    expect(
      await screen.findByText(
        'Interview moved: the applicant and the interviewers have been e-mailed the new time.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ slotId: 'slot-free' });
    expect(await within(card).findByText(/^Booked: Tuesday 11 June 2030 at 14:00 BST/)).toBeInTheDocument();
    expect(within(card).queryByRole('form', { name: 'Move the interview' })).toBeNull();
    // The keyboard is back where it was.
    expect(within(card).getByRole('button', { name: 'Move to another time' })).toHaveFocus();
  });

  it('lets the hiring manager cancel it after saying what happens, and not before they confirm', async () => {
    stubMatchMedia();
    let current = booked;
    const calls = stubApi(roleAnswer('hiring-manager'), (call) => {
      if (call.path === `/team/applications/${APPLICATION_ID}`)
        return jsonResponse(200, teamDetail({ stage: 'interview' }));
      if (call.path === `/team/applications/${APPLICATION_ID}/notes`) return jsonResponse(200, []);
      if (call.path === `/team/applications/${APPLICATION_ID}/interview`) return jsonResponse(200, current);
      if (call.path === '/team/interviewers') return jsonResponse(200, [ivan, iris]);
      if (call.path === `/team/applications/${APPLICATION_ID}/scorecards`) {
        return jsonResponse(200, {
          criteria: CRITERIA,
          own: null,
          others: [],
          othersHidden: false,
          owedBy: [],
        });
      }
      if (
        call.method === 'DELETE' &&
        call.path === `/team/applications/${APPLICATION_ID}/interview/booking`
      ) {
        current = { ...booked, slots: [], booking: null };
        return jsonResponse(200, current);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamApplicationPage />, {
      store: await adminStore(),
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });
    const card = await screen.findByRole('region', { name: 'Interview' });
    await user.click(await within(card).findByRole('button', { name: 'Cancel the interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this interview?' });
    expect(dialog).toHaveTextContent(
      'The applicant and the interviewers will be e-mailed that it is cancelled',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Cancel the interview' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }),
    );
    expect(
      await screen.findByText('Interview cancelled: the applicant and the interviewers have been e-mailed.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(await within(card).findByText('No interview times offered yet.')).toBeInTheDocument();
  });
});

describe('scorecards', () => {
  it('has an interviewer score each requirement by keyboard, hides the others’ until theirs is in, then shows them side by side', async () => {
    const hidden: ScorecardsView = {
      criteria: CRITERIA,
      own: null,
      others: [],
      othersHidden: true,
      owedBy: [],
      scoring: { opensAt: '2025-03-10T09:00:00.000Z', open: true },
    };
    const revealed: ScorecardsView = {
      criteria: CRITERIA,
      own: scorecard('Ivan Interviewer', 'yes'),
      others: [scorecard('Iris Interviewer', 'strong-no')],
      othersHidden: false,
      owedBy: [],
    };
    const calls = stubApi(roleAnswer('interviewer'), (call) => {
      if (call.path === `/team/applications/${APPLICATION_ID}`) {
        return jsonResponse(200, teamDetail({ stage: 'interview', movableTo: [] }));
      }
      if (call.path === `/team/applications/${APPLICATION_ID}/scorecards`) return jsonResponse(200, hidden);
      if (call.method === 'PUT' && call.path === `/team/applications/${APPLICATION_ID}/scorecard`) {
        return jsonResponse(200, revealed);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamApplicationPage />, {
      store: await adminStore(),
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });

    const form = await screen.findByRole('form', { name: 'Your scorecard' });
    expect(
      screen.getByText(/Other interviewers’ scorecards are hidden until yours is in/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Iris Interviewer')).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/interview'))).toBe(false);

    // Sending it incomplete is stopped here.
    await user.click(within(form).getByRole('button', { name: 'Submit scorecard' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Rate each requirement and choose a recommendation.',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // Each control has its label; the arrow keys move through a rating's choices.
    const first = within(form).getByRole('radiogroup', { name: /Rating for Calm on the phone/ });
    within(first).getByRole('radio', { name: '1: Not shown' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(first).getByRole('radio', { name: '3: Meets it' })).toBeChecked();
    await user.type(within(form).getByRole('textbox', { name: /Note on Calm on the phone/ }), 'Steady.');
    await user.click(
      within(within(form).getByRole('radiogroup', { name: /Rating for Knows motor claims/ })).getByRole(
        'radio',
        {
          name: '4: Beyond it',
        },
      ),
    );
    await user.click(
      within(within(form).getByRole('radiogroup', { name: /Overall recommendation/ })).getByRole('radio', {
        name: 'Yes',
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Submit scorecard' }));

    const table = await screen.findByRole('table', { name: 'Scorecards side by side' });
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ratings: [
        { criterion: CRITERIA[0], rating: 3, note: 'Steady.' },
        { criterion: CRITERIA[1], rating: 4, note: '' },
      ],
      recommendation: 'yes',
    });
    expect(within(table).getByRole('columnheader', { name: 'Ivan Interviewer (you)' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Iris Interviewer' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Recommendation/ })).toHaveTextContent('YesStrong no');
    expect(screen.queryByRole('form', { name: 'Your scorecard' })).toBeNull();
    expect(screen.queryByText(/hidden until yours is in/)).toBeNull();
    // The screen stays: the application is not fetched again to find it refused.
    expect(screen.getByRole('heading', { level: 1, name: 'Nina Patel' })).toBeInTheDocument();
  });

  it('shows an administrator every scorecard side by side, and who still owes one', async () => {
    const row = applicationRow({ _id: APPLICATION_ID, name: 'Nina Patel', stage: 'interview' });
    stubApi(roleAnswer('admin'), (call) => {
      if (call.path === `/applications/${APPLICATION_ID}`) return jsonResponse(200, applicationDetail(row));
      if (call.path === '/team-members') return jsonResponse(200, [ivan, iris]);
      if (call.path === `/applications/${APPLICATION_ID}/interview`) return jsonResponse(200, noInterview);
      if (call.path === `/applications/${APPLICATION_ID}/scorecards`) {
        return jsonResponse(200, {
          criteria: CRITERIA,
          own: null,
          others: [scorecard('Ivan Interviewer', 'yes'), scorecard('Iris Interviewer', 'strong-no')],
          othersHidden: false,
          owedBy: [{ _id: 'x', name: 'Omar Owes', email: 'omar@example.com' }],
        } satisfies ScorecardsView);
      }
      return undefined;
    });
    renderScreen(<ApplicationDetailPage />, {
      store: await adminStore(),
      route: `/dashboard/application/${APPLICATION_ID}`,
      path: '/dashboard/application/:id',
    });
    const table = await screen.findByRole('table', { name: 'Scorecards side by side' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Requirement', 'Ivan Interviewer', 'Iris Interviewer']);
    expect(within(table).getByRole('row', { name: /Calm on the phone/ })).toHaveTextContent(
      'Ivan Interviewer on Calm on the phone',
    );
    expect(screen.getByText('Still owed by: Omar Owes.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your scorecard' })).toBeNull();
  });
});

describe('who interviews an application', () => {
  it('lets an administrator give a team member the application and end another’s access, from the application', async () => {
    const row = applicationRow({ _id: APPLICATION_ID, name: 'Nina Patel', stage: 'shortlisted' });
    let assigned = [{ _id: iris._id, name: iris.name, email: iris.email }];
    const calls = stubApi(roleAnswer('admin'), (call) => {
      if (call.path === `/applications/${APPLICATION_ID}`) return jsonResponse(200, applicationDetail(row));
      if (call.path === '/team-members') return jsonResponse(200, [ivan, iris]);
      if (call.path === `/applications/${APPLICATION_ID}/interview`) return jsonResponse(200, noInterview);
      if (call.path === `/applications/${APPLICATION_ID}/interviewers`) return jsonResponse(200, assigned);
      if (call.path === `/applications/${APPLICATION_ID}/interviewers/${ivan._id}` && call.method === 'PUT') {
        assigned = [...assigned, { _id: ivan._id, name: ivan.name, email: ivan.email }];
        return jsonResponse(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }
      if (
        call.path === `/applications/${APPLICATION_ID}/interviewers/${iris._id}` &&
        call.method === 'DELETE'
      ) {
        assigned = assigned.filter((person) => person._id !== iris._id);
        return jsonResponse(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<ApplicationDetailPage />, {
      store: await adminStore(),
      route: `/dashboard/application/${APPLICATION_ID}`,
      path: '/dashboard/application/:id',
    });
    const card = await screen.findByRole('region', { name: 'Interviewers' });
    const list = await within(card).findByRole('list', { name: 'Who interviews this applicant' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Iris Interviewer (iris@example.com)Remove']);
    // Only those not already interviewing are offered.
    const choice = within(card).getByRole('combobox', { name: 'Add an interviewer' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a team member', 'Ivan Interviewer']);
    await user.selectOptions(choice, 'Ivan Interviewer');
    await user.click(within(card).getByRole('button', { name: 'Give access' }));
    expect(await within(card).findByText('Ivan Interviewer (ivan@example.com)')).toBeInTheDocument();
    expect(
      await screen.findByText('Ivan Interviewer now interviews this applicant and can read the application.'),
    ).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Remove Iris Interviewer' }));
    await expect.poll(() => within(card).queryByText('Iris Interviewer (iris@example.com)')).toBeNull();
    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual([
      `PUT /applications/${APPLICATION_ID}/interviewers/${ivan._id}`,
      `DELETE /applications/${APPLICATION_ID}/interviewers/${iris._id}`,
    ]);
  });

  it('lets the job’s hiring manager do the same through the team’s calls', async () => {
    const detail = teamDetail();
    const calls = stubApi(roleAnswer('hiring-manager'), (call) => {
      if (call.path === '/team/jobs') {
        return jsonResponse(200, [{ _id: JOB_ID, managed: true }]);
      }
      if (call.path === `/team/applications/${APPLICATION_ID}`) return jsonResponse(200, detail);
      if (call.path === '/team/interviewers') {
        return jsonResponse(
          200,
          [ivan, iris].map(({ _id, name, email }) => ({ _id, name, email })),
        );
      }
      if (
        call.path === `/team/applications/${APPLICATION_ID}/interviewers/${ivan._id}` &&
        call.method === 'PUT'
      ) {
        detail.interviewers = [{ _id: ivan._id, name: ivan.name, email: ivan.email }];
        return jsonResponse(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen(<TeamApplicationPage />, {
      store: await adminStore(),
      route: screens.teamApplication.path({ id: APPLICATION_ID }),
      path: screens.teamApplication.pattern,
    });
    const card = await screen.findByRole('region', { name: 'Interviewers' });
    expect(within(card).getByText('No interviewer has been given this application.')).toBeInTheDocument();
    await user.selectOptions(
      await within(card).findByRole('combobox', { name: 'Add an interviewer' }),
      'Ivan Interviewer',
    );
    await user.click(within(card).getByRole('button', { name: 'Give access' }));
    expect(await within(card).findByText('Ivan Interviewer (ivan@example.com)')).toBeInTheDocument();
    expect(
      calls.some(
        (call) =>
          call.method === 'PUT' &&
          call.path === `/team/applications/${APPLICATION_ID}/interviewers/${ivan._id}`,
      ),
    ).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ScorecardsView } from '../../../../src/shared/interviews/interview-contract';
import { messages } from '../../../../src/shared/messages';
import { screens } from '../../../../src/shared/site/screen-routes';
import type { TeamApplicationDetail, TeamInterviewRow } from '../../../../src/shared/team/team-contract';
import { TeamApplicationPage } from '../../../../src/renderer/app/pages/team-application-page';
import { TeamHomePage } from '../../../../src/renderer/features/team/team-home-page';
import { api } from '../../../../src/renderer/store/api';
import { adminStore, stubApi } from '../../support/hiring-fixtures';
import { jsonResponse, renderScreen } from '../../support/test-utils';

/**
 * The interviewer's own screens (docs/behaviour.md#the-hiring-teams-screens): their home in two
 * groups, the interview first on an application, and the scorecard closed until the interview
 * starts.
 */

afterEach(() => vi.unstubAllGlobals());

const APPLICATION_ID = '00000000-0000-4000-8000-00000000a301';
const JOB_ID = '00000000-0000-4000-8000-00000000b301';
/** Wednesday 2 December 2026, 14:00 in London (GMT). */
const STARTS_AT = '2026-12-02T14:00:00.000Z';

const asInterviewer = (call: { path: string }) =>
  call.path.startsWith('/admin/') ? jsonResponse(200, { admin: false, role: 'interviewer' }) : undefined;

const row = (id: string, name: string, overrides: Partial<TeamInterviewRow> = {}): TeamInterviewRow => ({
  _id: `00000000-0000-4000-8000-0000000a${id}`,
  jobId: JOB_ID,
  jobTitle: 'Claims Handler',
  name,
  stage: 'interview',
  stageChangedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  hasResume: true,
  scoredAt: null,
  ...overrides,
});

const detail = (overrides: Partial<TeamApplicationDetail> = {}): TeamApplicationDetail => ({
  _id: APPLICATION_ID,
  jobId: JOB_ID,
  jobTitle: 'Claims Handler',
  name: 'Nina Patel',
  email: 'nina@example.com',
  phone: '01604 123456',
  about: 'I would like this job.',
  stage: 'interview',
  stageChangedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  hasResume: true,
  fileSize: 2048,
  movableTo: [],
  interviewers: [],
  agreedAdjustment: null,
  interview: {
    startsAt: STARTS_AT,
    durationMinutes: 45,
    place: 'Video call: https://meet.example.com/claims-42',
    otherInterviewers: ['Iris Interviewer'],
  },
  answers: [],
  interviewStartsAt: STARTS_AT,
  ...overrides,
});

const scorecards = (scoring: ScorecardsView['scoring']): ScorecardsView => ({
  criteria: ['Calm on the phone'],
  own: null,
  others: [],
  othersHidden: true,
  owedBy: [],
  scoring,
});

const openApplication = async (
  application: TeamApplicationDetail,
  view: () => ScorecardsView,
): Promise<void> => {
  stubApi(asInterviewer, (call) => {
    if (call.path === `/team/applications/${APPLICATION_ID}`) return jsonResponse(200, application);
    if (call.path === `/team/applications/${APPLICATION_ID}/scorecards`) return jsonResponse(200, view());
    return undefined;
  });
  renderScreen(<TeamApplicationPage />, {
    store: await adminStore(),
    route: screens.teamApplication.path({ id: APPLICATION_ID }),
    path: screens.teamApplication.pattern,
  });
  await screen.findByRole('heading', { level: 1, name: 'Nina Patel' });
};

describe("an interviewer's home", () => {
  it('groups their applications: To interview, soonest first, and Scored, with when', async () => {
    const started = new Date(Date.now() - 60_000).toISOString();
    stubApi(asInterviewer, (call) =>
      call.path === '/team/interviews'
        ? jsonResponse(200, [
            row('0301', 'Pat Unbooked'),
            row('0302', 'Omar Later', { interviewStartsAt: '2026-12-09T10:30:00.000Z' }),
            row('0303', 'Nina Started', { interviewStartsAt: started }),
            row('0304', 'Sol Scored', {
              jobTitle: 'Night Shift Agent',
              interviewStartsAt: '2026-11-26T09:00:00.000Z',
              scoredAt: '2026-11-26T10:05:00.000Z',
            }),
          ])
        : undefined,
    );
    renderScreen(<TeamHomePage />, { store: await adminStore(), route: '/team' });

    const toInterview = await screen.findByRole('list', { name: 'To interview' });
    const items = within(toInterview).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Nina Started',
      'Omar Later',
      'Pat Unbooked',
    ]);
    expect(items[0]).toHaveTextContent('Scorecard due');
    expect(items[1]).toHaveTextContent('Claims Handler');
    expect(items[1]).toHaveTextContent('Interview: Wednesday 9 December 2026 at 10:30 GMT');
    expect(items[1]).not.toHaveTextContent('Scorecard due');
    expect(items[2]).toHaveTextContent('No interview booked yet');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      screens.teamApplication.path({ id: row('0303', '')._id }),
    );

    const scored = screen.getByRole('list', { name: 'Scored' });
    const [done] = within(scored).getAllByRole('listitem');
    expect(done).toHaveTextContent('Sol Scored');
    expect(done).toHaveTextContent('Night Shift Agent');
    expect(done).toHaveTextContent('Interview: Thursday 26 November 2026 at 09:00 GMT');
    expect(done).toHaveTextContent('Scored 26 November 2026, 10:05');
    expect(done).not.toHaveTextContent('Scorecard due');
    expect(screen.queryByText('Nothing assigned to you yet')).toBeNull();
  });

  it('says when nothing is assigned, and when a group is empty', async () => {
    const answers: TeamInterviewRow[][] = [[], [row('0305', 'Pat Unbooked')]];
    stubApi(asInterviewer, (call) =>
      call.path === '/team/interviews' ? jsonResponse(200, answers.shift() ?? []) : undefined,
    );
    const store = await adminStore();
    const first = renderScreen(<TeamHomePage />, { store, route: '/team' });
    expect(await screen.findByRole('heading', { name: 'Nothing assigned to you yet' })).toBeInTheDocument();
    first.unmount();
    store.dispatch(api.util.resetApiState());

    renderScreen(<TeamHomePage />, { store, route: '/team' });
    const scored = await screen.findByRole('region', { name: 'Scored' });
    expect(scored).toHaveTextContent('You have not submitted a scorecard yet.');
  });
});

describe("an interviewer's application", () => {
  it('shows the interview first: when in UK words, how long, where (the video link a link), with whom, and the agreed adjustment', async () => {
    await openApplication(detail({ agreedAdjustment: 'A ground-floor room.' }), () =>
      scorecards({ opensAt: STARTS_AT, open: false }),
    );
    const card = screen.getByRole('region', { name: 'Your interview' });
    const facts = within(card)
      .getAllByRole('definition')
      .map((item) => item.textContent);
    expect(facts).toEqual([
      'Wednesday 2 December 2026 at 14:00 GMT',
      '45 minutes',
      'Video call: https://meet.example.com/claims-42',
      'Iris Interviewer',
      'An adjustment has been agreed: A ground-floor room.',
    ]);
    expect(within(card).getByRole('link', { name: 'https://meet.example.com/claims-42' })).toHaveAttribute(
      'href',
      'https://meet.example.com/claims-42',
    );
    // First on the screen: before the applicant's details.
    const contact = screen.getByRole('region', { name: 'Applicant Information' });
    expect(card.compareDocumentPosition(contact) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the scorecard closed until the interview starts, saying from when', async () => {
    await openApplication(detail(), () => scorecards({ opensAt: STARTS_AT, open: false }));
    const card = screen.getByRole('region', { name: 'Scorecards' });
    expect(
      await within(card).findByText(
        'Your scorecard opens when the interview starts: you can score from 14:00 on Wednesday 2 December.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('form', { name: 'Your scorecard' })).toBeNull();
  });

  it('says the scorecard is not open while no interview is booked', async () => {
    await openApplication(detail({ interview: null, interviewStartsAt: undefined }), () =>
      scorecards({ opensAt: null, open: false }),
    );
    expect(
      within(screen.getByRole('region', { name: 'Your interview' })).getByText('No interview is booked yet.'),
    ).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Scorecards' });
    expect(await within(card).findByText(messages.scorecardNoInterview)).toBeInTheDocument();
    expect(within(card).queryByRole('form', { name: 'Your scorecard' })).toBeNull();
  });

  it('opens the form on a screen left open, once the server says the interview has started', async () => {
    const justStarted = new Date(Date.now() - 500).toISOString();
    const answers = [
      scorecards({ opensAt: justStarted, open: false }),
      scorecards({ opensAt: justStarted, open: true }),
    ];
    await openApplication(detail({ interview: { ...detail().interview!, startsAt: justStarted } }), () =>
      answers.length > 1 ? answers.shift()! : answers[0]!,
    );
    const card = screen.getByRole('region', { name: 'Scorecards' });
    expect(
      await within(card).findByText(/^Your scorecard opens when the interview starts/),
    ).toBeInTheDocument();
    expect(
      await within(card).findByRole('form', { name: 'Your scorecard' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/^Your scorecard opens/)).toBeNull();
  });
});

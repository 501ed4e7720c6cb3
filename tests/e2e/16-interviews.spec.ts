import type { Locator, Page } from '@playwright/test';
import { formatDate, formatWeekdayDate } from '../../src/shared/format/date';
import { formatInterviewTime, fromLondonTime } from '../../src/shared/interviews/london-time';
import { messages } from '../../src/shared/messages';
import { screens } from '../../src/shared/site/screen-routes';
import { E2E_ADMIN, adminToken, api, createJob, tabTo } from './e2e-env';
import { animationsSettled, expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';
import {
  TEAM_PASSWORD,
  applyTo,
  fromMail,
  interviewLinkPath,
  interviewerWithPassword,
  mailsTo,
  newPerson,
} from './team-flows';

/**
 * Interviews and scorecards in the browser (docs/behaviour.md#interviews): an administrator offers
 * a time with two interviewers of the hiring team, the applicant books it through the private link
 * of the e-mail that offered it and asks for an adjustment, and the administrator moves it for
 * them to a new time, which the applicant's page then shows. An interviewer follows the link of
 * their booking e-mail to the application, the interview first, and cannot score before it starts;
 * once it has (the server's clock moved on), they score by keyboard, blind to the other's
 * scorecard until their own is in, then see both side by side and keep the application under
 * Scored. The first test uses the worker's shared server; the second a server of its own, whose
 * clock it moves.
 */

// Password hashes for the sign-ins beside other browsers, and two people's screens: twice the usual time.
test.describe.configure({ timeout: 120_000 });

/** A date `days` ahead as a UK calendar reads it (`YYYY-MM-DD`): well over the 24 hours' notice. */
const ukDateIn = (days: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** How the site words a UK date and time: "Wednesday 7 July 2027 at 10:30 BST". */
const ukTime = (date: string, time: string): string => formatInterviewTime(fromLondonTime(date, time)!);

/** The job's requirements, which become the scorecard's criteria (createJob's defaults). */
const CRITERIA = ['Clear spoken English', 'A second language is a plus'] as const;
const RATING_NAMES = ['1: Not shown', '2: Partly', '3: Meets it', '4: Beyond it'] as const;
const RECOMMENDATIONS = ['Strong no', 'No', 'Yes', 'Strong yes'] as const;

type Score = {
  ratings: readonly [number, number];
  notes: readonly [string, string];
  recommendation: (typeof RECOMMENDATIONS)[number];
};

/**
 * Fills in the scorecard form with the keyboard alone: Tab into each rating group, the arrow keys
 * to the rating (Space for the first), Tab to its note and type; the same for the recommendation;
 * then Enter on Submit scorecard.
 */
async function scoreByKeyboard(page: Page, form: Locator, score: Score): Promise<void> {
  const choose = async (group: Locator, names: readonly string[], index: number) => {
    await tabTo(page, group.getByRole('radio', { name: names[0], exact: true }));
    if (index === 0) await page.keyboard.press('Space');
    for (let step = 0; step < index; step++) await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: names[index], exact: true })).toBeChecked();
  };
  for (const [at, criterion] of CRITERIA.entries()) {
    await choose(
      form.getByRole('radiogroup', { name: new RegExp(`^Rating for ${criterion}`) }),
      RATING_NAMES,
      score.ratings[at]! - 1,
    );
    const note = form.getByRole('textbox', { name: new RegExp(`^Note on ${criterion}`) });
    await tabTo(page, note);
    await page.keyboard.type(score.notes[at]!);
    await expect(note).toHaveValue(score.notes[at]!);
  }
  await choose(
    form.getByRole('radiogroup', { name: /^Overall recommendation/ }),
    RECOMMENDATIONS,
    RECOMMENDATIONS.indexOf(score.recommendation),
  );
  await tabTo(page, form.getByRole('button', { name: 'Submit scorecard' }));
  await page.keyboard.press('Enter');
}

const ratingText = (score: Score, at: 0 | 1) => `${RATING_NAMES[score.ratings[at] - 1]}. ${score.notes[at]}`;

test('an administrator offers a time with two interviewers; the applicant books it through the link in the e-mail, asking for an adjustment; the administrator moves it for them', async ({
  page,
  browser,
}) => {
  const job = await createJob();
  const applicant = { name: `Bea Booker ${Date.now()}`, email: `bea.booker.${Date.now()}@example.com` };
  const applicationId = await applyTo(job.id, applicant.name, applicant.email);
  const token = await adminToken();
  const interviewers = [newPerson('interviewer'), newPerson('interviewer')] as const;
  for (const person of interviewers) {
    const invited = await api('POST', '/team-members', { token, body: { ...person, role: 'interviewer' } });
    expect(invited.status).toBe(201);
  }
  const date = ukDateIn(4);
  const place = `https://meet.example.com/${Date.now()}`;
  const when = ukTime(date, '10:30');

  // Choosing Interview as the stage opens the offer of times, and the keyboard follows it there.
  await signInAsAdmin(page);
  await page.goto(screens.application.path({ id: applicationId }));
  await expect(page.getByRole('heading', { level: 1, name: applicant.name })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Stage of ${applicant.name}: `) }).click();
  await page.getByRole('menuitemradio', { name: 'Interview' }).click();
  const offer = page.getByRole('form', { name: 'Offer interview times' });
  await expect(offer.getByRole('heading', { name: 'Offer interview times' })).toBeFocused();
  await expectNoViolations(page, 'the offer of interview times');

  const slot = offer.getByRole('group', { name: 'New time 1' });
  await slot.getByLabel('Date').fill(date);
  await slot.getByLabel('Time (UK time)').fill('10:30');
  await expect(slot.getByLabel('Length (minutes)')).toHaveValue('45');
  await slot.getByLabel('Place or video link').fill(place);
  for (const person of interviewers)
    await slot.getByRole('checkbox', { name: `${person.name} (${person.email})` }).check();
  await offer.getByRole('button', { name: 'Offer these times' }).click();
  await expect(
    page.getByText('Interview times offered: the applicant has been e-mailed a link to book one.'),
  ).toBeVisible();
  const card = page.getByRole('region', { name: 'Interview', exact: true });
  await expect(card).toContainText('Offered, not booked yet:');
  await expect(card.getByRole('listitem')).toHaveText(`${when}, ${place}`);
  await expect(page.getByRole('button', { name: `Stage of ${applicant.name}: Interview` })).toBeVisible();

  // The applicant, in a browser of their own, opens the link of the e-mail that offered the time.
  const context = await browser.newContext();
  try {
    const own = await context.newPage();
    await own.goto(await interviewLinkPath(applicant.email));
    const booking = own.getByRole('region', { name: 'Your interview' });
    const choice = booking.getByRole('radio', { name: `${when}, 45 minutes, ${place}` });
    await expect(choice).toBeVisible();
    await expectNoViolations(own, "the applicant's interview booking");
    await choice.check();
    await booking
      .getByRole('textbox', { name: /^Do you need any adjustment for the interview\?/ })
      .fill('Step-free access, please.');
    await booking.getByRole('button', { name: 'Book this time' }).click();
    await expect(booking.getByRole('status')).toHaveText(
      'Your interview is booked. We have e-mailed you an invitation for your calendar.',
    );
    // The time with its zone at once, then the length and the link.
    await expect(
      booking.getByText(`Booked: ${when} (UK time) for 45 minutes. Video call: ${place}`, { exact: true }),
    ).toBeVisible();
    await expect(booking.getByText('You asked for: Step-free access, please.')).toBeVisible();
    await expect(booking.getByRole('button', { name: 'Cancel my interview' })).toBeVisible();
    await expectNoViolations(own, "the applicant's booked interview");

    // Each interviewer is sent the invitation, and the administrator's screen shows the booking.
    for (const person of interviewers)
      await expect
        .poll(async () => (await mailsTo(person.email, /^Interview booked: /)).length, { timeout: 30_000 })
        .toBe(1);
    await page.reload();
    await expect(card).toContainText(
      `Booked: ${when} (UK time), 45 minutes, ${place}, with ${interviewers[0].name}, ${interviewers[1].name}.`,
    );
    // What the applicant asked for is the adjustments contact's to read, not the card's.
    await expect(card).not.toContainText('Step-free');

    // The administrator moves it for the applicant to a new time: only the time of day is typed,
    // the rest is the booked time's, on the next working day.
    await card.getByRole('button', { name: 'Move to another time' }).click();
    const move = card.getByRole('form', { name: 'Move the interview' });
    await expect(move.getByRole('heading', { name: 'Move the interview' })).toBeFocused();
    await move.getByRole('radio', { name: 'A new time' }).check();
    const fields = move.getByRole('group', { name: 'New time' });
    await expect(fields.getByLabel('Place or video link')).toHaveValue(place);
    for (const person of interviewers)
      await expect(fields.getByRole('checkbox', { name: `${person.name} (${person.email})` })).toBeChecked();
    await fields.getByLabel('Time (UK time)').fill('15:45');
    const movedTo = ukTime(await fields.getByLabel('Date').inputValue(), '15:45');
    await expectNoViolations(page, 'moving a booked interview');
    await move.getByRole('button', { name: 'Move the interview' }).click();
    await expect(
      page.getByText('Interview moved: the applicant and the interviewers have been e-mailed the new time.'),
    ).toBeVisible();
    await expect(card).toContainText(`Booked: ${movedTo} (UK time), 45 minutes, ${place}`);
    await expect(card.getByRole('button', { name: 'Move to another time' })).toBeFocused();
    await expectNoViolations(page, 'the interview card after a move');

    // The applicant's page shows the new time, in the same order, on a phone too (the link breaks
    // rather than run off the screen), and their e-mail says who moved it.
    await own.setViewportSize({ width: 390, height: 844 });
    await own.reload();
    await expect(
      booking.getByText(`Booked: ${movedTo} (UK time) for 45 minutes. Video call: ${place}`, { exact: true }),
    ).toBeVisible();
    expect(await own.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await expect
      .poll(async () => (await mailsTo(applicant.email, /^Interview moved: /))[0]?.text, { timeout: 30_000 })
      .toContain('We have moved your interview to a new time:');
  } finally {
    await context.close();
  }
});

/**
 * Every card of the screen holds its content at this width: no element and no line of text reaches
 * past its card's edges (what a table scrolls inside its own box aside), and the page does not
 * scroll sideways.
 */
async function expectNothingOverflows(page: Page, what: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await animationsSettled(page);
  // Measured until it holds: the layout reflows over a frame or two after the window's new width
  // (the drawer giving way, the cards narrowing), and a person reads what it settles on.
  const measure = () =>
    page.evaluate(() => {
      const outside: string[] = [];
      const scrolls = (element: Element, card: Element) => {
        for (let at = element.parentElement; at && at !== card; at = at.parentElement) {
          if (['auto', 'scroll'].includes(getComputedStyle(at).overflowX)) return true;
        }
        return false;
      };
      for (const card of document.querySelectorAll('main section')) {
        const edge = card.getBoundingClientRect();
        const beyond = (box: DOMRect) =>
          box.width > 1 && box.height > 1 && (box.right > edge.right + 1 || box.left < edge.left - 1);
        const walker = document.createTreeWalker(card, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node instanceof Element ? node : node.parentElement!;
          if (scrolls(element, card)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const boxes =
            node instanceof Element ? [node.getBoundingClientRect()] : [...range.getClientRects()];
          if (boxes.some(beyond))
            outside.push(`${element.tagName}: ${(node.textContent ?? '').slice(0, 40)}`);
        }
      }
      return { outside, sideways: document.documentElement.scrollWidth - window.innerWidth };
    });
  await expect.poll(measure, { message: `${what} at ${width} px` }).toEqual({ outside: [], sideways: 0 });
}

test('an interviewer follows the booking e-mail to the interview, cannot score before it starts, and scores once it has, blind to the other until then', async ({
  browser,
  ownServer,
}) => {
  // A server of its own whose clock the test moves past the interview's start
  // (tests/support/clock-server.ts); its administrator is the adjustments contact too.
  const own = await ownServer({ ADJUSTMENTS_CONTACT_EMAIL: E2E_ADMIN.email }, { clock: true });
  const job = await createJob({}, own.url);
  const applicant = { name: `Sol Scored ${Date.now()}`, email: `sol.scored.${Date.now()}@example.com` };
  const applicationId = await applyTo(job.id, applicant.name, applicant.email, own);
  const [first, second] = await Promise.all([
    interviewerWithPassword('interviewer', own),
    interviewerWithPassword('interviewer', own),
  ]);
  const adminOfOwn = await adminToken(own.url);
  const date = ukDateIn(3);
  const startsAt = fromLondonTime(date, '14:00')!;
  const place = `Video call: https://meet.example.com/claims-${Date.now()}`;
  const agreed = 'A ground-floor room, and a break halfway.';

  // The time offered and booked through the API, as the test above does through the screens.
  const offered = await api('POST', `/applications/${applicationId}/interview-slots`, {
    server: own.url,
    token: adminOfOwn,
    body: {
      slots: [{ date, time: '14:00', durationMinutes: 60, place, interviewerIds: [first.id, second.id] }],
    },
  });
  expect(offered.status).toBe(200);
  const linkToken = (await interviewLinkPath(applicant.email, own)).split('/').at(-1)!;
  const mine = await api<{ slots: Array<{ _id: string }> }>('GET', `/my-application/${linkToken}/interview`, {
    server: own.url,
  });
  const booked = await api('PUT', `/my-application/${linkToken}/interview`, {
    server: own.url,
    body: { slotId: mine.body.slots[0]!._id, adjustments: 'Could I have a room on the ground floor?' },
  });
  expect(booked.status).toBe(200);
  const settled = await api('PUT', `/applications/${applicationId}/adjustments/agreed`, {
    server: own.url,
    token: adminOfOwn,
    body: { agreed },
  });
  expect(settled.status).toBe(200);

  const scores: Record<'first' | 'second', Score> = {
    first: {
      ratings: [4, 2],
      notes: ['Calm and clear on a difficult call.', 'Some Polish, still learning.'],
      recommendation: 'Strong yes',
    },
    second: {
      ratings: [3, 1],
      notes: ['Explained a quote well.', 'Did not mention one.'],
      recommendation: 'Yes',
    },
  };

  // The first interviewer follows the link in their booking e-mail, signed out: the sign-in
  // brings them back to the application.
  const link = await fromMail(
    first.email,
    /^Interview booked: /,
    new RegExp(`https?://\\S+/team/application/${applicationId}`),
    own,
  );
  const context = await browser.newContext({ baseURL: own.url, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(new URL(link).pathname);
    await page.getByLabel('Email').fill(first.email);
    await page.getByLabel(/^Password/).fill(TEAM_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: applicant.name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/team/application/${applicationId}$`));

    // The interview first: when, how long, where, with whom, and what was agreed (never what the
    // applicant asked for).
    const interview = page.getByRole('region', { name: 'Your interview' });
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Your interview');
    await expect(interview.getByRole('definition')).toHaveText([
      ukTime(date, '14:00'),
      '60 minutes',
      place,
      second.name,
      `An adjustment has been agreed: ${agreed}`,
    ]);
    await expect(page.getByText(/ground floor\?/)).toHaveCount(0);

    // Before it starts the scorecard is closed, and the server refuses one too.
    const scorecards = page.getByRole('region', { name: 'Scorecards', exact: true });
    await expect(scorecards).toContainText(messages.scorecardOpensAt(startsAt));
    await expect(scorecards).toContainText(`you can score from 14:00 on ${formatWeekdayDate(startsAt)}.`);
    await expect(scorecards.getByRole('form', { name: 'Your scorecard' })).toHaveCount(0);
    const signedIn = (await page.evaluate(() => localStorage.getItem('access-token')))!;
    const early = await api('PUT', `/team/applications/${applicationId}/scorecard`, {
      server: own.url,
      token: signedIn,
      body: {
        ratings: CRITERIA.map((criterion) => ({ criterion, rating: 3, note: '' })),
        recommendation: 'yes',
      },
    });
    expect(early).toEqual({ status: 409, body: { message: messages.scorecardOpensAt(startsAt) } });
    await expectNoViolations(page, "an interviewer's application before the interview");
    for (const width of [390, 1280]) await expectNothingOverflows(page, 'before the interview', width);

    // The interview starts (the server's clock moves on); the second interviewer scores first.
    own.setClock(new Date(startsAt.getTime() + 5 * 60_000));
    const login = await api<{ token: string }>('POST', '/login', {
      server: own.url,
      body: { email: second.email, password: TEAM_PASSWORD },
    });
    const secondScored = await api('PUT', `/team/applications/${applicationId}/scorecard`, {
      server: own.url,
      token: login.body.token,
      body: {
        ratings: CRITERIA.map((criterion, at) => ({
          criterion,
          rating: scores.second.ratings[at],
          note: scores.second.notes[at],
        })),
        recommendation: 'yes',
      },
    });
    expect(secondScored.status).toBe(200);

    await page.reload();
    const form = scorecards.getByRole('form', { name: 'Your scorecard' });
    await expect(form).toBeVisible();
    await expect(scorecards).toContainText(
      'Other interviewers’ scorecards are hidden until yours is in, so that no score sways another.',
    );
    await expect(page.getByText(scores.second.notes[0])).toHaveCount(0);
    await expectNoViolations(page, 'the scorecard form');
    for (const width of [390, 1280]) await expectNothingOverflows(page, 'the scorecard form', width);

    await scoreByKeyboard(page, form, scores.first);
    await expect(page.getByText('Scorecard submitted.')).toBeVisible();
    const table = scorecards.getByRole('table', { name: 'Scorecards side by side' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Requirement',
      `${first.name} (you)`,
      second.name,
    ]);
    for (const [at, criterion] of CRITERIA.entries()) {
      const index = at as 0 | 1;
      await expect(
        table.getByRole('row', { name: new RegExp(`^${criterion}`) }).getByRole('cell'),
      ).toHaveText([ratingText(scores.first, index), ratingText(scores.second, index)]);
    }
    await expect(table.getByRole('row', { name: /^Recommendation/ }).getByRole('cell')).toHaveText([
      scores.first.recommendation,
      scores.second.recommendation,
    ]);
    await expect(form).toHaveCount(0);
    await expectNoViolations(page, 'the scorecards side by side');

    // Their home keeps it, under Scored, with the day they scored; it opens again from there.
    await page
      .getByRole('navigation', { name: 'Hiring Team' })
      .getByRole('link', { name: 'Your work' })
      .click();
    const scored = page.getByRole('list', { name: 'Scored' });
    await expect(scored.getByRole('listitem')).toContainText([
      `${applicant.name}${job.jobTitle}Interview: ${ukTime(date, '14:00')}Scored ${formatDate(startsAt)}`,
    ]);
    await expect(page.getByRole('region', { name: 'To interview' })).toContainText(
      'Nothing left to interview.',
    );
    await expectNoViolations(page, "an interviewer's home");
    for (const width of [390, 1280]) await expectNothingOverflows(page, "an interviewer's home", width);
    await scored.getByRole('link', { name: applicant.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: applicant.name })).toBeVisible();
    await expect(table).toBeVisible();
  } finally {
    await context.close();
  }
});

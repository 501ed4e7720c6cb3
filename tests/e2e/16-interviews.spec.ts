import type { Locator, Page } from '@playwright/test';
import { formatInterviewTime, fromLondonTime } from '../../src/shared/interviews/london-time';
import { screens } from '../../src/shared/site/screen-routes';
import { adminToken, api, createJob, tabTo } from './e2e-env';
import { expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';
import {
  applyTo,
  interviewLinkPath,
  interviewerWithPassword,
  mailsTo,
  newPerson,
  signInAsTeamMember,
} from './team-flows';

/**
 * Interviews and scorecards in the browser (docs/behaviour.md#interviews): an administrator offers
 * a time with two interviewers of the hiring team, the applicant books it through the private link
 * of the e-mail that offered it and asks for an adjustment, and the administrator moves it for
 * them to a new time, which the applicant's page then shows; each interviewer scores the
 * application by keyboard, blind to the other's scorecard until their own is in, then sees both side
 * by side. Every person, job and time here is new, so the worker's shared server serves.
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

test('two interviewers score by keyboard, each blind to the other until their own is in, then side by side', async ({
  browser,
}) => {
  const job = await createJob();
  const applicant = { name: `Sol Scored ${Date.now()}`, email: `sol.scored.${Date.now()}@example.com` };
  const applicationId = await applyTo(job.id, applicant.name, applicant.email);
  const [first, second] = await Promise.all([interviewerWithPassword(), interviewerWithPassword()]);

  // The time offered and booked through the API, as the test above does through the screens.
  const offered = await api('POST', `/applications/${applicationId}/interview-slots`, {
    token: await adminToken(),
    body: {
      slots: [
        {
          date: ukDateIn(5),
          time: '14:00',
          durationMinutes: 60,
          place: 'Northampton office, room 2',
          interviewerIds: [first.id, second.id],
        },
      ],
    },
  });
  expect(offered.status).toBe(200);
  const linkToken = (await interviewLinkPath(applicant.email)).split('/').at(-1)!;
  const mine = await api<{ slots: Array<{ _id: string }> }>('GET', `/my-application/${linkToken}/interview`);
  expect(mine.body.slots).toHaveLength(1);
  const booked = await api('PUT', `/my-application/${linkToken}/interview`, {
    body: { slotId: mine.body.slots[0]!._id },
  });
  expect(booked.status).toBe(200);

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

  /** Signs the interviewer in and opens the application from their list of interviews. */
  const openAsInterviewer = async (email: string) => {
    const session = await signInAsTeamMember(browser, email);
    const { page } = session;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your work' }).click();
    await page
      .getByRole('list', { name: `Your interviews for ${job.jobTitle}` })
      .getByRole('link', { name: applicant.name })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: applicant.name })).toBeVisible();
    return session;
  };

  // The first interviewer: the others' scorecards are held back, then theirs stands alone.
  const one = await openAsInterviewer(first.email);
  try {
    const scorecards = one.page.getByRole('region', { name: 'Scorecards', exact: true });
    const form = scorecards.getByRole('form', { name: 'Your scorecard' });
    await expect(form).toBeVisible();
    await expect(scorecards).toContainText(
      'Other interviewers’ scorecards are hidden until yours is in, so that no score sways another.',
    );
    await expectNoViolations(one.page, 'the scorecard form');
    await scoreByKeyboard(one.page, form, scores.first);
    await expect(one.page.getByText('Scorecard submitted.')).toBeVisible();
    const table = scorecards.getByRole('table', { name: 'Scorecards side by side' });
    await expect(table.getByRole('columnheader', { name: `${first.name} (you)` })).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    await expect(form).toHaveCount(0);
    await expect(scorecards.getByText(/are hidden until yours is in/)).toHaveCount(0);
  } finally {
    await one.close();
  }

  // The second: the first's scorecard is in, yet not shown, until theirs is.
  const two = await openAsInterviewer(second.email);
  try {
    const scorecards = two.page.getByRole('region', { name: 'Scorecards', exact: true });
    const form = scorecards.getByRole('form', { name: 'Your scorecard' });
    await expect(form).toBeVisible();
    await expect(scorecards.getByText(/are hidden until yours is in/)).toBeVisible();
    await expect(scorecards.getByRole('table')).toHaveCount(0);
    await expect(two.page.getByText(new RegExp(`${first.name}\\b`))).toHaveCount(0);
    await expect(two.page.getByText(scores.first.notes[0])).toHaveCount(0);
    await scoreByKeyboard(two.page, form, scores.second);
    await expect(two.page.getByText('Scorecard submitted.')).toBeVisible();

    const table = scorecards.getByRole('table', { name: 'Scorecards side by side' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Requirement',
      `${second.name} (you)`,
      first.name,
    ]);
    for (const [at, criterion] of CRITERIA.entries()) {
      const index = at as 0 | 1;
      await expect(
        table.getByRole('row', { name: new RegExp(`^${criterion}`) }).getByRole('cell'),
      ).toHaveText([ratingText(scores.second, index), ratingText(scores.first, index)]);
    }
    await expect(table.getByRole('row', { name: /^Recommendation/ }).getByRole('cell')).toHaveText([
      scores.second.recommendation,
      scores.first.recommendation,
    ]);
    await expect(scorecards.getByText(/are hidden until yours is in/)).toHaveCount(0);
    await expectNoViolations(two.page, 'the scorecards side by side');
  } finally {
    await two.close();
  }
});

import type { Browser, Page } from '@playwright/test';
import { formatInterviewTime, fromLondonTime } from '../../src/shared/interviews/london-time';
import { messages } from '../../src/shared/messages';
import { screens } from '../../src/shared/site/screen-routes';
import { adminToken, api, createJob } from './e2e-env';
import { expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';
import {
  applyTo,
  interviewerWithPassword,
  interviewLinkPath,
  newPerson,
  signInAsTeamMember,
  TEAM_PASSWORD,
  welcomePath,
} from './team-flows';

/**
 * The hiring team in the browser: an administrator invites a hiring manager on the Team screen and
 * gives them a job; the invited person opens the /welcome link from the .eml the server wrote,
 * chooses a password, which signs them in on their work, and sees only their job's applications,
 * while the Team screen turns from invited to accepted; an interviewer sees only
 * the application given to them; the job's view shows who has seen its applicants. Each new screen
 * is checked with axe. Every person and job here is new, so the worker's shared server serves.
 */

// Password hashes for two new accounts and their sign-ins, beside other browsers: twice the usual time.
test.describe.configure({ timeout: 120_000 });

/**
 * In a browser of their own: the invited person sets their password through the link, which signs
 * them in and takes them to their work with the toast that says so.
 */
async function acceptInvitation(
  browser: Browser,
  email: string,
  options: { axe?: boolean } = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(await welcomePath(email));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome: choose your password' })).toBeVisible();
  if (options.axe) await expectNoViolations(page, 'welcome');
  await page.getByLabel(/^New password/).fill(TEAM_PASSWORD);
  await page.getByLabel('Confirm new password').fill(TEAM_PASSWORD);
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page).toHaveURL(new RegExp(`${screens.teamHome.path()}$`));
  await expect(page.getByText(messages.invitationAccepted)).toBeVisible();
  await expect(page.getByText(messages.passwordResetDone)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  return { page, close: () => context.close() };
}

test('an invited hiring manager sets a password and sees only their job', async ({ page, browser }) => {
  const mine = await createJob();
  const other = await createJob();
  const applicant = `Mina Applicant ${Date.now()}`;
  const stranger = `Otto Elsewhere ${Date.now()}`;
  await applyTo(mine.id, applicant);
  const strangerId = await applyTo(other.id, stranger);
  const manager = newPerson('manager');

  // The administrator invites them on the Team screen, reached from the dashboard's drawer.
  await signInAsAdmin(page);
  await page.goto(screens.dashboard.path());
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hiring team' })).toBeVisible();
  await expectNoViolations(page, 'team');
  await page.getByRole('textbox', { name: 'Name' }).fill(manager.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(manager.email);
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Hiring manager' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(messages.teamInvited(manager.email))).toBeVisible();

  await page
    .getByRole('combobox', { name: `Give ${manager.name} a job` })
    .selectOption({ label: mine.jobTitle });
  await page.getByRole('button', { name: 'Give job' }).click();
  await expect(
    page.getByRole('list', { name: `Jobs of ${manager.name}` }).getByText(mine.jobTitle),
  ).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: manager.name }) });
  await expect(card.getByText(/^Invited \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: `Resend the invitation to ${manager.name}` })).toBeVisible();
  await expectNoViolations(page, 'team, with an invited member');

  // The hiring manager, in a browser of their own: the link signs them in, on their work.
  const { page: hm, close } = await acceptInvitation(browser, manager.email, { axe: true });
  try {
    await expect(hm.getByRole('heading', { level: 1, name: 'Your jobs' })).toBeVisible();
    await expect(hm.getByRole('heading', { name: mine.jobTitle })).toBeVisible();
    await expect(hm.getByText(other.jobTitle)).toHaveCount(0);
    await expectNoViolations(hm, 'team home');

    await hm.getByRole('link', { name: `1 application for ${mine.jobTitle}` }).click();
    await expect(hm.getByRole('heading', { level: 1, name: mine.jobTitle })).toBeVisible();
    await expect(hm.getByRole('link', { name: applicant })).toBeVisible();
    await expect(hm.getByText(stranger)).toHaveCount(0);
    await expectNoViolations(hm, "team job's applications");

    await hm.getByRole('link', { name: applicant }).click();
    await expect(hm.getByRole('heading', { level: 1, name: applicant })).toBeVisible();
    await expect(hm.getByRole('button', { name: 'Download CV' })).toBeVisible();
    const stages = await hm
      .getByRole('combobox', { name: 'Move to stage' })
      .locator('option')
      .allTextContents();
    expect(stages).not.toContain('Hired');
    expect(stages).not.toContain('Rejected');
    await hm.getByRole('button', { name: 'Show Preview' }).click();
    await expect(hm.getByRole('region', { name: 'CV pages' }).locator('canvas').first()).toBeVisible();
    await expectNoViolations(hm, 'team application');

    // Another job's application is not theirs: said on the screen, and they stay signed in.
    await hm.goto(screens.teamApplication.path({ id: strangerId }));
    await expect(
      hm.getByRole('heading', { level: 1, name: 'This application is not available to you' }),
    ).toBeVisible();
    await expect(hm.getByRole('button', { name: 'Log Out' })).toBeVisible();
    // The administrators' screens are not theirs either: the guard sends them home.
    await hm.goto(screens.applications.path());
    await expect(hm).toHaveURL(new RegExp(`${screens.teamHome.path()}$`));
  } finally {
    await close();
  }

  // The administrator's Team screen now says they joined, and when.
  await page.goto(screens.teamMembers.path());
  await expect(card.getByText(/^Accepted \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: /Resend/ })).toHaveCount(0);
  await expectNoViolations(page, 'team, with a member who accepted');

  // The job's view of its applications shows who has seen them.
  await page.goto(`${screens.applications.path()}?job=${mine.id}`);
  const viewers = page.getByRole('region', { name: 'Who has seen these applicants' });
  await expect(viewers.getByRole('cell', { name: new RegExp(manager.email) })).toBeVisible();
  await expect(viewers.getByRole('cell', { name: 'Hiring manager' })).toBeVisible();
  await expectNoViolations(page, "a job's applications, with who has seen them");
});

test('an interviewer sees only the application they interview', async ({ browser }) => {
  const job = await createJob();
  const theirs = `Ida Interviewee ${Date.now()}`;
  const notTheirs = `Nils Notgiven ${Date.now()}`;
  const theirsId = await applyTo(job.id, theirs);
  await applyTo(job.id, notTheirs);
  const interviewer = newPerson('interviewer');
  const token = await adminToken();
  const invited = await api<{ insertedId: string }>('POST', '/team-members', {
    token,
    body: { ...interviewer, role: 'interviewer' },
  });
  expect(invited.status).toBe(201);
  const given = await api('PUT', `/applications/${theirsId}/interviewers/${invited.body.insertedId}`, {
    token,
  });
  expect(given.status).toBe(200);

  const { page, close } = await acceptInvitation(browser, interviewer.email);
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Your interviews' })).toBeVisible();
    const list = page.getByRole('list', { name: 'To interview' });
    await expect(list.getByRole('link', { name: theirs })).toBeVisible();
    await expect(list).toContainText(job.jobTitle);
    await expect(page.getByText(notTheirs)).toHaveCount(0);
    await expectNoViolations(page, "an interviewer's home");

    await list.getByRole('link', { name: theirs }).click();
    await expect(page.getByRole('heading', { level: 1, name: theirs })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CV' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Move to stage' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Notes' })).toHaveCount(0);
    await expectNoViolations(page, "an interviewer's application");

    // Their account screen is the administrators' own, in the team's frame.
    await page
      .getByRole('navigation', { name: 'Hiring Team' })
      .getByRole('link', { name: 'Account' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expectNoViolations(page, "a team member's account");
  } finally {
    await close();
  }
});

/**
 * No text wider than the card it is in: each card of the screen holds its content at this width,
 * once the layout has followed the new width (the drawer folds away below the wide layout).
 */
async function expectNothingOverflowing(page: Page, what: string): Promise<void> {
  const overflowing = () =>
    page.evaluate(() => [
      ...[...document.querySelectorAll('main section, main li')]
        .filter((card) => card.scrollWidth > card.clientWidth + 1)
        .map(
          (card) => `${(card.textContent ?? '').slice(0, 40)}: ${card.scrollWidth} > ${card.clientWidth} px`,
        ),
      ...(document.documentElement.scrollWidth > window.innerWidth ? ['the page itself'] : []),
    ]);
  await expect.poll(overflowing, { message: what, timeout: 5_000 }).toEqual([]);
}

test("a hiring manager follows their job's pipeline, its booked interview and scorecards owed, and adds a note", async ({
  browser,
}) => {
  const job = await createJob({
    location: '',
    ctc: '',
    locations: [],
    workplaceType: 'remote',
    remoteCountry: 'UK',
    employmentTypes: ['full-time'],
    pay: { min: 32000, max: 38000, period: 'year' },
  });
  const booked = { name: `Bea Booked ${Date.now()}`, email: `bea.booked.${Date.now()}@example.com` };
  const bookedId = await applyTo(job.id, booked.name, booked.email);
  await applyTo(job.id, `Nell Newcomer ${Date.now()}`);
  const [manager, interviewer] = await Promise.all([
    interviewerWithPassword('hiring-manager'),
    interviewerWithPassword(),
  ]);
  const token = await adminToken();
  expect(
    (await api('PUT', `/team-members/${manager.id}/jobs/${job.id}`, { token, body: { mayDecide: false } }))
      .status,
  ).toBe(200);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + 5 * 86_400_000),
  );
  const offered = await api('POST', `/applications/${bookedId}/interview-slots`, {
    token,
    body: {
      slots: [
        { date, time: '11:00', durationMinutes: 45, place: 'Video call', interviewerIds: [interviewer.id] },
      ],
    },
  });
  expect(offered.status).toBe(200);
  const linkToken = (await interviewLinkPath(booked.email)).split('/').at(-1)!;
  const slots = await api<{ slots: Array<{ _id: string }> }>('GET', `/my-application/${linkToken}/interview`);
  const booking = await api('PUT', `/my-application/${linkToken}/interview`, {
    body: { slotId: slots.body.slots[0]!._id },
  });
  expect(booking.status).toBe(200);

  const { page, close } = await signInAsTeamMember(browser, manager.email);
  try {
    // A hiring manager lands on their work.
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByText('Remote (UK) · £32,000 – £38,000 a year')).toBeVisible();
    await page.getByRole('link', { name: `2 applications for ${job.jobTitle}` }).click();

    const pipeline = page.getByRole('list', { name: `${job.jobTitle} by stage` });
    await expect(pipeline.getByRole('link', { name: 'Interview 1 application' })).toBeVisible();
    await expect(pipeline.getByRole('link', { name: 'New 1 application' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: booked.name });
    await expect(row).toContainText(`Booked: ${formatInterviewTime(fromLondonTime(date, '11:00')!)}`);
    await expect(row).toContainText('0 of 1 scorecard in');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNothingOverflowing(page, `the manager's job at ${width} px`);
    }
    await expectNoViolations(page, "the manager's job with its pipeline");
    await page.setViewportSize({ width: 1280, height: 900 });

    await pipeline.getByRole('link', { name: 'Interview 1 application' }).click();
    await expect(page.getByRole('table', { name: 'Applications (1)' })).toBeVisible();
    await page.getByRole('link', { name: booked.name }).click();
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByRole('textbox', { name: 'Add a note' }).fill('Ask about the weekend rota.');
    await notes.getByRole('button', { name: 'Add Note' }).click();
    await expect(notes.getByText('Ask about the weekend rota.')).toBeVisible();
    await expect(notes.getByText(new RegExp(manager.name))).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNothingOverflowing(page, `the manager's application at ${width} px`);
    }
    await expectNoViolations(page, "the manager's application with their note");
  } finally {
    await close();
  }
});

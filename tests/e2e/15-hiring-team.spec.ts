import type { Browser, Page } from '@playwright/test';
import { messages } from '../../src/shared/messages';
import { screens } from '../../src/shared/site/screen-routes';
import { adminToken, api, createJob } from './e2e-env';
import { expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';
import { applyTo, newPerson, TEAM_PASSWORD, welcomePath } from './team-flows';

/**
 * The hiring team in the browser: an administrator invites a hiring manager on the Team screen and
 * gives them a job; the invited person opens the /welcome link from the .eml the server wrote,
 * chooses a password, signs in and sees only their job's applications; an interviewer sees only
 * the application given to them; the job's view shows who has seen its applicants. Each new screen
 * is checked with axe. Every person and job here is new, so the worker's shared server serves.
 */

// Password hashes for two new accounts and their sign-ins, beside other browsers: twice the usual time.
test.describe.configure({ timeout: 120_000 });

/** In a browser of their own: the invited person sets their password through the link, then signs in. */
async function acceptInvitation(
  browser: Browser,
  email: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(await welcomePath(email));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome: choose your password' })).toBeVisible();
  await expectNoViolations(page, 'welcome');
  await page.getByLabel(/^New password/).fill(TEAM_PASSWORD);
  await page.getByLabel('Confirm new password').fill(TEAM_PASSWORD);
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(TEAM_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
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
  await expectNoViolations(page, 'team, with a member');

  // The hiring manager, in a browser of their own.
  const { page: hm, close } = await acceptInvitation(browser, manager.email);
  try {
    await hm.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your work' }).click();
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
    await page.goto(screens.teamHome.path());
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

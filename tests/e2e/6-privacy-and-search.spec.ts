import { readFileSync } from 'node:fs';
import { messages } from '../../src/shared/messages';
import { PRIVACY_NOTICE_VERSION } from '../../src/shared/site/privacy-notice';
import { validPdf } from '../support/pdf-fixtures';
import { adminToken, api, baseUrl, closeJob, createJob } from './e2e-env';
import { applyAsVisitor, expectNoViolations, signInAsAdmin, waitForApp } from './flows';
import { expect, test } from './fixtures';

const HOSTILE = '</script><script>window.__pwned = true; alert(1)</script>';

test('the apply form shows the privacy notice and links to the full notice', async ({ page }) => {
  const job = await createJob();
  await page.goto(`/apply/${job.id}`);
  const notice = page.getByRole('region', { name: 'How we use your data' });
  await expect(notice).toBeVisible();
  for (const term of ['Who collects it', 'Why', 'Lawful basis', 'Who sees it', 'How long', 'Your rights']) {
    await expect(notice.getByText(term, { exact: true })).toBeVisible();
  }
  await expect(notice).toContainText('183 days');
  await expect(notice).toContainText('Information Commissioner');

  const [full] = await Promise.all([
    page.waitForEvent('popup'),
    notice.getByRole('link', { name: /Read the full privacy notice/ }).click(),
  ]);
  await expect(full).toHaveURL(/\/privacy$/);
  await expect(full.getByRole('heading', { level: 1, name: 'Applicant Privacy Notice' })).toBeVisible();
  await expect(full.getByRole('heading', { name: 'Your rights' })).toBeVisible();
});

test('a second application to the same job is accepted, with a polite note, and marked for admins', async ({
  page,
}) => {
  const job = await createJob();
  const cv = await validPdf('Dana Twice');
  const applicant = {
    name: 'Dana Twice',
    email: `dana.${Date.now()}@example.com`,
    phone: '07700 900777',
    about: 'Applying twice by mistake.',
  };
  await applyAsVisitor(page, job, applicant, cv);
  await applyAsVisitor(page, job, applicant, cv);
  await expect(page.getByText(messages.duplicateApplication)).toBeVisible();

  const list = await api<Array<{ email: string; duplicateOf: string | null }>>('GET', '/applications', {
    token: await adminToken(),
  });
  const mine = list.body.filter((row) => row.email === applicant.email);
  expect(mine).toHaveLength(2);
  expect(mine.filter((row) => row.duplicateOf !== null)).toHaveLength(1);

  await signInAsAdmin(page);
  await page.goto('/dashboard/applications');
  await page.getByRole('searchbox').fill(applicant.email);
  await expect(page.getByRole('row').filter({ hasText: applicant.email })).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: 'Duplicate' })).toHaveCount(1);
});

test('a closed job leaves the list and its page says so; the server refuses applications', async ({
  page,
}) => {
  const job = await createJob();
  await closeJob(job.id);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Career Opportunities' })).toBeVisible();
  await expect(page.getByRole('heading', { name: job.jobTitle })).toHaveCount(0);

  await page.goto(`/apply/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: job.jobTitle })).toBeVisible();
  await expect(page.getByText(messages.jobNoLongerOpen)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);

  const refused = await api('POST', '/applications', {
    body: {
      name: 'Late Larry',
      email: 'late@example.com',
      phone: '07700 900888',
      number: '07700 900888',
      pdfFile: `data:application/pdf;base64,${(await validPdf()).toString('base64')}`,
      about: 'Sorry I am late.',
      jobTitle: job.jobTitle,
      jobName: job.jobTitle,
      jobId: job.id,
    },
  });
  expect(refused.status).toBe(410);
  expect(refused.body.message).toContain(messages.jobNoLongerOpen);
});

test('job text with markup is shown as text everywhere and runs nothing', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  const job = await createJob({ jobTitle: `Safe ${Date.now()}`, description: `Before ${HOSTILE} after` });
  await page.goto(`/apply/${job.id}`);
  await expect(page.getByText(`Before ${HOSTILE} after`)).toBeVisible();
  await page.goto('/');
  const card = page.getByRole('article', { name: job.jobTitle });
  await card.getByRole('button', { name: 'More Details' }).click();
  await expect(card.getByText(`Before ${HOSTILE} after`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);

  const html = await (await fetch(`${baseUrl()}/apply/${job.id}`)).text();
  expect(html).toContain('application/ld+json');
  expect(html).not.toContain('<script>window.__pwned');
});

test('the first paint of a job page carries the job: no second request for it', async ({ page }) => {
  const job = await createJob();
  const jobRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(single|all)/.test(request.url())) jobRequests.push(request.url());
  });
  await page.goto(`/apply/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: job.jobTitle })).toBeVisible();
  expect(jobRequests).toEqual([]);
  expect(await page.title()).toMatch(/^Careers \|/);
});

test('focus moves to the main heading after each navigation, and the title follows', async ({ page }) => {
  const job = await createJob();
  await page.goto(`/apply/${job.id}`);
  await expect(page).toHaveTitle(new RegExp(`^Apply for ${job.jobTitle}`));
  // A job page reads without the app, which starts as the visitor begins to use the page (here: the
  // form). A link pressed before that is an ordinary page load, where the browser starts at the
  // top; moving the focus to the heading is what the app does on its own navigations.
  await page.getByLabel('Full Name').focus();
  await waitForApp(page);
  await page.getByRole('link', { name: /Careers, home/ }).click();
  await expect(page).toHaveTitle(/^Careers \|/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('navigation').getByRole('link', { name: 'About Us' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('navigation').getByRole('link', { name: 'Contact' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page
    .getByRole('link', { name: /Apply Now/ })
    .first()
    .isVisible();
});

test('admins see the audit trail, hold an application, export everything about an applicant, and erase it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const job = await createJob();
  const cv = await validPdf('Sam Subject');
  const email = `sam.${Date.now()}@example.com`;
  await applyAsVisitor(page, job, { name: 'Sam Subject', email, phone: '07700 900999', about: 'Hello.' }, cv);
  const list = await api<Array<{ _id: string; email: string }>>('GET', '/applications', {
    token: await adminToken(),
  });
  const id = list.body.find((row) => row.email === email)!._id;

  await signInAsAdmin(page);
  await page.goto(`/dashboard/application/${id}`);
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText('Viewed the application')).toBeVisible();

  await page.getByRole('button', { name: 'Show Preview' }).click();
  await expect(page.locator('canvas[data-testid="pdf-page"]').first()).toBeVisible();
  await expect(activity.getByText('Previewed the CV')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CV' }).click();
  await (await download).path();
  await expect(activity.getByText('Downloaded the CV')).toBeVisible();
  await expect(activity).toContainText('e2e-admin@example.com');

  const privacy = page.getByRole('region', { name: 'Data Protection' });
  await expect(privacy).toContainText(`Version ${PRIVACY_NOTICE_VERSION}`);
  await expect(privacy).toContainText('Deleted automatically on');
  await privacy.getByRole('switch', { name: /retention hold/ }).click();
  await expect(privacy).toContainText('On hold');
  await expect(activity.getByText('Placed a retention hold')).toBeVisible();

  await expectNoViolations(page, '/dashboard/application/:id with activity and data protection');

  const exported = page.waitForEvent('download');
  await privacy.getByRole('button', { name: 'Export applicant data' }).click();
  const file = await exported;
  expect(file.suggestedFilename()).toBe(`applicant-data-${email}.json`);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(data.subjectEmail).toBe(email);
  expect(data.applications).toHaveLength(1);
  expect(Buffer.from(data.applications[0].cv.base64, 'base64').equals(cv)).toBe(true);
  expect(data.audit.map((entry: { action: string }) => entry.action)).toEqual(
    expect.arrayContaining(['view', 'preview', 'download', 'hold', 'export']),
  );

  await privacy.getByRole('button', { name: 'Erase applicant data' }).click();
  await expect(page.getByRole('heading', { name: `Erase all data for ${email}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, erase it all' }).click();
  await expect(page.getByRole('heading', { name: 'Erased!' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/dashboard/applications');
  const after = await api('GET', `/applicants/${encodeURIComponent(email)}/export`, {
    token: await adminToken(),
  });
  expect(after.status).toBe(404);
});

test('with reduced motion asked for, the 404 animation stands still, the success page does not fade and a dialog closes at once', async ({
  browser,
}) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/no-such-page');
  await expect(page.getByText(/Looks like you got lost/)).toBeVisible();
  const moving = await page.evaluate(
    () =>
      [...document.querySelectorAll('main *')].filter((element) => {
        const style = getComputedStyle(element);
        if (style.animationName === 'none') return false;
        const seconds =
          parseFloat(style.animationDuration) * (style.animationDuration.endsWith('ms') ? 0.001 : 1);
        return seconds > 0.01 || style.animationIterationCount === 'infinite';
      }).length,
  );
  expect(moving).toBe(0);

  // The confirmation shows only after an application sent from the form.
  const job = await createJob({ jobTitle: 'Calm Claims Handler' });
  await applyAsVisitor(
    page,
    job,
    { name: 'Rae Still', email: `rae.${Date.now()}@example.com`, phone: '01604 111222', about: 'Calm.' },
    await validPdf('Rae Still'),
  );
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  // The longest opacity transition on the heading or any of its ancestors (the success page's fade).
  const fade = await page.getByRole('heading', { name: 'Application Submitted!' }).evaluate((heading) => {
    let longest = 0;
    for (let element: Element | null = heading; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (!/opacity|all/.test(style.transitionProperty)) continue;
      const value = style.transitionDuration.split(',')[0]!.trim();
      longest = Math.max(longest, parseFloat(value) * (value.endsWith('ms') ? 0.001 : 1));
    }
    return longest;
  });
  expect(fade).toBeLessThanOrEqual(0.01);

  // A dialog closes at once, and the screen behind it is there again with focus where it was.
  await signInAsAdmin(page);
  await page.goto('/dashboard/account');
  const signOutEverywhere = page.getByRole('button', { name: 'Sign out of all devices' });
  await signOutEverywhere.click();
  const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(signOutEverywhere).toBeFocused();
  await context.close();
});

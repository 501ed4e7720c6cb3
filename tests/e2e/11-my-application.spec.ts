import { type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { LOST_LINK_ANSWER } from '../../src/shared/my-application/my-application-contract';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { adminToken, api, createJob, outboxMessages, tabTo } from './e2e-env';
import { applyAsVisitor, expectNoViolations } from './flows';
import { expect, test } from './fixtures';

/**
 * The applicant's private link end to end (docs/behaviour.md#the-applicants-page), on the embedded
 * defaults: the link arrives in the confirmation e-mail written to the outbox folder, and the page
 * it opens is checked with axe in every state it has.
 */

const LINK = /https?:\/\/[^/\s]+(\/my-application\/[A-Za-z0-9_-]{43})/g;

/** The decoded text of every e-mail in the outbox folder sent to this address, oldest first. */
async function mailsTo(email: string): Promise<Array<{ subject: string; text: string }>> {
  const parsed = await Promise.all(outboxMessages().map((raw) => PostalMime.parse(raw)));
  return parsed
    .filter((mail) => (mail.to ?? []).some((to) => 'address' in to && to.address === email))
    .sort((a, b) => Date.parse(a.date ?? '') - Date.parse(b.date ?? ''))
    .map((mail) => ({ subject: mail.subject ?? '', text: mail.text ?? '' }));
}

/** The address (path) of every private link e-mailed to this address so far. */
async function linksSentTo(email: string): Promise<string[]> {
  return (await mailsTo(email)).flatMap((mail) => [...mail.text.matchAll(LINK)].map((match) => match[1]!));
}

const status = (page: Page) => page.getByRole('region', { name: 'Where it stands' });

/** An application sent through the API, and the private link its confirmation e-mail carries. */
async function appliedWithLink(
  name: string,
): Promise<{ job: { id: string; jobTitle: string }; email: string; link: string }> {
  const job = await createJob();
  const email = `${name.split(' ')[0]!.toLowerCase()}.${Date.now()}@example.com`;
  const saved = await api('POST', '/applications', {
    body: {
      name,
      email,
      phone: '07700 900456',
      about: 'I would love this job.',
      jobId: job.id,
      pdfFile: toDataUrl(await validPdf(name)),
    },
  });
  expect(saved.status).toBe(201);
  await expect.poll(() => linksSentTo(email), { timeout: 30_000 }).toHaveLength(1);
  const [link] = await linksSentTo(email);
  return { job, email, link: link! };
}

test('an applicant applies and the link from the e-mail opens their application: loading, then Received', async ({
  page,
}) => {
  const job = await createJob();
  const email = `self.service.${Date.now()}@example.com`;
  await applyAsVisitor(
    page,
    job,
    { name: 'Sam Selfservice', email, phone: '07700 900456', about: 'I would love this job.' },
    await validPdf('Sam Selfservice'),
  );

  await expect.poll(() => linksSentTo(email), { timeout: 30_000 }).toHaveLength(1);
  const [link] = await linksSentTo(email);

  // Loading: the answer is held back until the loading state has been checked.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/my-application/*', async (route) => {
    await held;
    await route.continue();
  });
  const opened = await page.goto(link!);
  expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your application...' })).toBeVisible();
  await expectNoViolations(page, '/my-application/:token while loading');
  const answered = page.waitForResponse('**/api/my-application/*');
  release();
  await answered;
  await page.unroute('**/api/my-application/*');

  // Received, in the public site's layout, kept out of search engines.
  await expect(
    page.getByRole('heading', { level: 1, name: `Your application for ${job.jobTitle}` }),
  ).toBeVisible();
  await expect(status(page)).toContainText('Received');
  await expect(status(page).getByRole('listitem').filter({ hasText: 'Received' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(page.getByRole('link', { name: 'About Us' }).first()).toBeVisible();
  await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
  await expect(page).toHaveTitle(/Your application/);
  await expectNoViolations(page, '/my-application/:token received');
  // On a small phone it fits the screen, as the other public pages do.
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
});

test('an applicant withdraws by keyboard alone, confirmed in a dialog that starts on Cancel; HR sees it', async ({
  page,
}) => {
  const { job, email, link } = await appliedWithLink('Wes Withdraw');
  await page.goto(link);
  await expect(status(page)).toContainText('Received');

  await tabTo(page, page.getByRole('button', { name: 'Withdraw application' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Withdraw your application?' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoViolations(page, '/my-application/:token withdraw dialog');
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Yes, withdraw it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(page)).toContainText('Withdrawn');
  await expect(status(page)).toContainText('We have e-mailed you a confirmation');
  await expect(page.getByRole('heading', { name: 'Where it stands' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Withdraw application' })).toHaveCount(0);
  await expectNoViolations(page, '/my-application/:token withdrawn');

  // HR sees it, and the applicant has their confirmation.
  const list = await api<Array<{ _id: string; email: string; stage: string }>>('GET', '/applications', {
    token: await adminToken(),
  });
  expect(list.body.find((row) => row.email === email)!.stage).toBe('withdrawn');
  await expect
    .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 30_000 })
    .toContain(`You have withdrawn your application: ${job.jobTitle}`);
});

test('an applicant erases their withdrawn application; the link then says kindly that it no longer works', async ({
  page,
}) => {
  const { job, email, link } = await appliedWithLink('Eva Erase');
  const list = await api<Array<{ _id: string; email: string }>>('GET', '/applications', {
    token: await adminToken(),
  });
  const mine = list.body.find((row) => row.email === email)!;
  // Withdrawn first, in the same visit: the link then opens the application only to erase it
  // (the withdrawal itself, by keyboard, is the test above).
  await page.goto(link);
  await page.getByRole('button', { name: 'Withdraw application' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, withdraw it' }).click();
  await expect(status(page)).toContainText('Withdrawn');

  await page.getByRole('button', { name: 'Erase my application' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Erase your application?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, erase it' }).click();
  const erased = page.getByRole('heading', { level: 1, name: 'Your application has been erased' });
  await expect(erased).toBeVisible();
  await expect(erased).toBeFocused();
  const what = page.getByRole('region', { name: 'What we erased' });
  await expect(what).toContainText(`Your application for ${job.jobTitle}`);
  await expect(what).toContainText('Your CV');
  await expectNoViolations(page, '/my-application/:token erased');
  expect((await api('GET', `/applications/${mine._id}`, { token: await adminToken() })).status).toBe(404);

  // The link no longer works: said kindly, with the way to a new one.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expectNoViolations(page, '/my-application/:token no longer works');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/privacy#lost-link$/);
  const form = page.getByRole('region', { name: 'Lost your link?' });
  await expect(form).toBeFocused();
  await expect(form).toBeInViewport();
});

test('a lost link: the privacy page e-mails a fresh one, answering the same whether or not anything is held', async ({
  page,
}) => {
  const job = await createJob();
  const email = `lost.link.${Date.now()}@example.com`;
  const saved = await api<{ insertedId: string }>('POST', '/applications', {
    body: {
      name: 'Lee Lostlink',
      email,
      phone: '07700 900789',
      about: 'Cover letter.',
      jobId: job.id,
      pdfFile: toDataUrl(await validPdf('Lee Lostlink')),
    },
  });
  expect(saved.status).toBe(201);
  await expect.poll(() => linksSentTo(email), { timeout: 30_000 }).toHaveLength(1);
  const [first] = await linksSentTo(email);

  await page.goto('/privacy');
  const notice = page.getByRole('region', { name: 'Your private link to your application' });
  await expect(notice).toContainText('without an account or password');
  const form = page.getByRole('region', { name: 'Lost your link?' });
  const field = form.getByLabel('Your e-mail address');
  const send = form.getByRole('button', { name: 'Send me a new link' });

  await send.click();
  await expect(form.getByText('Email is required.')).toBeVisible();
  await expect(field).toBeFocused();

  // Nothing held for this address: the same words as below.
  await field.fill(`nobody.${Date.now()}@example.com`);
  await send.click();
  await expect(form.getByRole('status')).toHaveText(LOST_LINK_ANSWER);
  await expectNoViolations(page, '/privacy with the lost-link answer');

  await field.fill(`  ${email.toUpperCase()}  `);
  await field.press('Enter');
  await expect(form.getByRole('status')).toHaveText(LOST_LINK_ANSWER);
  await expect.poll(() => linksSentTo(email), { timeout: 30_000 }).toHaveLength(2);
  const fresh = (await linksSentTo(email)).find((link) => link !== first)!;

  await page.goto(fresh);
  await expect(status(page)).toContainText('Received');
  await page.goto(first!);
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
});

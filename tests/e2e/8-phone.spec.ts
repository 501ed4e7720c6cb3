import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page } from '@playwright/test';
import { messages } from '../../src/shared/messages';
import { pdfOfSize, truncatedPdf, validPdf } from '../support/pdf-fixtures';
import { adminToken, api, CAREERS_MAILBOX, closeJob, createJob, outboxMessagesAbout } from './e2e-env';
import { expectNoViolations, recordSteps, waitForApp, watchFileChoosers } from './flows';
import { expect, test } from './fixtures';

/** A phone in the hand: a narrow screen, touch, and the mobile viewport rules. */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const WIDTHS = [320, 390, 820];
/** A CV near the limit: 4.9 MiB, about 6.9 MB once written as base64. */
const NEAR_LIMIT_CV_BYTES = Math.round(4.9 * 1024 * 1024);
/** 1 Mbit/s, in bytes per second as the DevTools protocol takes it. */
const ONE_MBPS = 125_000;

test.use(phone);

let applicants = 0;
async function fillIn(page: Page, cv: Buffer, name = 'Amira Khan') {
  applicants += 1;
  const email = `amira.${Date.now()}.${applicants}@example.com`;
  await expect(page.getByRole('heading', { level: 1, name: /Apply for/ })).toBeVisible();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('07700 900789');
  await page.getByLabel('Cover Letter').fill('I help customers in English, Urdu and Arabic.');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: cv });
  await expect(page.getByText('File ready for upload')).toBeVisible();
  return email;
}

/** No page may be wider than the screen, and the mobile browser must not have zoomed out to fit one. */
async function expectNoSidewaysScroll(page: Page, width: number, what: string) {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(sizes, `${what} at ${width} px`).toEqual({ scrollWidth: width, innerWidth: width });
}

test('a 4.9 MB CV goes up over a 1 Mbps uplink with its progress shown, and leaving asks first', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const job = await createJob({ jobTitle: 'Claims Advisor (Mobile)' });
  const cv = await pdfOfSize(NEAR_LIMIT_CV_BYTES);
  // Reach the form through the site, so Back has somewhere to go. The visitor opens the details
  // first, which starts the app, so Apply Now and Back stay within it (an Apply Now tapped before
  // the app runs loads the form as a page of its own, and Back then gets the browser's prompt).
  await page.goto('/');
  const card = page.getByRole('article', { name: job.jobTitle });
  await card.getByRole('button', { name: 'More Details' }).tap();
  await waitForApp(page);
  await card.getByRole('link', { name: /Apply Now/ }).tap();
  const email = await fillIn(page, cv);
  const applyUrl = page.url();

  const dialogs: { type: string; message: string }[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message() });
    void dialog.dismiss();
  });
  const stepsSeen = await recordSteps(page);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: -1,
    uploadThroughput: ONE_MBPS,
  });
  const started = Date.now();
  await page.getByRole('button', { name: 'Submit Application' }).tap();
  await expect(page.getByText(/^Uploading your CV – \d+%$/)).toBeVisible({ timeout: 30_000 });

  // While the CV is going up, the site's links, Back and a reload all ask before leaving.
  await page.getByRole('link', { name: 'About Us' }).first().tap();
  await expect.poll(() => dialogs.length).toBe(1);
  expect(dialogs[0]).toEqual({ type: 'confirm', message: messages.leaveDuringUpload });
  expect(page.url()).toBe(applyUrl);
  // Back stays on the page when the visitor stays, so Playwright's wait for a load never ends.
  void page.goBack({ timeout: 5_000 }).catch(() => undefined);
  await expect.poll(() => dialogs.length).toBe(2);
  expect(dialogs[1]).toEqual({ type: 'confirm', message: messages.leaveDuringUpload });
  await expect.poll(() => page.url()).toBe(applyUrl);
  void page.reload({ timeout: 5_000 }).catch(() => undefined);
  await expect.poll(() => dialogs.length).toBe(3);
  expect(dialogs[2]!.type).toBe('beforeunload');
  await expect(page.getByText(/^Uploading your CV – \d+%$/)).toBeVisible();

  await expect(page).toHaveURL('/success', { timeout: 150_000 });
  const elapsed = Date.now() - started;
  await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted!' })).toBeFocused();
  await expect(page.getByText(`Thank you for applying for the ${job.jobTitle} role`)).toBeVisible();
  await expectNoViolations(page, '/success after an application');

  // At 1 Mbps the upload alone takes about 40 s: longer than the answer may take once it is sent.
  expect(elapsed).toBeGreaterThan(30_000);
  const steps = await stepsSeen();
  const percents = steps
    .map((step) => /^Uploading your CV – (\d+)%$/.exec(step)?.[1])
    .filter((percent): percent is string => percent !== undefined)
    .map(Number);
  expect(percents.length, steps.join(' | ')).toBeGreaterThanOrEqual(5);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true);
  // Then the specification's steps, in order.
  const after = steps.slice(steps.findLastIndex((step) => step.startsWith('Uploading your CV')) + 1);
  expect(after).toEqual([messages.savingToDatabase, messages.sendingEmail]);
  expect(dialogs).toHaveLength(3);

  const stored = await api<any[]>('GET', '/applications', { token: await adminToken() });
  const application = stored.body.find((row) => row.email === email);
  expect(application).toMatchObject({ jobId: job.id, hasResume: true, pdfFileSize: cv.length });

  // Opened again (a reload), the page no longer claims a submission.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Looking for your application?' })).toBeVisible();
  await expect(page.getByText('Application Submitted!')).toHaveCount(0);
});

test('a page closed right after the save still produces both e-mails', async ({ page }) => {
  const job = await createJob({ jobTitle: 'Retention Advisor (Mobile)' });
  await page.goto(`/apply/${job.id}`);
  const email = await fillIn(page, await validPdf('Amira Khan'));
  // The browser never makes its second call: the page is gone as soon as the save is answered.
  await page.route('**/api/email/sendEmail', (route) => route.abort());
  const saved = page.waitForResponse('**/api/applications');
  await page.getByRole('button', { name: 'Submit Application' }).tap();
  const answer = await saved;
  expect(answer.status()).toBe(201);
  const { insertedId } = (await answer.json()) as { insertedId: string };
  await page.close();

  // Both e-mails go although the browser never made its second call.
  await expect.poll(() => outboxMessagesAbout(email, insertedId).length, { timeout: 30_000 }).toBe(2);
  const mails = outboxMessagesAbout(email, insertedId);
  const to = (address: string) => new RegExp(`^To: .*${address.replace(/\./g, '\\.')}`, 'm');
  expect(mails.filter((mail) => to(email).test(mail))).toHaveLength(1);
  expect(mails.filter((mail) => to(CAREERS_MAILBOX).test(mail))).toHaveLength(1);
});

const errorBar = (page: Page) => page.getByRole('group', { name: messages.applicationFailedInline });

/** The form's error: the toast, then the message bar with the detail, focused, on screen at every width. */
async function expectFormError(page: Page, what: string, detail: RegExp | string) {
  await expect(page.getByText(messages.applicationFailedToast)).toBeVisible();
  await expect(errorBar(page)).toBeVisible();
  await expect(errorBar(page)).toContainText(detail);
  await expect(errorBar(page)).toBeFocused();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page, width, what);
    await expect(errorBar(page)).toBeInViewport({ ratio: 0.1 });
  }
  await page.setViewportSize(phone.viewport);
  await expectNoViolations(page, `the apply form after ${what}`);
}

test('the error for a job that closed while the form was open fits the screen, takes the focus and passes axe', async ({
  page,
}) => {
  const closing = await createJob({ jobTitle: 'Underwriting Assistant (Closing)' });
  await page.goto(`/apply/${closing.id}`);
  await fillIn(page, await validPdf());
  await closeJob(closing.id);
  await page.getByRole('button', { name: 'Submit Application' }).tap();
  await expectFormError(page, 'a job that closed', messages.jobNoLongerOpen);
});

test('the error for a damaged PDF refused by the server fits the screen, takes the focus and passes axe', async ({
  page,
}) => {
  const job = await createJob({ jobTitle: 'Motor Claims Handler' });
  await page.goto(`/apply/${job.id}`);
  await fillIn(page, truncatedPdf(await validPdf()));
  await page.getByRole('button', { name: 'Submit Application' }).tap();
  await expectFormError(page, 'a damaged PDF', messages.cvUnreadable);
});

test('the error for no answer within 30 s fits the screen, takes the focus and passes axe', async ({
  page,
}) => {
  // The form gives up 30 s after the CV is sent, so this test waits that long by design.
  test.setTimeout(120_000);
  const job = await createJob({ jobTitle: 'Motor Claims Handler' });
  // A server that takes the whole body, then says nothing.
  const silent = createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => response.destroy(), 60_000).unref());
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/applications`;
    await page.goto(`/apply/${job.id}`);
    await fillIn(page, await validPdf());
    await page.route('**/api/applications', (route) => route.continue({ url: silentUrl }));
    await page.getByRole('button', { name: 'Submit Application' }).tap();
    await expect(page.getByText(messages.savingToDatabase)).toBeVisible();
    await expect(errorBar(page)).toBeVisible({ timeout: 45_000 });
    await expectFormError(page, 'no answer', 'The request timed out. Please try again.');
  } finally {
    silent.closeAllConnections();
    silent.close();
  }
});

test('the public pages and the login refusal fit the screen at 320, 390 and 820 px', async ({ page }) => {
  test.setTimeout(180_000);
  const job = await createJob({ jobTitle: 'Senior Home Insurance Comparison Specialist' });
  for (const path of [
    '/',
    `/apply/${job.id}`,
    '/about',
    '/contact',
    '/login',
    '/register',
    '/privacy',
    '/my-application/not-a-link',
    '/no-such-page',
  ]) {
    await page.setViewportSize(phone.viewport);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoSidewaysScroll(page, width, path);
    }
  }
  await page.setViewportSize(phone.viewport);
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody-with-a-rather-long-address@example.com');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).tap();
  await expect(page.getByText(messages.invalidCredentials).first()).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page, width, 'the login refusal');
  }
});

test('the careers home with five filters chosen shows the first job on the first screen, the filters behind Filters (5), with and without JavaScript', async ({
  browser,
}) => {
  const marker = `zp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const token = await adminToken();
  const created = await api<{ insertedId: string }>('POST', '/departments', {
    token,
    body: { name: `Claims ${marker}` },
  });
  const departments = await api<{ _id: string; slug: string }[]>('GET', '/departments', { token });
  const claims = departments.body.find((entry) => entry._id === created.body.insertedId)!;
  const job = await createJob({
    jobTitle: `Motor Claims Handler ${marker}`,
    location: '',
    hours: '',
    ctc: '',
    departmentId: claims._id,
    locations: ['Northampton'],
    workplaceType: 'on-site',
    employmentTypes: ['full-time'],
    pay: { min: 30_000, max: 34_000, period: 'year' },
  });
  const address = `/?q=${marker}&department=${claims.slug}&location=Northampton&workplace=on-site&type=full-time&pay=30000`;

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ ...phone, javaScriptEnabled });
    const visitor = await context.newPage();
    await visitor.goto(address);
    const what = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';
    const form = visitor.getByRole('search', { name: 'Search jobs' });
    const filters = form.locator('summary');
    await expect(form.getByRole('searchbox', { name: 'Search jobs' })).toBeVisible();
    await expect(filters).toHaveText('Filters (5)');
    await expect(form.getByRole('combobox', { name: 'Department' })).toBeHidden();
    const title = visitor.getByRole('article').first().getByRole('heading', { level: 3 });
    await expect(title).toHaveText(job.jobTitle);
    const box = await title.boundingBox();
    expect(box!.y + box!.height, what).toBeLessThanOrEqual(phone.viewport.height);

    // Opened, each filter shows its choice (with the app, the tap also starts it).
    await filters.tap();
    const department = form.getByRole('combobox', { name: 'Department' });
    await expect(department).toBeVisible();
    await expect(department).toHaveValue(claims.slug);
    await expect(form.getByRole('combobox', { name: 'Minimum pay' })).toHaveValue('30000');
    if (javaScriptEnabled) {
      await waitForApp(visitor);
      await expect(department).toBeVisible();
      await expectNoViolations(visitor, 'the careers home on a phone with its filters open');
    }
    await context.close();
  }
});

test('focus follows the CV card when a CV is chosen and removed', async ({ page }) => {
  const choosers = watchFileChoosers(page);
  const job = await createJob();
  await page.goto(`/apply/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /Apply for/ })).toBeVisible();
  await page.getByRole('button', { name: 'Choose a PDF file' }).tap();
  await (
    await choosers.next()
  ).setFiles({ name: 'amira.pdf', mimeType: 'application/pdf', buffer: await validPdf() });
  await expect(page.getByText('File ready for upload')).toBeVisible();
  const card = page.getByRole('group', { name: /^CV: amira\.pdf, \d+ KB, ready for upload$/ });
  await expect(card).toBeFocused();
  await page.getByRole('button', { name: 'Remove amira.pdf' }).tap();
  await expect(page.getByRole('group', { name: 'CV: no file chosen' })).toBeFocused();
});

test('every label names a control on the public pages, and tapping one focuses its field', async ({
  page,
}) => {
  const job = await createJob();
  for (const path of [`/apply/${job.id}`, '/login', '/register']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('label').first()).toBeVisible();
    const dangling = await page.evaluate(() =>
      [...document.querySelectorAll('label[for]')]
        .filter((label) => !document.getElementById((label as HTMLLabelElement).htmlFor))
        .map((label) => label.textContent),
    );
    expect(dangling, path).toEqual([]);
  }
  await page.goto(`/apply/${job.id}`);
  for (const [label, id] of [
    ['Full Name', 'apply-name'],
    ['Email', 'apply-email'],
    ['Phone', 'apply-phone'],
    ['Cover Letter', 'apply-about'],
  ]) {
    await page.locator('label', { hasText: label }).first().tap();
    await expect(page.locator(`#${id}`)).toBeFocused();
  }
});

test('/success opened directly says nothing was sent and shows the way to the jobs', async ({ page }) => {
  await page.goto('/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Looking for your application?' })).toBeVisible();
  await expect(page.getByText(/Application Submitted!|on its way|Processing your application/)).toHaveCount(
    0,
  );
  await expect(page.getByRole('link', { name: 'See open positions' })).toHaveAttribute('href', '/');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page, width, '/success');
  }
  await expectNoViolations(page, '/success opened directly');
});

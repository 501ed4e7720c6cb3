import { type Page } from '@playwright/test';
import { messages } from '../../src/shared/messages';
import { siteConfig } from '../../src/shared/site/site-config';
import { validPdf } from '../support/pdf-fixtures';
import { closeJob, createJob } from './e2e-env';
import { collectErrors, expectNoViolations, watchFileChoosers } from './flows';
import { expect, test } from './fixtures';

/**
 * A job's page (/apply/:id) is drawn on the server, like the home page: someone arriving from a
 * search engine reads the job before any script has run (or with none at all), and what they type
 * into the form before the app takes over is still there, and sent, once it has.
 */

/**
 * Holds back the app's scripts until the returned function is called, as a slow link would: all of
 * them, or (`entry: true`) all but the small entry, which remembers presses until the app runs.
 */
async function holdScripts(page: Page, { entry = false } = {}): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    const isEntry = new URL(route.request().url()).pathname.startsWith('/assets/index-');
    if (!(entry && isEntry)) await released;
    await route.continue();
  });
  return release;
}

/** Notes whether a loading state ever appears in the page, however briefly. */
async function watchForLoading(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const flags = window as unknown as { sawLoading: boolean };
    flags.sawLoading = false;
    new MutationObserver(() => {
      if (/Loading/.test(document.getElementById('root')?.textContent ?? '')) flags.sawLoading = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading);
}

test('with JavaScript off, a job page shows the job and carries its JobPosting data', async ({ browser }) => {
  const job = await createJob({
    jobTitle: `No Script Advisor ${Date.now()}`,
    description: 'Guide drivers through their car insurance quotes.',
    responsibilities: ['Answer calls from drivers', 'Explain each quote'],
  });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`/apply/${job.id}`);
  expect(response?.status()).toBe(200);

  await expect(page.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: job.jobTitle })).toBeVisible();
  await expect(page.getByText('Guide drivers through their car insurance quotes.')).toBeVisible();
  await expect(page.getByText('Answer calls from drivers')).toBeVisible();
  await expect(page.getByText('Explain each quote')).toBeVisible();
  await expect(page.getByText('Loading')).toHaveCount(0);
  // The form is a plain form the browser sends itself (docs/behaviour.md#applying-without-javascript).
  const form = page.locator('form[method="post"][enctype="multipart/form-data"]');
  await expect(form).toHaveAttribute('action', '/api/applications');
  await expect(form.locator('input[type="hidden"][name="jobId"]')).toHaveValue(job.id);
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
  expect(await page.title()).toBe(`Apply for ${job.jobTitle} | ${siteConfig.brandName} Careers`);

  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
  expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'JobPosting', title: job.jobTitle });
  await context.close();
});

test('with JavaScript off, a closed job page shows that applications have closed', async ({ browser }) => {
  const job = await createJob({ jobTitle: `Closed No Script Advisor ${Date.now()}` });
  await closeJob(job.id);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  expect((await page.goto(`/apply/${job.id}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: job.jobTitle })).toBeVisible();
  await expect(page.getByText(/Applications closed on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
  await context.close();
});

test('what is typed and the CV chosen before the app runs are kept, and the application goes through', async ({
  page,
}) => {
  const job = await createJob({ jobTitle: `Early Typist Advisor ${Date.now()}` });
  const errors = collectErrors(page);
  const sawLoading = await watchForLoading(page);
  const release = await holdScripts(page);
  await page.goto(`/apply/${job.id}`, { waitUntil: 'commit' });

  // No script has run yet (all of them are held): the page is the server's.
  const heading = page.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Help customers compare insurance quotes over the phone.')).toBeVisible();
  await expectNoViolations(page, 'the prerendered job page');
  await heading.evaluate((element) => element.setAttribute('data-prerendered', 'yes'));

  await page.getByLabel('Full Name').fill('Early Jane');
  await page.getByLabel('Email').fill('early.jane@example.com');
  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByLabel('Cover Letter').fill('I typed this before the page had finished loading.');
  await page.locator('input[type=file]').setInputFiles({
    name: 'early-cv.pdf',
    mimeType: 'application/pdf',
    buffer: await validPdf(),
  });

  release();
  // The app has taken over: the CV chosen earlier went through the same checks as a fresh choice.
  await expect(page.getByText('File ready for upload')).toBeVisible();
  await expect(page.getByText('early-cv.pdf')).toBeVisible();
  // Hydrated, not drawn again.
  await expect(heading).toHaveAttribute('data-prerendered', 'yes');
  await expect(page.getByLabel('Full Name')).toHaveValue('Early Jane');
  await expect(page.getByLabel('Email')).toHaveValue('early.jane@example.com');
  await expect(page.getByLabel('Phone')).toHaveValue('07700 900123');
  await expect(page.getByLabel('Cover Letter')).toHaveValue(
    'I typed this before the page had finished loading.',
  );

  const submitted = page.waitForResponse(
    (response) => response.url().endsWith('/api/applications') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit Application' }).click();
  expect((await submitted).status()).toBe(201);
  await expect(page).toHaveURL('/success');
  expect(await sawLoading()).toBe(false);
  expect(errors).toEqual([]);
});

test('Choose a PDF file pressed before the app runs opens the file chooser at once; the file is checked once the app runs', async ({
  page,
}) => {
  const choosers = watchFileChoosers(page);
  const job = await createJob({ jobTitle: `Early Chooser Advisor ${Date.now()}` });
  const release = await holdScripts(page, { entry: true });
  // The entry has run (it marks nothing, but the page is fully parsed once it has): the app has not.
  await page.goto(`/apply/${job.id}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeVisible();
  await page.getByRole('button', { name: 'Choose a PDF file' }).click();
  // A browser opens a chooser only within seconds of the press: it cannot wait for the app.
  const chooser = await choosers.next();
  await chooser.setFiles({
    name: 'pressed-early.pdf',
    mimeType: 'application/pdf',
    buffer: await validPdf(),
  });
  await expect(page.getByText('File ready for upload')).toHaveCount(0);
  release();
  await expect(page.getByText('File ready for upload')).toBeVisible();
  await expect(page.getByText('pressed-early.pdf')).toBeVisible();
  // As with a file chosen once the app runs, the button gives way to the file's card, and so
  // does focus.
  await expect(
    page.getByRole('group', { name: /^CV: pressed-early\.pdf, \d+ KB, ready for upload$/ }),
  ).toBeFocused();
});

test('the job page hydrates without an error or a loading state, and works as before', async ({ page }) => {
  const job = await createJob({ jobTitle: `Hydrated Job Page Advisor ${Date.now()}` });
  const errors = collectErrors(page);
  const sawLoading = await watchForLoading(page);
  await page.goto(`/apply/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeVisible();
  // The app runs: a required field left empty is reported by the form, not by the browser.
  await page.getByLabel('Full Name').fill('Jane');
  await page.getByLabel('Full Name').fill('');
  await page.locator('input[type=file]').setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: await validPdf(),
  });
  await expect(page.getByText('File ready for upload')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText(messages.nameRequired)).toBeVisible();
  expect(page.url()).not.toContain('?');
  // The plain CV field is for a browser without scripts alone.
  await expect(page.locator('input[type="file"][name="pdfFile"]')).toHaveCount(0);
  expect(await page.locator('title').count()).toBe(1);
  expect(await sawLoading()).toBe(false);
  expect(errors).toEqual([]);
});

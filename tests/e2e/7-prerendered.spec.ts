import { type Page } from '@playwright/test';
import { siteConfig } from '../../src/shared/site/site-config';
import { adminToken, createJob } from './e2e-env';
import { APP_CHUNK, collectErrors, expectNoViolations, holdApp, waitForApp } from './flows';
import { expect, test } from './fixtures';

/**
 * The careers home page is prerendered on the server (src/web/prerender.tsx) and the app takes it over
 * in the browser (hydration) once the visitor starts to interact. These check what a visitor
 * notices: the page reads and works before (and without) any script, the app then takes over without
 * rendering it again or complaining, and a press made before it is ready is neither lost nor doubled.
 */

/** Every script the page requests, in order. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test('the careers home page is readable with JavaScript off: jobs, links and footer', async ({ browser }) => {
  const job = await createJob({ jobTitle: `Prerendered Advisor ${Date.now()}` });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Career Opportunities' })).toBeVisible();
  const card = page.getByRole('article', { name: job.jobTitle });
  await expect(card.getByText('Northampton')).toBeVisible();
  // Nothing could open the details without script: they are shown, and the button that would is not.
  await expect(card.getByText('Help customers compare insurance quotes over the phone.')).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Answer calls' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'More Details' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'About Us' }).first()).toHaveAttribute('href', '/about');
  await expect(page.getByRole('contentinfo')).toContainText(siteConfig.phone);
  expect(await page.title()).toBe(`Careers | ${siteConfig.brandName}`);

  await card.getByRole('link', { name: /Apply Now/ }).click();
  await expect(page).toHaveURL(`/apply/${job.id}`);
  await page.goBack();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL('/about');
  await context.close();
});

test('the app is not downloaded until the visitor interacts, and the page before it passes axe', async ({
  page,
}) => {
  const job = await createJob({ jobTitle: `Before Interaction Advisor ${Date.now()}` });
  const scripts = scriptRequests(page);
  await page.goto('/');
  const card = page.getByRole('article', { name: job.jobTitle });
  await expect(card.getByRole('heading', { name: job.jobTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  // Only the small entry: the app waits for a press, a key or a focus.
  expect(scripts).toHaveLength(1);
  expect(scripts.filter((url) => APP_CHUNK.test(url))).toEqual([]);
  await expectNoViolations(page, '/ before the app');
});

test('the first press fetches the app, which then takes the page over', async ({ page }) => {
  const job = await createJob({ jobTitle: `Interaction Advisor ${Date.now()}` });
  const errors = collectErrors(page);
  await page.goto('/');
  const card = page.getByRole('article', { name: job.jobTitle });
  await expect(card.getByRole('heading', { name: job.jobTitle })).toBeVisible();
  const app = page.waitForRequest(APP_CHUNK);

  await card.getByRole('button', { name: 'More Details' }).click();
  await app;
  await waitForApp(page);
  await expect(card.getByText('Help customers compare insurance quotes over the phone.')).toBeVisible();
  await card.getByRole('button', { name: 'Hide Details' }).click();
  await expect(card.getByText('Help customers compare insurance quotes over the phone.')).toBeHidden();
  await card.getByRole('button', { name: 'More Details' }).click();
  await expect(card.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoViolations(page, '/ once the app runs');

  // A header link now moves within the app instead of loading a new page.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  expect(errors).toEqual([]);
});

test('a signed-in administrator gets the app at once: edit and delete buttons without interacting', async ({
  page,
}) => {
  const job = await createJob({ jobTitle: `Admin View Advisor ${Date.now()}` });
  const token = await adminToken();
  await page.addInitScript((stored) => localStorage.setItem('access-token', stored), token);
  await page.goto('/');
  const card = page.getByRole('article', { name: job.jobTitle });
  await expect(card.getByRole('link', { name: `Edit ${job.jobTitle}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete ${job.jobTitle}` })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
});

test('the app takes the prerendered page over without an error, and titles follow the screens', async ({
  page,
}) => {
  const job = await createJob({ jobTitle: `Hydrated Advisor ${Date.now()}` });
  const errors = collectErrors(page);
  await page.goto('/');
  const heading = page.getByRole('heading', { name: job.jobTitle });
  await expect(heading).toBeVisible();
  // Marked as the server drew it; once the app runs (More Details works), the mark must still be
  // there: hydration adopted the server's DOM instead of rendering the page again.
  await heading.evaluate((element) => element.setAttribute('data-prerendered', 'yes'));
  const card = page.getByRole('article', { name: job.jobTitle });
  await card.getByRole('button', { name: 'More Details' }).click();
  await expect(card.getByRole('button', { name: 'Hide Details' })).toBeVisible();
  await waitForApp(page);
  await expect(card.getByRole('heading', { name: job.jobTitle })).toHaveAttribute('data-prerendered', 'yes');

  await page.getByRole('navigation').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expect(page).toHaveTitle(`About Us | ${siteConfig.brandName} Careers`);
  await page.goBack();
  await expect(page.getByRole('heading', { name: job.jobTitle })).toBeVisible();
  await expect(page).toHaveTitle(`Careers | ${siteConfig.brandName}`);
  expect(await page.locator('title').count()).toBe(1);
  expect(errors).toEqual([]);
});

test('More Details pressed before the app has loaded opens once and stays open when the app arrives', async ({
  page,
}) => {
  const job = await createJob({ jobTitle: `Early Press Advisor ${Date.now()}` });
  const errors = collectErrors(page);
  // The app's code arrives late, as on a slow connection; the prerendered page is there before it.
  // It is held until the page's own answer to the press has been checked.
  const app = await holdApp(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const card = page.getByRole('article', { name: job.jobTitle });
  const description = card.getByText('Help customers compare insurance quotes over the phone.');
  await card.getByRole('button', { name: 'More Details' }).click();
  // Opened by the page itself while the app is still on its way.
  await expect(description).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
  // The press starts loading the app, which is held at the door: what opened it was the page.
  await expect.poll(app.requested).toBe(true);
  await expect(description).toBeVisible();

  app.release();
  await waitForApp(page);
  // Not toggled a second time by the app, nor closed when it took over.
  await expect(description).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide Details' })).toBeVisible();
  // And the app's own toggle goes on from there.
  await card.getByRole('button', { name: 'Hide Details' }).click();
  await expect(description).toBeHidden();
  await expect(card.getByRole('button', { name: 'More Details' })).toHaveAttribute('aria-expanded', 'false');
  expect(errors).toEqual([]);
});

test('a search page is taken over without a redraw, from the jobs it carries, and then searches every open job', async ({
  page,
}) => {
  const word = `Hydrate${Date.now()}`;
  const near = await createJob({ jobTitle: `${word} Claims Advisor` });
  const far = await createJob({ jobTitle: `${word} Pricing Analyst`, location: 'Leeds' });
  const errors = collectErrors(page);
  // The open jobs come from the API only after the app has taken the page over.
  let listAsked = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/all') listAsked = true;
  });
  await page.goto(`/?q=${word}+claims`);
  const card = page.getByRole('article', { name: near.jobTitle });
  await card.getByRole('heading', { name: near.jobTitle }).evaluate((heading) => {
    heading.setAttribute('data-drawn', 'server');
  });
  await expect(page.getByRole('article', { name: far.jobTitle })).toHaveCount(0);
  expect(listAsked).toBe(false);

  const list = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/all');
  await page.keyboard.press('Shift');
  await waitForApp(page);
  expect((await list).status()).toBe(200);
  // Hydrated, not drawn again, and the same jobs once the app has every open job.
  await expect(card.getByRole('heading', { name: near.jobTitle })).toHaveAttribute('data-drawn', 'server');
  await expect(page.getByRole('status').filter({ hasText: '1 role matches your search' })).toBeVisible();
  await expect(page.getByRole('article', { name: far.jobTitle })).toHaveCount(0);

  // A new search in the app looks through every open job, not only those the page carried.
  const text = page
    .getByRole('searchbox', { name: /Search/ })
    .or(page.getByRole('textbox', { name: /Search/ }));
  await text.first().fill(word);
  await text.first().press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
  await expect(page.getByRole('article', { name: far.jobTitle })).toBeVisible();
  await expect(card).toBeVisible();
  expect(errors).toEqual([]);
});

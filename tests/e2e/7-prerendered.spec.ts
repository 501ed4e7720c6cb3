import { expect, test } from '@playwright/test';
import { siteConfig } from '../../src/shared/site/site-config';
import { createJob } from './e2e-env';

/**
 * The careers home page is prerendered on the server (src/web/prerender.tsx) and the app takes it over
 * in the browser (hydration). These check what a visitor notices: the page reads before (and
 * without) any script, the app then takes over without rendering it again or complaining, and a press
 * made before it is ready is not lost.
 */

test('the careers home page is readable with JavaScript off: jobs, links and footer', async ({ browser }) => {
  const job = await createJob({ jobTitle: `Prerendered Advisor ${Date.now()}` });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Career Opportunities' })).toBeVisible();
  const card = page.getByRole('article', { name: job.jobTitle });
  await expect(card.getByText('Northampton')).toBeVisible();
  await expect(card.getByRole('link', { name: /Apply Now/ })).toHaveAttribute('href', `/apply/${job.id}`);
  await expect(page.getByRole('link', { name: 'About Us' }).first()).toHaveAttribute('href', '/about');
  await expect(page.getByRole('contentinfo')).toContainText(siteConfig.phone);
  expect(await page.title()).toBe(`Careers | ${siteConfig.brandName}`);
  await context.close();
});

test('the app takes the prerendered page over without an error, and titles follow the screens', async ({
  page,
}) => {
  const job = await createJob({ jobTitle: `Hydrated Advisor ${Date.now()}` });
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser's own request for /favicon.ico is not the app's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  const heading = page.getByRole('heading', { name: job.jobTitle });
  await expect(heading).toBeVisible();
  // Marked as the server drew it; once the app runs (More Details works), the mark must still be
  // there: hydration adopted the server's DOM instead of rendering the page again.
  await heading.evaluate((element) => element.setAttribute('data-prerendered', 'yes'));
  const card = page.getByRole('article', { name: job.jobTitle });
  await card.getByRole('button', { name: 'More Details' }).click();
  await expect(card.getByRole('button', { name: 'Hide Details' })).toBeVisible();
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

test('More Details pressed before the app has loaded still opens the details', async ({ page }) => {
  const job = await createJob({ jobTitle: `Early Press Advisor ${Date.now()}` });
  // The app's code arrives late, as on a slow connection; the prerendered page is there before it.
  await page.route('**/assets/start-app-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const card = page.getByRole('article', { name: job.jobTitle });
  await card.getByRole('button', { name: 'More Details' }).click();
  await expect(card.getByText('Help customers compare insurance quotes over the phone.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide Details' })).toBeVisible();
});

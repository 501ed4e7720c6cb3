import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createJob } from './e2e-env';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.target).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

test('every public screen passes axe (WCAG 2.2 AA rules)', async ({ browser }) => {
  const job = await createJob({ jobTitle: 'Accessibility Champion' });
  const context = await browser.newContext();
  const page = await context.newPage();

  const screens: { path: string; ready: (page: Page) => Promise<void> }[] = [
    { path: '/', ready: (p) => expect(p.getByRole('heading', { name: job.jobTitle })).toBeVisible() },
    {
      path: `/apply/${job.id}`,
      ready: (p) => expect(p.getByRole('heading', { level: 1, name: /Apply for/ })).toBeVisible(),
    },
    {
      path: '/success',
      ready: async (p) => {
        await expect(p.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
        // Wait for the fade to finish: axe measures contrast with the current opacity.
        await p.waitForTimeout(700);
      },
    },
    { path: '/login', ready: (p) => expect(p.getByRole('heading', { name: 'Login' })).toBeVisible() },
    {
      path: '/register',
      ready: (p) => expect(p.getByRole('heading', { name: 'Create an Account' })).toBeVisible(),
    },
    { path: '/about', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: '/contact', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: '/error', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    {
      path: '/no-such-page',
      ready: (p) => expect(p.getByText(/Looks like you got lost/)).toBeVisible(),
    },
  ];

  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    await expectNoViolations(page, screen.path);
  }

  // The open job card and a form showing its validation messages.
  await page.goto('/');
  await page.getByRole('button', { name: 'More Details' }).first().click();
  await expectNoViolations(page, '/ with details open');
  await page.goto('/register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expectNoViolations(page, '/register with errors');

  await context.close();
});

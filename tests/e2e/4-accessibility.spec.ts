import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './flows';
import { messages } from '../../src/shared/messages';
import { closeJob, createJob } from './e2e-env';

test('every public screen passes axe (WCAG 2.2 AA rules)', async ({ browser }) => {
  // Thirteen full axe scans: as the admin screens' scan, more than the default minute when the
  // other worker is busy too.
  test.setTimeout(120_000);
  const job = await createJob({ jobTitle: 'Accessibility Champion' });
  const closed = await createJob({ jobTitle: 'Closed Role' });
  await closeJob(closed.id);
  const context = await browser.newContext();
  const page = await context.newPage();

  const screens: { path: string; ready: (page: Page) => Promise<void> }[] = [
    { path: '/', ready: (p) => expect(p.getByRole('heading', { name: job.jobTitle })).toBeVisible() },
    {
      path: `/apply/${job.id}`,
      ready: (p) => expect(p.getByRole('heading', { level: 1, name: /Apply for/ })).toBeVisible(),
    },
    {
      // Opened directly, without an application (the confirmation itself is scanned in 8-phone.spec.ts).
      path: '/success',
      ready: (p) => expect(p.getByRole('heading', { name: 'Looking for your application?' })).toBeVisible(),
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
      path: '/privacy',
      ready: (p) =>
        expect(p.getByRole('heading', { level: 1, name: 'Applicant Privacy Notice' })).toBeVisible(),
    },
    {
      path: `/apply/${closed.id}`,
      ready: (p) => expect(p.getByText(messages.jobNoLongerOpen)).toBeVisible(),
    },
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

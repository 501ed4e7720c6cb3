import { type Page } from '@playwright/test';
import { messages } from '../../src/shared/messages';
import { closeJob, createJob } from './e2e-env';
import { expectNoViolations } from './flows';
import { expect, test } from './fixtures';

/**
 * Every public screen against axe's WCAG 2.2 AA rules, one test per screen so that each stands
 * alone and they spread over the workers. The home page is scanned whole (header, navigation and
 * footer: the public layout every screen shares); the others scan what they draw themselves.
 */
const screens: {
  name: string;
  /** The address to open, after making what the screen shows. */
  open: () => Promise<string>;
  ready: (page: Page) => Promise<void>;
  whole?: boolean;
}[] = [
  {
    name: '/',
    open: async () => {
      await createJob({ jobTitle: 'Accessibility Champion' });
      return '/';
    },
    ready: (p) => expect(p.getByRole('heading', { name: 'Accessibility Champion' }).first()).toBeVisible(),
    whole: true,
  },
  {
    name: '/apply/:id',
    open: async () => `/apply/${(await createJob({ jobTitle: 'Accessibility Champion' })).id}`,
    ready: (p) => expect(p.getByRole('heading', { level: 1, name: /Apply for/ })).toBeVisible(),
  },
  {
    // Opened directly, without an application (the confirmation itself is scanned in 8-phone.spec.ts).
    name: '/success',
    open: async () => '/success',
    ready: (p) => expect(p.getByRole('heading', { name: 'Looking for your application?' })).toBeVisible(),
  },
  {
    name: '/login',
    open: async () => '/login',
    ready: (p) => expect(p.getByRole('heading', { name: 'Login' })).toBeVisible(),
  },
  {
    name: '/register',
    open: async () => '/register',
    ready: (p) => expect(p.getByRole('heading', { name: 'Create an Account' })).toBeVisible(),
  },
  {
    name: '/about',
    open: async () => '/about',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: '/contact',
    open: async () => '/contact',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: '/error',
    open: async () => '/error',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: '/privacy',
    open: async () => '/privacy',
    ready: (p) =>
      expect(p.getByRole('heading', { level: 1, name: 'Applicant Privacy Notice' })).toBeVisible(),
  },
  {
    name: '/apply/:id of a closed job',
    open: async () => {
      const closed = await createJob({ jobTitle: 'Closed Role' });
      await closeJob(closed.id);
      return `/apply/${closed.id}`;
    },
    ready: (p) => expect(p.getByText(messages.jobNoLongerOpen)).toBeVisible(),
  },
  {
    name: 'the 404 screen',
    open: async () => '/no-such-page',
    ready: (p) => expect(p.getByText(/Looks like you got lost/)).toBeVisible(),
  },
];

for (const screen of screens) {
  test(`${screen.name} passes axe (WCAG 2.2 AA rules)`, async ({ page }) => {
    await page.goto(await screen.open());
    await screen.ready(page);
    await expectNoViolations(page, screen.name, screen.whole ? { scope: 'page' } : {});
  });
}

test('the home page with a job card open passes axe', async ({ page }) => {
  await createJob();
  await page.goto('/');
  await page.getByRole('button', { name: 'More Details' }).first().click();
  await expect(page.getByRole('button', { name: 'Hide Details' }).first()).toBeVisible();
  await expectNoViolations(page, '/ with details open');
});

test('the register form showing its validation messages passes axe', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expectNoViolations(page, '/register with errors');
});

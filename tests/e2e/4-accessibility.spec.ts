import { type Page } from '@playwright/test';
import { messages } from '../../src/shared/messages';
import { closeJob, createJob } from './e2e-env';
import { expectNoViolations } from './flows';
import { expect, test } from './fixtures';

/**
 * Public screens in states the screen walk (14-public-polish.spec.ts, which scans every screen as
 * it first opens) does not reach, against axe's WCAG 2.2 AA rules: one test each, so that each
 * stands alone and they spread over the workers.
 */
const screens: {
  name: string;
  /** The address to open, after making what the screen shows. */
  open: () => Promise<string>;
  ready: (page: Page) => Promise<void>;
}[] = [
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
    await expectNoViolations(page, screen.name);
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

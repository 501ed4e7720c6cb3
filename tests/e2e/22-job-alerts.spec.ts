import type { Locator, Page } from '@playwright/test';
import { createJob, outboxMessages, tabTo } from './e2e-env';
import { expectNoViolations, waitForApp } from './flows';
import { expect, test } from './fixtures';

/**
 * Job alerts (docs/behaviour.md#job-alerts) in Chromium: a visitor on a filtered search sets one
 * up by keyboard alone, then confirms it through the link e-mailed to them; axe clean on the way.
 */
test('a job alert is set up from a filtered search by keyboard and confirmed from its e-mail', async ({
  page,
}) => {
  const marker = `zj${Date.now().toString(36)}`;
  await createJob({ jobTitle: `Claims Handler ${marker}` });
  const email = `alert.${marker}@example.com`;

  await page.goto(`/?q=${marker}`);
  // The home page starts the app on the first interaction; the sign-up is the app's.
  await page.keyboard.press('Tab');
  await waitForApp(page);
  const toggle = page.getByRole('button', { name: 'E-mail me jobs like these' });
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const address = page.getByRole('textbox', { name: 'Your e-mail address' });
  await tabTo(page, address);
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole('radio', { name: 'Once a day' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Once a week' })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Create job alert' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  await expectNoViolations(page, 'careers home with the job-alert sign-up');

  // The confirmation e-mail, read with quoted-printable's soft line breaks joined up.
  const link = () =>
    outboxMessages()
      .filter((mail) => mail.includes(email))
      .map((mail) => /\/job-alerts\/confirm\/[A-Za-z0-9_-]{43}/.exec(mail.replace(/=\r?\n/g, ''))?.[0])
      .find(Boolean);
  await expect.poll(link, { timeout: 15_000 }).toBeDefined();
  await page.goto(link()!);
  const confirm = page.getByRole('button', { name: 'Confirm my job alert' });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your job alert is confirmed.')).toBeVisible();
  await expectNoViolations(page, 'job-alert confirmation');
});

/**
 * Tab until `target` has the focus, asked through Playwright's own script: with JavaScript off, the
 * page runs none of the test's either.
 */
async function tabWithoutScripts(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 120; presses++) {
    if (
      await expect(target)
        .toBeFocused({ timeout: 20 })
        .then(
          () => true,
          () => false,
        )
    )
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target.toString()} with Tab`);
}

/**
 * Without JavaScript (docs/behaviour.md#job-alerts): the careers home's plain form, opened and sent
 * by keyboard, answers the site's page; the unsubscribe address pasted into the browser opens a
 * page whose one button unsubscribes. Axe runs in a page that runs scripts, on the same markup.
 */
test('without JavaScript, the sign-up is a plain form and the unsubscribe address a page with one button', async ({
  browser,
  page,
}) => {
  const marker = `zn${Date.now().toString(36)}`;
  await createJob({ jobTitle: `Underwriter ${marker}` });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  try {
    await plain.goto(`/?q=${marker}`);
    // Playwright's text and role engines skip <noscript>, whose content this browser shows: CSS finds it.
    const form = plain.locator('noscript');
    await tabWithoutScripts(plain, form.locator('summary'));
    await plain.keyboard.press('Enter');
    await tabWithoutScripts(plain, form.locator('input[name="email"]'));
    await plain.keyboard.type(`plain.${marker}@example.com`);
    await expect(form.locator('input[name="frequency"][value="daily"]')).toBeChecked();
    // What this browser shows (the form open, as typed in), checked where axe can run: out of its <noscript>.
    const drawn = await plain.content();
    await page.setContent(drawn.replace(/<\/?noscript>/g, '').replace(/<script\b[\s\S]*?<\/script>/g, ''));
    await expectNoViolations(page, 'the job-alert sign-up without JavaScript', { scope: 'page' });

    await tabWithoutScripts(plain, form.locator('button[type="submit"]'));
    await plain.keyboard.press('Enter');
    await expect(plain.getByRole('heading', { level: 1, name: 'Confirm your job alert' })).toBeVisible();
    await expect(plain.getByText('Check your inbox: we have sent you a link')).toBeVisible();

    const unsubscribe = `/api/job-alerts/unsubscribe/${'x'.repeat(43)}`;
    await page.goto(unsubscribe);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unsubscribe from this job alert' }),
    ).toBeVisible();
    await expectNoViolations(page, 'the unsubscribe address opened in a browser');
    await plain.goto(unsubscribe);
    await tabWithoutScripts(plain, plain.getByRole('button', { name: 'Unsubscribe' }));
    await plain.keyboard.press('Enter');
    await expect(plain.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  } finally {
    await context.close();
  }
});

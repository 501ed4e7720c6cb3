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

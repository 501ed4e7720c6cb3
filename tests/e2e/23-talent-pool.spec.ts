import PostalMime from 'postal-mime';
import { screens } from '../../src/shared/site/screen-routes';
import { validPdf } from '../support/pdf-fixtures';
import { adminToken, api, outboxMessages, tabTo } from './e2e-env';
import { expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';

/**
 * The talent pool end to end (docs/behaviour.md#the-talent-pool): a visitor joins from the careers
 * home by keyboard, confirms through the link e-mailed to the outbox folder, and an administrator
 * finds them on the pool's screen; axe clean on the form and the administrators' screen.
 */

const LINK = /https?:\/\/[^/\s]+(\/my-talent-pool\/[A-Za-z0-9_-]{43})/;

async function poolLinkFor(email: string): Promise<string | undefined> {
  const parsed = await Promise.all(outboxMessages().map((raw) => PostalMime.parse(raw)));
  const mail = parsed.find((one) => (one.to ?? []).some((to) => 'address' in to && to.address === email));
  return mail && LINK.exec(mail.text ?? '')?.[1];
}

test('a visitor joins the talent pool from the careers home by keyboard, confirms by e-mail, and an administrator sees them', async ({
  page,
}) => {
  const department = `Pool Desk ${Date.now()}`;
  const added = await api('POST', '/departments', { token: await adminToken(), body: { name: department } });
  expect(added.status).toBe(201);
  const email = `pool.${Date.now()}@example.com`;

  await page.goto(screens.home.path());
  const join = page.getByRole('link', { name: 'Join our talent pool' });
  await expect(page.getByRole('link', { name: 'Send Your CV' })).toBeVisible();
  await tabTo(page, join, 120);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Join our talent pool' })).toBeVisible();

  const consent = page.getByRole('checkbox', { name: /^Join our talent pool/ });
  await expect(consent).not.toBeChecked();
  await tabTo(page, page.getByRole('textbox', { name: /Full name/ }));
  await page.keyboard.type('Pat Pool');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole('checkbox', { name: department }));
  await page.keyboard.press('Space');
  await page.getByLabel(/Your CV/).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: await validPdf('Pat Pool'),
  });
  await tabTo(page, consent);
  await page.keyboard.press('Space');
  await expectNoViolations(page, 'the join form');
  await tabTo(page, page.getByRole('button', { name: 'Join the talent pool' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('We have e-mailed you a link');

  await expect.poll(() => poolLinkFor(email), { timeout: 20_000 }).toBeDefined();
  await page.goto((await poolLinkFor(email))!);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'What we hold' })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto(screens.talentPool.path());
  await expect(page.getByText(`Pat Pool <${email}>`)).toBeVisible();
  await expectNoViolations(page, 'the talent pool screen');
});

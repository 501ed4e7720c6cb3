import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { screens } from '../../src/shared/site/screen-routes';
import { E2E_ADMIN, adminToken, api, createJob, tabTo } from './e2e-env';
import { expectNoViolations, signInAsAdmin, watchFileChoosers } from './flows';
import { expect, test } from './fixtures';
import { applyTo } from './team-flows';

/**
 * Right-to-work checks in the browser (docs/behaviour.md#right-to-work-checks): an administrator
 * records the check of a Hired application with the keyboard alone (method, a follow-up date for
 * time-limited permission, the evidence through the file chooser the keyboard opens), sees it
 * complete and kept for the employment, and shows the evidence; axe finds nothing on the way.
 */

/** A date `days` ahead as a UK calendar reads it (`YYYY-MM-DD`). */
const ukDateIn = (days: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

const evidenceImage = (): Buffer => {
  const image = new PNG({ width: 40, height: 30 });
  image.data.fill(180);
  return PNG.sync.write(image);
};

test('an administrator records the right-to-work check of a hire by keyboard, with its evidence', async ({
  page,
}) => {
  const job = await createJob();
  const name = `Rita Rightwork ${Date.now()}`;
  const applicationId = await applyTo(job.id, name);
  const token = await adminToken();
  const hired = await api('PUT', `/applications/${applicationId}/stage`, { token, body: { stage: 'hired' } });
  expect(hired.status).toBe(200);
  const followUp = ukDateIn(200);
  const choosers = watchFileChoosers(page);

  await signInAsAdmin(page);
  await page.goto(screens.application.path({ id: applicationId }));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const card = page.getByRole('region', { name: 'Right to work' });
  await expect(card).toContainText('Not checked yet');
  await expectNoViolations(page, 'the right-to-work card, before a check');

  // The method: Tab into the group, Space on the first choice, an arrow key to the share code.
  const check = card.getByRole('form', { name: 'Right-to-work check' });
  await tabTo(page, check.getByRole('radio', { name: 'Manual document check' }));
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(check.getByRole('radio', { name: 'Online check with a share code' })).toBeChecked();
  // Date checked starts as today; the follow-up date is typed into the date field, month first.
  const followUpField = check.getByLabel(/^Follow-up date/);
  await tabTo(page, followUpField);
  const [year, month, day] = followUp.split('-') as [string, string, string];
  await page.keyboard.type(`${month}${day}${year}`);
  await expect(followUpField).toHaveValue(followUp);
  await tabTo(page, check.getByRole('button', { name: 'Save check' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Right-to-work check saved.')).toBeVisible();
  await expect(card).toContainText(`Checked by ${E2E_ADMIN.name} on `);
  await expect(card).toContainText('evidence still to add');
  await expect(card).toContainText('Check again by');
  await expect(card).toContainText('Not yet kept: complete the check');

  // The evidence: the keyboard opens the file chooser, then Upload evidence.
  const evidence = card.getByRole('form', { name: 'Right-to-work evidence' });
  await tabTo(page, evidence.getByLabel('Evidence file'));
  const chosen = choosers.next();
  await page.keyboard.press('Space');
  await (
    await chosen
  ).setFiles({ name: 'share-code-result.png', mimeType: 'image/png', buffer: evidenceImage() });
  await tabTo(page, evidence.getByRole('button', { name: 'Upload evidence' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Evidence stored.')).toBeVisible();
  await expect(card).toContainText(`Complete: checked by ${E2E_ADMIN.name} on `);
  await expect(card).toContainText('Kept for the employment plus two years');

  await tabTo(page, card.getByRole('button', { name: 'Show evidence' }));
  await page.keyboard.press('Enter');
  await expect(card.getByRole('img', { name: `Right-to-work evidence of ${name}` })).toBeVisible();
  await expectNoViolations(page, 'the right-to-work card, complete with its evidence shown');
  // A copy of the image saves as the image it is, byte for byte.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Save a copy' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/_right_to_work\.png$/);
  expect(readFileSync(await saved.path())).toEqual(evidenceImage());

  // The server holds what the screen said.
  const stored = await api('GET', `/applications/${applicationId}/right-to-work`, { token });
  expect(stored.body.check).toMatchObject({
    method: 'online-share-code',
    followUpOn: followUp,
    checkedByEmail: E2E_ADMIN.email,
    complete: true,
    keptForEmployment: true,
  });
});

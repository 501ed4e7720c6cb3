import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { PNG } from 'pngjs';
import { screens } from '../../src/shared/site/screen-routes';
import { E2E_ADMIN, adminToken, api, baseUrl, createJob, tabTo } from './e2e-env';
import { expectNoViolations, signInAsAdmin, watchFileChoosers } from './flows';
import { expect, test } from './fixtures';
import { applyTo } from './team-flows';

/**
 * Right-to-work checks in the browser (docs/behaviour.md#right-to-work-checks): an administrator
 * records the check of a Hired application with the keyboard alone (method, a follow-up date for
 * time-limited permission, the evidence through the picker's button that opens the file chooser),
 * sees it complete, read-only and kept for the employment, and shows the evidence; at Offer the
 * card sits right after the stage, asks no employment end and keeps its toasts off the heading
 * and the buttons. axe finds nothing on the way.
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

  // The evidence: the picker's button opens the file chooser from the keyboard, then Upload evidence.
  const evidence = card.getByRole('form', { name: 'Right-to-work evidence' });
  const picker = evidence.getByRole('group', { name: 'Evidence file' });
  await tabTo(page, picker.getByRole('button', { name: 'Choose a file' }));
  const chosen = choosers.next();
  await page.keyboard.press('Space');
  await (
    await chosen
  ).setFiles({ name: 'share-code-result.png', mimeType: 'image/png', buffer: evidenceImage() });
  await expect(picker).toContainText('share-code-result.png');
  await tabTo(page, evidence.getByRole('button', { name: 'Upload evidence' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Evidence stored.')).toBeVisible();
  await expect(card).toContainText(`Complete: checked by ${E2E_ADMIN.name} on `);
  await expect(card).toContainText('Kept for the employment plus two years');
  // Complete, the check reads as facts; the keyboard is on Change, which opens the form again.
  await expect(card.getByRole('form')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Change' })).toBeFocused();

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

/** Whether two boxes on the screen share any point. */
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where a toast comes to rest once it has slid in. */
async function restingBox(toast: Locator) {
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await toast.boundingBox());
      const still = box === last;
      last = box;
      return still;
    })
    .toBe(true);
  return JSON.parse(last) as { x: number; y: number; width: number; height: number };
}

test('at Offer the check sits right after the stage, reads as facts once complete, and its toast covers nothing', async ({
  page,
}) => {
  const job = await createJob();
  const name = `Oscar Offer ${Date.now()}`;
  const applicationId = await applyTo(job.id, name);
  const token = await adminToken();
  expect(
    (await api('PUT', `/applications/${applicationId}/stage`, { token, body: { stage: 'offer' } })).status,
  ).toBe(200);
  const checked = await api('PUT', `/applications/${applicationId}/right-to-work`, {
    token,
    body: { method: 'manual-document', checkedOn: ukDateIn(0) },
  });
  expect(checked.status).toBe(200);
  const stored = await fetch(`${baseUrl()}/api/applications/${applicationId}/right-to-work/evidence`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: new Uint8Array(evidenceImage()),
  });
  expect(stored.status).toBe(200);
  // Nobody here is the adjustments contact: the page must not ask for a request only to be refused.
  const adjustmentCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname.includes('/adjustments')) adjustmentCalls.push(pathname);
  });

  await signInAsAdmin(page);
  await page.goto(screens.application.path({ id: applicationId }));
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  const card = page.getByRole('region', { name: 'Right to work' });
  await expect(card).toContainText(`Complete: checked by ${E2E_ADMIN.name} on `);
  // Right after the stage and its review bar, before the interview: in view without scrolling.
  const review = (await page.getByRole('region', { name: 'Review' }).boundingBox())!;
  const cardBox = (await card.boundingBox())!;
  const interview = (await page.getByRole('region', { name: 'Interview', exact: true }).boundingBox())!;
  expect(cardBox.y).toBeGreaterThanOrEqual(review.y + review.height);
  expect(cardBox.y).toBeLessThan(interview.y);
  await expect(card.getByRole('heading', { name: 'Right to work' })).toBeInViewport();
  // Read-only: the facts, the evidence to open, and Change.
  await expect(card.getByRole('form')).toHaveCount(0);
  await expect(card).toContainText('Manual document check');
  await expect(card.getByRole('button', { name: 'Show evidence' })).toBeVisible();
  await expectNoViolations(page, 'the application at Offer with its complete right-to-work check');

  // Change opens the form again, without the employment's end (there is none at Offer).
  await card.getByRole('button', { name: 'Change' }).click();
  const form = card.getByRole('form', { name: 'Right-to-work check' });
  await expect(form.getByRole('radio', { name: 'Manual document check' })).toBeFocused();
  await expect(form.getByLabel(/Employment end date/)).toHaveCount(0);
  await expect(card.getByRole('group', { name: 'Evidence file' })).toBeVisible();
  await expectNoViolations(page, 'the right-to-work check opened again at Offer');
  await form.getByRole('radio', { name: 'Online check with a share code' }).check();
  await form.getByRole('button', { name: 'Save check' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Right-to-work check saved.' });
  await expect(toast).toBeVisible();
  const change = card.getByRole('button', { name: 'Change' });
  await expect(change).toBeFocused();
  // The toast keeps clear of the page's heading, its header's button and the button just used.
  const toastBox = await restingBox(toast);
  for (const target of [heading, page.getByRole('link', { name: 'Back to List' }), change])
    expect(overlaps(toastBox, (await target.boundingBox())!)).toBe(false);

  // On a phone too: the card still follows the review bar, and the toast keeps to the bottom.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);
  await change.click();
  await form.getByRole('button', { name: 'Save check' }).click();
  await expect(toast).toBeVisible();
  await expect(change).toBeFocused();
  const phoneToast = await restingBox(toast);
  expect(phoneToast.x + phoneToast.width).toBeLessThanOrEqual(390);
  for (const target of [heading, change])
    expect(overlaps(phoneToast, (await target.boundingBox())!)).toBe(false);
  expect(adjustmentCalls).toEqual([]);
});

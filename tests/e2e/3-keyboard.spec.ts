import { expect, test } from '@playwright/test';
import { messages } from '../../src/shared/messages';
import { validPdf } from '../support/pdf-fixtures';
import { createJob, tabTo } from './e2e-env';

test('the whole apply flow works with the keyboard alone', async ({ page }) => {
  const job = await createJob();
  await page.goto('/');
  const card = page.getByRole('article', { name: job.jobTitle });

  await tabTo(page, card.getByRole('button', { name: 'More Details' }));
  await page.keyboard.press('Enter');
  await expect(card.getByText('Answer calls')).toBeVisible();

  await tabTo(page, card.getByRole('link', { name: /Apply Now/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/apply/${job.id}`);

  await tabTo(page, page.getByLabel('Full Name'));
  await page.keyboard.type('Kim Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`kim.${Date.now()}@example.com`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('+44 1604 765432');
  await page.keyboard.press('Tab');
  await page.keyboard.type('I only use the keyboard.');

  await tabTo(page, page.getByRole('button', { name: 'Choose a PDF file' }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'kim.pdf', mimeType: 'application/pdf', buffer: await validPdf('Kim') });
  await expect(page.getByText('File ready for upload')).toBeVisible();

  const submit = page.getByRole('button', { name: 'Submit Application' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.getByText(messages.applicationSubmitted).first()).toBeVisible();
  await expect(page).toHaveURL('/success');
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();

  await tabTo(page, page.getByRole('link', { name: 'Return to Home' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
});

test('focus is visible on the controls of the home page', async ({ page }) => {
  await createJob();
  await page.goto('/');
  const more = page.getByRole('button', { name: 'More Details' }).first();
  await tabTo(page, more);
  const outline = await more.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
});

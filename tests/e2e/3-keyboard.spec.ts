import { messages } from '../../src/shared/messages';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { api, createJob, tabTo } from './e2e-env';
import { signInAsAdmin, watchFileChoosers } from './flows';
import { expect, test } from './fixtures';

test('the whole apply flow works with the keyboard alone', async ({ page }) => {
  const choosers = watchFileChoosers(page);
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
  await page.keyboard.press('Enter');
  await (
    await choosers.next()
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

test('admin actions by keyboard give focus back to the control that started them', async ({ page }) => {
  test.setTimeout(120_000);
  const job = await createJob();
  const name = `Kai Keys ${Date.now()}`;
  const saved = await api<{ insertedId: string }>('POST', '/applications', {
    body: {
      name,
      email: `kai.${Date.now()}@example.com`,
      phone: '01604 777888',
      pdfFile: toDataUrl(await validPdf(`${name} CV`)),
      about: 'Keyboard only, please.',
      jobTitle: job.jobTitle,
      jobId: job.id,
    },
  });
  expect(saved.status).toBe(201);
  await signInAsAdmin(page);

  // The list's preview dialog, closed with Escape and then with its Close button.
  await page.goto('/dashboard/applications');
  await page.getByRole('searchbox', { name: 'Search applications' }).fill(name);
  const preview = page.getByRole('button', { name: `Preview CV of ${name}` });
  const dialog = page.getByRole('dialog', { name: `CV of ${name}` });
  await tabTo(page, preview);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('region', { name: 'CV pages' })).toBeVisible();
  // A keyboard user presses Escape once the focus is in the dialog, as it is a moment after it opens.
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(preview).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('region', { name: 'CV pages' })).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Close', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(preview).toBeFocused();

  // The list's download keeps the row's place too.
  const listDownload = page.getByRole('button', { name: `Download CV of ${name}` });
  await tabTo(page, listDownload);
  const fromList = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await fromList;
  await expect(page.getByText(messages.downloadCompleteTitle)).toBeVisible();
  await expect(listDownload).toBeFocused();

  // The application screen: Download CV, then Add Note.
  await page.goto(`/dashboard/application/${saved.body.insertedId}`);
  const download = page.getByRole('button', { name: 'Download CV' });
  await tabTo(page, download);
  const fromDetail = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await fromDetail;
  await expect(page.getByText(messages.downloadCompleteTitle).first()).toBeVisible();
  await expect(download).toBeFocused();

  await tabTo(page, page.getByLabel('Add a note'));
  await page.keyboard.type('Prefers e-mail to phone calls.');
  const addNote = page.getByRole('button', { name: 'Add Note' });
  await tabTo(page, addNote);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Notes on this application' }).getByText('Prefers e-mail to phone calls.'),
  ).toBeVisible();
  await expect(page.getByLabel('Add a note')).toHaveValue('');
  await expect(addNote).toBeFocused();
});

test('a job post is written by keyboard: Enter in a list adds the next line, only the button publishes', async ({
  page,
}) => {
  const title = `Keyboard Claims Handler ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto('/dashboard/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Job Post' })).toBeVisible();
  for (const [label, value] of [
    ['Job Title', title],
    ['Location', 'Northampton'],
    ['Work Hours', 'Full time, 37.5 hours'],
    ['CTC', '£26,000'],
    ['Experience', '1-2 years'],
    ['Description', 'Handle claims from first call to settlement.'],
  ] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole('textbox', { name: 'Responsibility 1', exact: true }));
  await page.keyboard.type('Take first notice of loss calls');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Responsibility 2', exact: true })).toBeFocused();
  await page.keyboard.type('Keep customers informed');
  await tabTo(page, page.getByRole('textbox', { name: 'Requirement 1', exact: true }));
  await page.keyboard.type('Clear spoken English');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Requirement 2', exact: true })).toBeFocused();
  await page.keyboard.type('A second language');
  // Nothing was published by those Enters.
  await expect(page).toHaveURL('/dashboard/create');
  expect((await api<{ jobTitle: string }[]>('GET', '/all')).body.some((job) => job.jobTitle === title)).toBe(
    false,
  );

  await tabTo(page, page.getByRole('button', { name: 'Create Post' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(messages.jobCreated)).toBeVisible();
  const created = (await api<{ jobTitle: string }[]>('GET', '/all')).body.find(
    (job) => job.jobTitle === title,
  );
  expect(created).toMatchObject({
    responsibilities: ['Take first notice of loss calls', 'Keep customers informed'],
    requirements: ['Clear spoken English', 'A second language'],
  });
});

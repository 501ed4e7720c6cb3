import type { Page } from '@playwright/test';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { adminToken, api, createJob, tabTo } from './e2e-env';
import { expectNoViolations, signInAsAdmin, watchFileChoosers } from './flows';
import { expect, test } from './fixtures';

/**
 * Questions per job in the browser (docs/behaviour.md#questions-per-job): an administrator adds a
 * knock-out question and a list question to a job in its form; applicants answer them with the
 * keyboard alone on a 390 px wide phone screen, one gets the job's polite reply to a knock-out
 * answer; the administrator sees the answers on the application's page and filters the list by
 * one. Every job and person here is new, so the worker's shared server serves.
 */

// Three screens (the admin's, two applicants') and an axe scan on each: twice the usual time.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const RIGHT_TO_WORK = 'Do you have the right to work in the UK?';
const LANGUAGES = 'Which languages do you speak?';
const KNOCK_OUT_REPLY =
  'Thank you for your interest. We can only consider applicants who already have the right to work in the UK.';

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

/** The applicant's details, typed field after field with Tab. */
async function typeApplicant(page: Page, applicant: { name: string; email: string }): Promise<void> {
  await tabTo(page, page.getByLabel('Full Name'));
  await page.keyboard.type(applicant.name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(applicant.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('+44 1604 765432');
  await page.keyboard.press('Tab');
  await page.keyboard.type('I speak with customers every day.');
}

/** Tab to a radio or checkbox and press Space on it. */
async function pressSpaceOn(page: Page, control: ReturnType<Page['getByRole']>): Promise<void> {
  await tabTo(page, control);
  await page.keyboard.press('Space');
  await expect(control).toBeChecked();
}

async function attachCvByKeyboard(page: Page, choosers: ReturnType<typeof watchFileChoosers>, name: string) {
  await tabTo(page, page.getByRole('button', { name: 'Choose a PDF file' }));
  await page.keyboard.press('Enter');
  await (
    await choosers.next()
  ).setFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: await validPdf(name) });
  await expect(page.getByText('File ready for upload')).toBeVisible();
}

test('an admin asks questions; applicants answer by keyboard on a phone; the admin sees and filters by the answers', async ({
  page,
  browser,
}) => {
  const job = await createJob();
  const stamp = Date.now();

  // The administrator adds a knock-out yes-or-no question and a list question in the job's form.
  await signInAsAdmin(page);
  await page.goto(`/dashboard/edit/${job.id}`);
  await page.getByRole('button', { name: 'Add a question' }).click();
  const first = page.getByRole('region', { name: 'Question 1' });
  await first.getByRole('textbox', { name: 'Question 1' }).fill(RIGHT_TO_WORK);
  await first
    .getByRole('textbox', { name: 'Why we ask (shown to applicants)' })
    .fill('We must check it before anyone starts.');
  await first.getByRole('checkbox', { name: 'Must be answered' }).check();
  await first.getByRole('checkbox', { name: /Knock-out/ }).check();
  await first.getByRole('checkbox', { name: 'Ends it: No' }).check();
  await first.getByRole('textbox', { name: 'Reply the applicant then gets' }).fill(KNOCK_OUT_REPLY);
  await page.getByRole('button', { name: 'Add a question' }).click();
  const second = page.getByRole('region', { name: 'Question 2' });
  await second.getByRole('textbox', { name: 'Question 2' }).fill(LANGUAGES);
  await second
    .getByRole('textbox', { name: 'Why we ask (shown to applicants)' })
    .fill('Our customers are served in these languages.');
  await second.getByRole('combobox', { name: 'Answer type' }).selectOption({ label: 'Several of a list' });
  await second.getByRole('textbox', { name: /Choices, one a line/ }).fill('Urdu\nBengali\nArabic');
  await expectNoViolations(page, 'the job form with questions');
  await page.getByRole('button', { name: 'Update Post' }).click();
  // Saved, the form leaves for the job's own page.
  await expect(page).toHaveURL(`/apply/${job.id}`);
  const saved = await api('GET', `/single/${job.id}`);
  expect(saved.body.questions.map((question: { label: string }) => question.label)).toEqual([
    RIGHT_TO_WORK,
    LANGUAGES,
  ]);
  const languagesId = saved.body.questions[1].id as string;

  // Applicants on a phone, keyboard only.
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const phone = await phoneContext.newPage();
  const choosers = watchFileChoosers(phone);
  try {
    // One without the right to work: the job's own reply, not an error, and nothing kept.
    await phone.goto(`/apply/${job.id}`);
    await expect(phone.getByText('Why we ask: We must check it before anyone starts.')).toBeVisible();
    await expectNoViolations(phone, 'the apply form with questions, at 390 px');
    await expectNoSidewaysScroll(phone);
    const refused = { name: `Noor Knockout ${stamp}`, email: `noor.${stamp}@example.com` };
    await typeApplicant(phone, refused);
    const rightToWork = phone.getByRole('radiogroup', { name: RIGHT_TO_WORK });
    await tabTo(phone, rightToWork.getByRole('radio', { name: 'Yes' }));
    // In a radio group the arrow keys choose: from Yes to No.
    await phone.keyboard.press('ArrowDown');
    await expect(rightToWork.getByRole('radio', { name: 'No' })).toBeChecked();
    await attachCvByKeyboard(phone, choosers, refused.name);
    await tabTo(phone, phone.getByRole('button', { name: 'Submit Application' }));
    await phone.keyboard.press('Enter');
    const reply = phone.getByTestId('apply-knock-out');
    await expect(reply).toHaveText(KNOCK_OUT_REPLY);
    await expect(phone.locator('.fui-MessageBar', { has: reply })).toBeFocused();
    await expect(phone).toHaveURL(`/apply/${job.id}`);
    await expectNoViolations(phone, 'the knock-out reply, at 390 px');
    await expectNoSidewaysScroll(phone);

    // One who may work here and speaks Urdu and Arabic: sent.
    await phone.goto(`/apply/${job.id}`);
    const hired = { name: `Amina Answers ${stamp}`, email: `amina.${stamp}@example.com` };
    await typeApplicant(phone, hired);
    await pressSpaceOn(
      phone,
      phone.getByRole('radiogroup', { name: RIGHT_TO_WORK }).getByRole('radio', { name: 'Yes' }),
    );
    const languages = phone.getByRole('group', { name: LANGUAGES });
    await pressSpaceOn(phone, languages.getByRole('checkbox', { name: 'Urdu' }));
    await pressSpaceOn(phone, languages.getByRole('checkbox', { name: 'Arabic' }));
    await attachCvByKeyboard(phone, choosers, hired.name);
    await tabTo(phone, phone.getByRole('button', { name: 'Submit Application' }));
    await phone.keyboard.press('Enter');
    await expect(phone).toHaveURL('/success');

    // Someone else for the same job who speaks only Bengali, sent straight to the API.
    const other = await api('POST', '/applications', {
      body: {
        name: `Bilal Bengali ${stamp}`,
        email: `bilal.${stamp}@example.com`,
        phone: '01604 777888',
        about: 'Bengali speaker.',
        jobId: job.id,
        pdfFile: toDataUrl(await validPdf('Bilal')),
        questionSetId: saved.body.questionSetId,
        answers: { [saved.body.questions[0].id]: true, [languagesId]: ['Bengali'] },
      },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);

    // The knocked-out applicant left nothing behind.
    const all = await api<{ _id: string; email: string }[]>('GET', '/applications', {
      token: await adminToken(),
    });
    expect(all.body.some((row) => row.email === refused.email)).toBe(false);
    const amina = all.body.find((row) => row.email === hired.email)!;

    // The administrator sees the answers on the application's page...
    await page.goto(`/dashboard/application/${amina._id}`);
    const answers = page.getByRole('region', { name: 'Answers' });
    await expect(answers.getByText(RIGHT_TO_WORK)).toBeVisible();
    await expect(answers.getByText('Yes', { exact: true })).toBeVisible();
    await expect(answers.getByText(LANGUAGES)).toBeVisible();
    await expect(answers.getByText('Urdu, Arabic')).toBeVisible();
    await expectNoViolations(page, "the application's page with answers");

    // ...and filters the list to those who speak Urdu, in the address so it survives a reload.
    await page.goto(`/dashboard/applications?job=${job.id}`);
    await expect(page.getByRole('link', { name: `Bilal Bengali ${stamp}`, exact: true })).toBeVisible();
    const question = page.getByRole('combobox', { name: 'Answer to' });
    await tabTo(page, question);
    await question.selectOption({ label: LANGUAGES });
    const answer = page.getByRole('combobox', { name: 'Answer', exact: true });
    await tabTo(page, answer);
    await answer.selectOption('Urdu');
    await expect(page).toHaveURL(new RegExp(`question=${languagesId}&answer=Urdu`));
    const table = page.getByRole('table', { name: 'Job applications' });
    await expect(table.getByRole('link', { name: hired.name, exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: `Bilal Bengali ${stamp}`, exact: true })).toHaveCount(0);
    await expectNoViolations(page, 'the applications list filtered by an answer');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Answer', exact: true })).toHaveValue('Urdu');
    await expect(table.getByRole('link', { name: hired.name, exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: `Bilal Bengali ${stamp}`, exact: true })).toHaveCount(0);
  } finally {
    await phoneContext.close();
  }
});

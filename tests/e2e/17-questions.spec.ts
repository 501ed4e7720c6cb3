import type { Page } from '@playwright/test';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { adminToken, api, createJob, tabTo } from './e2e-env';
import { expectNoViolations, signInAsAdmin, watchFileChoosers } from './flows';
import { expect, test } from './fixtures';

/**
 * Questions per job in the browser (docs/behaviour.md#questions-per-job): an administrator adds a
 * knock-out question and a list question to a job in its form; applicants answer them with the
 * keyboard alone on a 390 px wide phone screen, one is stopped at once by the job's polite reply to a
 * knock-out answer and goes on after changing it; the administrator sees the answers on the application's page and filters the list by
 * one. Each test sets up what it does not check through the API. Every job and person here is
 * new, so the worker's shared server serves.
 */

const PHONE = { width: 390, height: 844 };
const RIGHT_TO_WORK = 'Do you have the right to work in the UK?';
const LANGUAGES = 'Which languages do you speak?';
const KNOCK_OUT_REPLY =
  'Thank you for your interest. We can only consider applicants who already have the right to work in the UK.';

/** The two questions the administrator's form adds, as the API takes them. */
const QUESTIONS = [
  {
    type: 'yes-no',
    label: RIGHT_TO_WORK,
    purpose: 'We must check it before anyone starts.',
    required: true,
    options: [],
    knockOut: { answers: ['no'], message: KNOCK_OUT_REPLY },
  },
  {
    type: 'several-of',
    label: LANGUAGES,
    purpose: 'Our customers are served in these languages.',
    required: false,
    options: ['Urdu', 'Bengali', 'Arabic'],
    knockOut: null,
  },
];

/** A new job asking the two questions, with the ids the apply form sends its answers under. */
async function jobWithQuestions() {
  const job = await createJob({ questions: QUESTIONS });
  const saved = await api('GET', `/single/${job.id}`);
  const [rightToWork, languages] = saved.body.questions as { id: string }[];
  return {
    ...job,
    questionSetId: saved.body.questionSetId as string,
    rightToWorkId: rightToWork!.id,
    languagesId: languages!.id,
  };
}

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

test('an admin adds a knock-out question and a list question in the job form', async ({ page }) => {
  const job = await createJob();
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
  expect(saved.body.questions).toEqual(
    QUESTIONS.map((question) => ({ ...question, id: expect.any(String) })),
  );
});

test.describe('applicants on a phone, keyboard only', () => {
  test.use({ viewport: PHONE });

  test("one without the right to work is stopped at once with the job's reply, and another answer restores the form", async ({
    page,
  }) => {
    const job = await jobWithQuestions();
    const choosers = watchFileChoosers(page);
    await page.goto(`/apply/${job.id}`);
    await expect(page.getByText('Why we ask: We must check it before anyone starts.')).toBeVisible();
    await expectNoViolations(page, 'the apply form with questions, at 390 px');
    await expectNoSidewaysScroll(page);
    const stamp = Date.now();
    const applicant = { name: `Noor Knockout ${stamp}`, email: `noor.${stamp}@example.com` };
    await typeApplicant(page, applicant);
    await attachCvByKeyboard(page, choosers, applicant.name);
    const submit = page.getByRole('button', { name: 'Submit Application' });
    await expect(submit).toBeEnabled();
    const rightToWork = page.getByRole('radiogroup', { name: RIGHT_TO_WORK });
    await tabTo(page, rightToWork.getByRole('radio', { name: 'Yes' }));
    // In a radio group the arrow keys choose: from Yes to No, which ends the application.
    await page.keyboard.press('ArrowDown');
    await expect(rightToWork.getByRole('radio', { name: 'No' })).toBeChecked();
    // The reply shows under the question at once, in a live region; Submit waits, saying why.
    const reply = page.getByRole('status').filter({ has: page.getByTestId('apply-knock-out') });
    await expect(reply).toContainText(KNOCK_OUT_REPLY);
    await expect(reply).toBeInViewport();
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(/ends this application/);
    await expect(rightToWork.getByRole('radio', { name: 'No' })).toBeFocused();
    // Enter on the answer sends nothing: the form stays as it is.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/apply/${job.id}`);
    await expectNoViolations(page, 'the knock-out reply, at 390 px');
    await expectNoSidewaysScroll(page);

    // Back to Yes: the reply goes, Submit is back, and everything typed is still there.
    await page.keyboard.press('ArrowUp');
    await expect(rightToWork.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await expect(page.getByTestId('apply-knock-out')).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel('Full Name')).toHaveValue(applicant.name);
    await expect(page.getByText('File ready for upload')).toBeVisible();

    const all = await api<{ email: string }[]>('GET', '/applications', { token: await adminToken() });
    expect(all.body.some((row) => row.email === applicant.email)).toBe(false);
  });

  test('one who may work here and speaks Urdu and Arabic is sent, with the answers', async ({ page }) => {
    const job = await jobWithQuestions();
    const choosers = watchFileChoosers(page);
    await page.goto(`/apply/${job.id}`);
    const stamp = Date.now();
    const hired = { name: `Amina Answers ${stamp}`, email: `amina.${stamp}@example.com` };
    await typeApplicant(page, hired);
    await pressSpaceOn(
      page,
      page.getByRole('radiogroup', { name: RIGHT_TO_WORK }).getByRole('radio', { name: 'Yes' }),
    );
    const languages = page.getByRole('group', { name: LANGUAGES });
    await pressSpaceOn(page, languages.getByRole('checkbox', { name: 'Urdu' }));
    await pressSpaceOn(page, languages.getByRole('checkbox', { name: 'Arabic' }));
    await attachCvByKeyboard(page, choosers, hired.name);
    await tabTo(page, page.getByRole('button', { name: 'Submit Application' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/success');

    const all = await api<{ _id: string; email: string }[]>('GET', '/applications', {
      token: await adminToken(),
    });
    const amina = all.body.find((row) => row.email === hired.email);
    expect(amina).toBeDefined();
    const stored = await api('GET', `/applications/${amina!._id}`, { token: await adminToken() });
    expect(stored.body.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: job.rightToWorkId, answer: true }),
        expect.objectContaining({ id: job.languagesId, answer: ['Urdu', 'Arabic'] }),
      ]),
    );
  });
});

/** Two applications to a job with the questions, sent straight to the API: Urdu and Arabic, and Bengali. */
async function twoApplicants() {
  const job = await jobWithQuestions();
  const stamp = Date.now();
  const applyWith = async (name: string, languages: string[]) => {
    const sent = await api<{ insertedId: string }>('POST', '/applications', {
      body: {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${stamp}@example.com`,
        phone: '01604 777888',
        about: 'A speaker of languages.',
        jobId: job.id,
        pdfFile: toDataUrl(await validPdf(name)),
        questionSetId: job.questionSetId,
        answers: { [job.rightToWorkId]: true, [job.languagesId]: languages },
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    return { id: sent.body.insertedId, name };
  };
  return {
    job,
    amina: await applyWith(`Amina Answers ${stamp}`, ['Urdu', 'Arabic']),
    bilal: await applyWith(`Bilal Bengali ${stamp}`, ['Bengali']),
  };
}

test("the admin sees an applicant's answers on the application page", async ({ page }) => {
  const { amina } = await twoApplicants();
  await signInAsAdmin(page);
  await page.goto(`/dashboard/application/${amina.id}`);
  const answers = page.getByRole('region', { name: 'Answers' });
  await expect(answers.getByText(RIGHT_TO_WORK)).toBeVisible();
  await expect(answers.getByText('Yes', { exact: true })).toBeVisible();
  await expect(answers.getByText(LANGUAGES)).toBeVisible();
  await expect(answers.getByText('Urdu, Arabic')).toBeVisible();
  await expectNoViolations(page, "the application's page with answers");
});

test('the admin filters the list to those who speak Urdu, in the address so it survives a reload', async ({
  page,
}) => {
  const { job, amina, bilal } = await twoApplicants();
  await signInAsAdmin(page);
  await page.goto(`/dashboard/applications?job=${job.id}`);
  await expect(page.getByRole('link', { name: bilal.name, exact: true })).toBeVisible();
  const question = page.getByRole('combobox', { name: 'Answer to' });
  await tabTo(page, question);
  await question.selectOption({ label: LANGUAGES });
  const answer = page.getByRole('combobox', { name: 'Answer', exact: true });
  await tabTo(page, answer);
  await answer.selectOption('Urdu');
  await expect(page).toHaveURL(new RegExp(`question=${job.languagesId}&answer=Urdu`));
  const table = page.getByRole('table', { name: 'Job applications' });
  await expect(table.getByRole('link', { name: amina.name, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: bilal.name, exact: true })).toHaveCount(0);
  await expectNoViolations(page, 'the applications list filtered by an answer');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Answer', exact: true })).toHaveValue('Urdu');
  await expect(table.getByRole('link', { name: amina.name, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: bilal.name, exact: true })).toHaveCount(0);
});

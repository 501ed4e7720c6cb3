import { MAX_CV_BYTES } from '../../src/shared/limits';
import { messages } from '../../src/shared/messages';
import { pdfOfSize, validPdf } from '../support/pdf-fixtures';
import { adminToken, api, CAREERS_MAILBOX, createJob, outboxMessagesAbout } from './e2e-env';
import { recordSteps } from './flows';
import { expect, test } from './fixtures';

test('a visitor first sees the empty state, then the posts created through the API', async ({
  page,
  ownServer,
}) => {
  // The empty state needs a database no other test has posted a job to.
  const server = await ownServer();
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Career Opportunities' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Open Positions' })).toBeVisible();
  await expect(page.getByText(/check back later/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send Your CV' })).toHaveAttribute(
    'href',
    `mailto:${CAREERS_MAILBOX}`,
  );

  const first = await createJob({ jobTitle: 'Customer Service Advisor' }, server.url);
  const second = await createJob({ jobTitle: 'Senior Claims Handler', location: 'Remote (UK)' }, server.url);
  await page.reload();
  for (const job of [first, second])
    await expect(page.getByRole('heading', { name: job.jobTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Open Positions' })).toHaveCount(0);

  const card = page.getByRole('article', { name: second.jobTitle });
  await expect(card.getByText('Remote (UK)')).toBeVisible();
  // UK style ("Posted: 28 November 2026"), never the stored 11/28/2026.
  await expect(card.getByText(/^Posted: \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  for (const label of ['Start Date', 'CTC (Annual)', 'Experience'])
    await expect(card.getByText(label)).toBeVisible();
  await expect(card.getByRole('link', { name: /Apply Now/ })).toHaveAttribute('href', `/apply/${second.id}`);
  // Visitors never see the admin buttons.
  await expect(card.getByRole('button', { name: /Delete/ })).toHaveCount(0);
});

test('More Details opens the description and the lists, Hide Details closes them', async ({ page }) => {
  const job = await createJob();
  await page.goto('/');
  const card = page.getByRole('article', { name: job.jobTitle });
  await expect(card.getByText('Answer calls')).toBeHidden();
  await card.getByRole('button', { name: 'More Details' }).click();
  await expect(card.getByText('Help customers compare insurance quotes over the phone.')).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Answer calls' })).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Clear spoken English' })).toBeVisible();
  await card.getByRole('button', { name: 'Hide Details' }).click();
  await expect(card.getByText('Answer calls')).toBeHidden();
});

test('a visitor applies with a real PDF, sees every step and the success page; both e-mails go out', async ({
  page,
}) => {
  const job = await createJob();
  const applicant = { name: 'Jane Doe', email: `jane.${Date.now()}@example.com`, phone: '01604 123456' };
  const cv = await validPdf();

  await page.goto('/');
  await page
    .getByRole('article', { name: job.jobTitle })
    .getByRole('link', { name: /Apply Now/ })
    .click();
  await expect(page).toHaveURL(`/apply/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeVisible();
  // The card on the apply page starts open and has no Apply Now link.
  await expect(page.getByRole('button', { name: 'Hide Details' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Apply Now/ })).toHaveCount(0);

  const submit = page.getByRole('button', { name: 'Submit Application' });
  await page.getByLabel('Full Name').fill(applicant.name);
  // Once the app runs (started by the first field used), Submit waits for a CV.
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill(applicant.email);
  await page.getByLabel('Phone').fill(applicant.phone);
  await page.getByLabel('Cover Letter').fill('I would love to help customers find the right cover.');
  await page.locator('input[type=file]').setInputFiles({
    name: 'jane-doe-cv.pdf',
    mimeType: 'application/pdf',
    buffer: cv,
  });
  await expect(page.getByText(/Checking PDF\.\.\./)).toBeVisible();
  await expect(page.getByText('File ready for upload')).toBeVisible();
  await expect(submit).toBeEnabled();

  const stepsSeen = await recordSteps(page);
  let emailPayload: Record<string, unknown> | undefined;
  // The e-mail call is held until the step it belongs to has been seen on screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/email/sendEmail', async (route) => {
    emailPayload = route.request().postDataJSON();
    await held;
    await route.continue();
  });

  await submit.click();
  await expect(page.getByText(messages.sendingEmail)).toBeVisible();
  release();
  await expect(page.getByText(messages.applicationSubmitted).first()).toBeVisible();
  await expect(page).toHaveURL('/success');
  // Each step in order; on this fast link the CV's upload progress may pass too quickly to show.
  const steps = await stepsSeen();
  expect(steps[0]).toBe(messages.submitting);
  for (const step of steps.slice(1, -2)) expect(step).toMatch(/^Uploading your CV – \d+%$/);
  expect(steps.slice(-2)).toEqual([messages.savingToDatabase, messages.sendingEmail]);
  await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted!' })).toBeVisible();
  await expect(page.getByText(/confirmation e-mail/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Browse More Jobs' })).toHaveAttribute('href', '/');

  // The notification identifies the stored application and leaves the CV out.
  expect(emailPayload).toMatchObject({
    email: applicant.email,
    jobId: job.id,
    applicationId: expect.any(String),
  });
  expect(emailPayload).not.toHaveProperty('pdfFile');

  const stored = await api<any[]>('GET', '/applications', { token: await adminToken() });
  const application = stored.body.find((row) => row.email === applicant.email);
  expect(application).toMatchObject({
    name: applicant.name,
    phone: applicant.phone,
    jobId: job.id,
    jobTitle: job.jobTitle,
    hasResume: true,
  });
  expect(application.pdfFileSize).toBe(cv.length);

  // Two e-mails about this application: the confirmation and the careers mailbox's notification.
  await expect.poll(() => outboxMessagesAbout(applicant.email, application._id).length).toBe(2);
  const mails = outboxMessagesAbout(applicant.email, application._id);
  expect(mails.some((mail) => /^To: .*jane\.\d+@example\.com/m.test(mail))).toBe(true);
  expect(
    mails.some((mail) => new RegExp(`^To: .*${CAREERS_MAILBOX.replace('.', '\\.')}`, 'm').test(mail)),
  ).toBe(true);
});

test('a file that is not a PDF and a PDF above 5 MB are refused with the spec messages', async ({ page }) => {
  const job = await createJob();
  await page.goto(`/apply/${job.id}`);
  const input = page.locator('input[type=file]');

  await input.setInputFiles({
    name: 'cv.docx',
    mimeType: 'application/msword',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText(messages.cvOnlyPdf)).toBeVisible();
  expect(await input.evaluate((element: HTMLInputElement) => element.files?.length ?? 0)).toBe(0);

  await input.setInputFiles({
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfOfSize(MAX_CV_BYTES + 1024),
  });
  await expect(page.getByText(messages.cvTooLarge)).toBeVisible();
  await expect(page.getByText('File ready for upload')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeDisabled();

  // A renamed image is caught by reading its content.
  await input.setInputFiles({
    name: 'photo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('\x89PNG....'),
  });
  await expect(page.getByText(messages.cvOnlyPdf)).toBeVisible();
});

test('an unknown job id goes to /error', async ({ page }) => {
  await page.goto('/apply/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL('/error');
  await page.goto('/apply/not-an-id');
  await expect(page).toHaveURL('/error');
});

test('an unknown path shows the 404 screen', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByText('Uh oh! Looks like you got lost. Go back to the homepage if you dare!'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /back to Home/i })).toHaveAttribute('href', '/');
});

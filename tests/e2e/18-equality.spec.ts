import { messages } from '../../src/shared/messages';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { adminToken, api, applyManyThroughApi, createJob, tabTo } from './e2e-env';
import { expectNoViolations, watchFileChoosers } from './flows';
import { expect, test } from './fixtures';

/** A phone in the hand: the apply flow must work, and pass axe, at 390 px. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('apply with an adjustment request and equality monitoring, by keyboard alone, at 390 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const choosers = watchFileChoosers(page);
  const job = await createJob({ jobTitle: `Field Surveyor ${Date.now()}` });
  await page.goto(`/apply/${job.id}`);

  await tabTo(page, page.getByLabel('Full Name'));
  await page.keyboard.type('Ada Adjust');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`ada.adjust.${Date.now()}@example.com`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('07700 900321');
  await page.keyboard.press('Tab');
  await page.keyboard.type('I survey homes across the county.');

  await tabTo(page, page.getByRole('button', { name: 'Choose a PDF file' }));
  await page.keyboard.press('Enter');
  await (
    await choosers.next()
  ).setFiles({ name: 'ada.pdf', mimeType: 'application/pdf', buffer: await validPdf('Ada') });
  await expect(page.getByText('File ready for upload')).toBeVisible();

  // The adjustments group: optional, apart, and another way to apply from the site's details.
  const group = page.getByRole('group', { name: 'Adjustments (optional)' });
  await expect(group.getByRole('link', { name: '01604 000000' })).toHaveAttribute(
    'href',
    'tel:+441604000000',
  );
  await expect(group.getByRole('link', { name: 'careers@example.co.uk' })).toBeVisible();
  await tabTo(page, page.getByLabel('Adjustments you need to apply or to be interviewed'));
  await page.keyboard.type('Please send interview tasks in large print.');
  const optIn = page.getByRole('checkbox', {
    name: 'I would like to be considered under the Disability Confident scheme',
  });
  await tabTo(page, optIn);
  await page.keyboard.press('Space');
  await expect(optIn).toBeChecked();
  await expectNoViolations(page, 'the apply form with the adjustments group');

  await tabTo(page, page.getByRole('button', { name: 'Submit Application' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/success');
  const offer = page.getByRole('link', { name: 'Answer the equality monitoring questions' });
  await expect(offer).toBeVisible();
  await expectNoViolations(page, 'the success page with the monitoring offer');

  await tabTo(page, offer);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/equality-monitoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Equality monitoring (optional)' })).toBeVisible();
  await expectNoViolations(page, 'the equality monitoring page');
  for (const question of [
    'What is your age?',
    'What is your ethnic group?',
    'What is your religion or belief?',
  ])
    await expect(
      page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'Prefer not to say' }),
    ).toBeVisible();

  // Arrow keys choose within a question; anything left out is simply not answered.
  await tabTo(page, page.getByRole('radiogroup', { name: 'What is your age?' }).getByRole('radio').first());
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: '25 to 34' })).toBeChecked();
  await tabTo(page, page.getByRole('radiogroup', { name: 'What is your sex?' }).getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('radiogroup', { name: 'What is your sex?' }).getByRole('radio', { name: 'Female' }),
  ).toBeChecked();

  await tabTo(page, page.getByRole('button', { name: 'Send my answers' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeFocused();
  await expect(page.getByText(messages.monitoringSaved)).toBeVisible();
  await expectNoViolations(page, 'the monitoring thanks');

  const sideways = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(sideways).toBe(390);
});

test("the administrator sees the day's funnel, rounded, with groups under five withheld", async ({
  page,
  ownServer,
}) => {
  test.setTimeout(90_000);
  // A server of its own: the figures are taken once a day, the first time they are asked for, so
  // this test's returns must be in before anything on the server has asked.
  const server = await ownServer();
  const job = await createJob({ jobTitle: `Underwriter ${Date.now()}` }, server.url);
  const token = await adminToken(server.url);
  const cv = toDataUrl(await validPdf('Funnel CV'));
  const taken = await applyManyThroughApi({
    jobId: job.id,
    name: 'Funnel Person',
    count: 6,
    cv,
    server: server.url,
  });
  for (const [i, saved] of taken.entries()) {
    const sent = await api('POST', '/equality-monitoring', {
      server: server.url,
      body: {
        applicationId: saved.insertedId,
        token: saved.monitoringToken,
        answers: { sex: i < 5 ? 'female' : 'male' },
      },
    });
    expect(sent.status).toBe(201);
  }
  const ids = taken.map((saved) => saved.insertedId);
  const moved = await api('POST', '/applications/stage', {
    server: server.url,
    token,
    body: { ids: ids.slice(0, 5), stage: 'shortlisted' },
  });
  expect(moved.status).toBe(200);

  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate((stored) => localStorage.setItem('access-token', stored), token);
  await page.goto(`${server.url}/dashboard/equality`);
  await expect(page.getByRole('heading', { level: 1, name: 'Equality monitoring' })).toBeVisible();
  await page.getByLabel('Job', { exact: true }).selectOption(job.id);
  await expect(page.getByRole('heading', { level: 2, name: job.jobTitle })).toBeVisible();
  // Taken today, in words a UK reader cannot misread.
  const today = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date());
  await expect(page.getByText(`Figures as of ${today}.`)).toBeVisible();
  // Six returns: rounded to 5.
  const returns = page.getByRole('table', { name: 'Every return' });
  await expect(
    returns
      .getByRole('row', { name: /Returns/ })
      .getByRole('cell')
      .nth(0),
  ).toHaveText('5');
  const sex = page.getByRole('table', { name: 'What is your sex?' });
  await expect(
    sex
      .getByRole('row', { name: /^Female/ })
      .getByRole('cell')
      .nth(0),
  ).toHaveText('5');
  await expect(
    sex
      .getByRole('row', { name: /^Female/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('5');
  await expect(sex.getByRole('row', { name: /^Male/ }).getByRole('cell').nth(0)).toHaveText('Fewer than 5');
  await expect(page.getByText('Funnel Person')).toHaveCount(0);
  await expectNoViolations(page, 'the equality funnel');
});

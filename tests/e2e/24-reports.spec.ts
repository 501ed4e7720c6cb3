import { readFile } from 'node:fs/promises';
import { screens } from '../../src/shared/site/screen-routes';
import { FEWER_THAN_MIN } from '../../src/shared/reports/reports-contract';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { adminToken, api, applyManyThroughApi, createJob, tabTo } from './e2e-env';
import { expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';

/**
 * The reports end to end (docs/behaviour.md#reports): six applications for a job of its own, two
 * of them shortlisted; an administrator narrows the screen to that job by keyboard alone, reads the
 * small group as "fewer than 5", and the funnel's CSV says the same. Axe clean, no sideways scroll.
 */
test('an administrator narrows the reports to a job by keyboard, and a group under five stays withheld in the CSV', async ({
  page,
}) => {
  // Six applications and a whole screen by keyboard: more than the default minute on a loaded
  // machine (it came within ten seconds of it).
  test.setTimeout(90_000);
  const job = await createJob({ jobTitle: `Reports Analyst ${Date.now()}` });
  const token = await adminToken();
  const cv = toDataUrl(await validPdf('Reports CV'));
  const ids = (await applyManyThroughApi({ jobId: job.id, name: 'Report Person', count: 6, cv })).map(
    (saved) => saved.insertedId,
  );
  for (const [stage, moving] of [
    ['reviewed', ids],
    ['shortlisted', ids.slice(0, 2)],
  ] as const) {
    const moved = await api('POST', '/applications/stage', { token, body: { ids: moving, stage } });
    expect(moved.status).toBe(200);
  }

  await signInAsAdmin(page, token);
  await page.goto(screens.reports.path());
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const jobFilter = page.getByRole('combobox', { name: 'Job' });
  await expect(jobFilter.getByRole('option', { name: job.jobTitle })).toBeAttached();
  await tabTo(page, jobFilter);
  // A closed select chooses by typing, as a keyboard user would.
  await page.keyboard.type(job.jobTitle);
  await expect(page).toHaveURL(new RegExp(`jobId=${job.id}`));

  const funnel = page.getByRole('table', { name: 'Funnel by department' });
  const all = funnel.getByRole('row', { name: /All applications/ });
  // Six applied, published as the equality figures are: rounded to the nearest five.
  await expect(all.getByRole('cell').first()).toHaveText('5');
  await expect(all.getByRole('cell').nth(2)).toContainText(FEWER_THAN_MIN);
  await expectNoViolations(page, 'the reports screen');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);

  await tabTo(page, page.getByRole('button', { name: 'Export CSV: Hiring funnel' }));
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  expect(await readFile((await file.path())!, 'utf8')).toContain(FEWER_THAN_MIN);
});

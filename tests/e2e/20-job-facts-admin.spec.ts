import type { Page } from '@playwright/test';
import { jobFactMessages } from '../../src/shared/jobs/job-facts';
import { messages } from '../../src/shared/messages';
import { adminToken, api, createJob, tabTo } from './e2e-env';
import { expectNoViolations } from './flows';
import { expect, test } from './fixtures';

/**
 * Job facts on the admin side (docs/behaviour.md#dashboard, #job-facts): a department added on the
 * Departments screen, a job posted with its facts and the texts left for the server to write (its
 * card's tiles saying what they hold, a job of texts only keeping the specification's), the
 * dashboard's table showing department, workplace and pay and filtered by department from the
 * keyboard, and the card of open jobs that lack a fact leading to the form that fills it in. Each
 * test on a server of its own: the card and the filter's counts must see only that test's jobs.
 */

async function signIn(page: Page, server: string) {
  const token = await adminToken(server);
  await page.goto(`${server}/robots.txt`);
  await page.evaluate((stored) => localStorage.setItem('access-token', stored), token);
}

test("an administrator adds a department by keyboard, posts a job with its facts only, and the table and cards say each job's facts truly", async ({
  page,
  ownServer,
}) => {
  test.setTimeout(120_000);
  const server = await ownServer();
  // Posted with texts only, as the specification's clients do: its CTC gives it pay, nothing else.
  await createJob({ jobTitle: 'Quote Agent' }, server.url);
  await signIn(page, server.url);

  // The Departments screen, by keyboard: Enter in the name adds it.
  await page.goto(`${server.url}/dashboard/departments`);
  await expect(page.getByRole('heading', { level: 1, name: 'Departments' })).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: 'New department' }));
  await page.keyboard.type('Motor Claims');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Delete Motor Claims' })).toBeVisible();
  await expectNoViolations(page, 'the departments screen with a department');

  // Create Post on the empty form: a message on each thing publishing needs, none on the card's
  // texts, which the facts will write.
  await page.goto(`${server.url}/dashboard/create`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Job Post' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByLabel('Job Title')).toBeFocused();
  const needed = [
    'Job title is required.',
    jobFactMessages.placeRequired,
    jobFactMessages.employmentTypeRequired,
    jobFactMessages.payRequired,
    'Experience is required.',
    'Description is required.',
  ];
  for (const message of needed) await expect(page.getByText(message)).toBeVisible();
  for (const message of ['Location is required.', 'Work hours is required.', 'CTC is required.'])
    await expect(page.getByText(message)).toHaveCount(0);
  await expectNoViolations(page, 'the job form after Create Post on the empty form');

  // Then the facts only; location, hours and CTC are written from them, and sent blank.
  await page.getByLabel('Job Title').fill('Motor Claims Handler');
  await tabTo(page, page.getByRole('combobox', { name: 'Department' }));
  // Enter opens the list on "No department"; the next option is the new department.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Department' })).toHaveText('Motor Claims');
  await page.getByLabel('Towns').fill('Northampton, Leeds');
  await tabTo(page, page.getByRole('radio', { name: 'On-site' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Hybrid' })).toBeChecked();
  await tabTo(page, page.getByRole('checkbox', { name: 'Contract' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Contract' })).toBeChecked();
  await page.getByLabel(/^Pay from/).fill('450');
  await page.getByLabel(/^Pay to/).fill('550');
  await page.getByRole('radio', { name: 'a day' }).check();
  await page.getByLabel('Experience').fill('2+ years');
  await page.getByLabel('Description').fill('Handle motor claims from first notice to settlement.');
  const card = page.getByRole('group', { name: 'How it reads on the card' });
  await expect(card.getByLabel('Location')).toHaveValue('Hybrid · Northampton, Leeds');
  await expect(card.getByLabel('Work Hours')).toHaveValue('Contract');
  await expect(card.getByLabel('CTC')).toHaveValue('£450 – £550 a day');
  for (const message of needed) await expect(page.getByText(message)).toHaveCount(0);
  await expectNoViolations(page, 'the job form with its facts filled in');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText(messages.jobCreated)).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/dashboard/all`);

  // The table says each job's facts, or that it has none, and its pay once.
  const table = page.getByRole('table', { name: 'Job posts' });
  const handler = table.getByRole('row', { name: /^Motor Claims Handler/ });
  for (const fact of ['Motor Claims', 'Hybrid · Northampton, Leeds', '£450 – £550 a day'])
    await expect(handler).toContainText(fact);
  const agent = table.getByRole('row', { name: /^Quote Agent/ });
  await expect(agent).toContainText('Not set');
  // Its CTC states its pay range: the range is not said again.
  await expect(agent).toContainText('£24,000 - £27,000');
  await expect(agent).not.toContainText('a year');

  // What the open jobs lack, each job a link to its form.
  const gaps = page.getByRole('region', { name: 'Job facts to fill in' });
  await expect(gaps.getByRole('list', { name: '1 job has no department' }).getByRole('link')).toHaveText([
    'Quote Agent',
  ]);
  await expect(gaps.getByRole('list', { name: /no pay range/ })).toHaveCount(0);

  // The careers page: true tiles for the job of facts, the specification's for the job of texts.
  await page.goto(`${server.url}/`);
  const handlerCard = page.getByRole('article', { name: 'Motor Claims Handler' });
  await expect(handlerCard.getByRole('term')).toHaveText(['Employment type', 'Pay', 'Experience']);
  await expect(handlerCard.getByRole('definition')).toHaveText(['Contract', '£450 – £550 a day', '2+ years']);
  await expect(handlerCard).toContainText('Hybrid · Northampton, Leeds');
  await expect(handlerCard).not.toContainText('Contract ·');
  const agentCard = page.getByRole('article', { name: 'Quote Agent' });
  await expect(agentCard.getByRole('term')).toHaveText(['Start Date', 'CTC (Annual)', 'Experience']);
  await expect(agentCard.getByRole('definition')).toHaveText([
    'Full time, 37.5 hours',
    '£24,000 - £27,000',
    '1-2 years',
  ]);
});

test('the table filters by department from the keyboard, and a job that lacks a fact leads to the form that fills it in', async ({
  page,
  ownServer,
}) => {
  test.setTimeout(120_000);
  const server = await ownServer();
  const token = await adminToken(server.url);
  const department = await api<{ insertedId: string }>('POST', '/departments', {
    server: server.url,
    token,
    body: { name: 'Motor Claims' },
  });
  expect(department.status).toBe(201);
  const older = await createJob({ jobTitle: 'Quote Agent' }, server.url);
  await createJob(
    {
      jobTitle: 'Motor Claims Handler',
      departmentId: department.body.insertedId,
      workplaceType: 'hybrid',
      locations: ['Northampton', 'Leeds'],
    },
    server.url,
  );
  await signIn(page, server.url);
  await page.goto(`${server.url}/dashboard/all`);
  const table = page.getByRole('table', { name: 'Job posts' });
  const handler = table.getByRole('row', { name: /^Motor Claims Handler/ });
  const agent = table.getByRole('row', { name: /^Quote Agent/ });
  const gaps = page.getByRole('region', { name: 'Job facts to fill in' });
  await expect(agent).toBeVisible();

  // The department filter by keyboard: an arrow key on the closed list picks the next department.
  const filter = page.getByRole('combobox', { name: 'Department' });
  await expect(filter.getByRole('option')).toHaveText(['All departments (2)', 'Motor Claims (1)']);
  await tabTo(page, filter);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(`${server.url}/dashboard/all?department=motor-claims`);
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of 2 job posts' })).toBeVisible();
  await expect(handler).toBeVisible();
  await expect(agent).toHaveCount(0);
  await expectNoViolations(page, 'the dashboard filtered by department');

  // A shared link opens filtered; Back returns to every department.
  await page.reload();
  await expect(filter).toHaveValue('motor-claims');
  await expect(agent).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(`${server.url}/dashboard/all`);
  await expect(agent).toBeVisible();

  // From the card to the form, by keyboard, and the gap closes once the job is saved.
  await tabTo(page, gaps.getByRole('list', { name: '1 job has no department' }).getByRole('link'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${server.url}/dashboard/edit/${older.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Job Post' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('option', { name: 'Motor Claims' }).click();
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page).toHaveURL(`${server.url}/apply/${older.id}`);
  await page.goto(`${server.url}/dashboard?department=motor-claims`);
  await expect(table.getByRole('row', { name: /^Quote Agent/ })).toContainText('Motor Claims');
  await expect(gaps.getByRole('list', { name: /no department/ })).toHaveCount(0);
  // Its texts never said its place: that still waits to be filled in.
  await expect(gaps.getByRole('list', { name: '1 job has no workplace type' }).getByRole('link')).toHaveText([
    'Quote Agent',
  ]);
});

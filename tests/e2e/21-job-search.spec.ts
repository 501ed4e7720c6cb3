import type { Browser, Locator, Page } from '@playwright/test';
import { adminToken, api, createJob, tabTo } from './e2e-env';
import { expectNoViolations, holdApp, waitForApp } from './flows';
import { expect, test } from './fixtures';

/**
 * The careers home's search and filters (docs/behaviour.md#job-search) in Chromium, as a visitor
 * uses them with JavaScript off (a plain GET form the server's prerender answers) and with the app
 * (the same addresses without a reload). Each test posts four jobs of its own whose titles carry a
 * word no other job has; every search includes that word, so other tests' jobs on the worker's
 * server change neither the cards shown nor the counts on the options.
 */

type Filter = 'department' | 'location' | 'workplace' | 'type' | 'pay';

interface Seeded {
  marker: string;
  claims: { name: string; slug: string };
  engineering: { name: string; slug: string };
  titles: { handler: string; engineer: string; assistant: string; analyst: string };
}

async function department(name: string): Promise<{ id: string; name: string; slug: string }> {
  const created = await api<{ insertedId: string }>('POST', '/departments', {
    token: await adminToken(),
    body: { name },
  });
  expect(created.status).toBe(201);
  const listed = await api<{ _id: string; slug: string }[]>('GET', '/departments', {
    token: await adminToken(),
  });
  const found = listed.body.find((entry) => entry._id === created.body.insertedId);
  expect(found).toBeDefined();
  return { id: created.body.insertedId, name, slug: found!.slug };
}

/**
 * Four jobs with distinct facts; the texts left blank so the server writes them from the facts:
 * - the handler: Claims, Northampton, on-site, full-time, £26,000 – £30,000 a year;
 * - the engineer: Engineering, remote (UK), full-time, £32,000 – £38,000 a year, TypeScript in its
 *   description and PostgreSQL in its requirements;
 * - the assistant: Claims, Leeds, hybrid, part-time, £12.50 an hour (£24,375 a year);
 * - the analyst: Engineering, Leeds, hybrid, contract, £400 – £450 a day (£117,000 a year at most),
 *   spreadsheets in its requirements.
 */
async function seedJobs(): Promise<Seeded> {
  const marker = `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [claims, engineering] = await Promise.all([
    department(`Claims ${marker}`),
    department(`Engineering ${marker}`),
  ]);
  const titles = {
    handler: `Motor Claims Handler ${marker}`,
    engineer: `Backend Engineer ${marker}`,
    assistant: `Claims Assistant ${marker}`,
    analyst: `Data Analyst ${marker}`,
  };
  const blankTexts = { location: '', hours: '', ctc: '' };
  await createJob({
    ...blankTexts,
    jobTitle: titles.handler,
    description: 'Settle motor claims from first notice to payment.',
    requirements: ['Patience with upset drivers'],
    departmentId: claims.id,
    locations: ['Northampton'],
    workplaceType: 'on-site',
    employmentTypes: ['full-time'],
    pay: { min: 26_000, max: 30_000, period: 'year' },
  });
  await createJob({
    ...blankTexts,
    jobTitle: titles.engineer,
    description: 'Build the quote engine in TypeScript.',
    requirements: ['Experience with PostgreSQL'],
    departmentId: engineering.id,
    locations: [],
    workplaceType: 'remote',
    remoteCountry: 'UK',
    employmentTypes: ['full-time'],
    pay: { min: 32_000, max: 38_000, period: 'year' },
  });
  await createJob({
    ...blankTexts,
    jobTitle: titles.assistant,
    description: 'Support the claims team with letters and calls.',
    requirements: ['Tidy record keeping'],
    departmentId: claims.id,
    locations: ['Leeds'],
    workplaceType: 'hybrid',
    employmentTypes: ['part-time'],
    pay: { min: 12.5, max: 12.5, period: 'hour' },
  });
  await createJob({
    ...blankTexts,
    jobTitle: titles.analyst,
    description: 'Turn quote data into weekly reports.',
    requirements: ['Confident with spreadsheets'],
    departmentId: engineering.id,
    locations: ['Leeds'],
    workplaceType: 'hybrid',
    employmentTypes: ['contract'],
    pay: { min: 400, max: 450, period: 'day' },
  });
  return { marker, claims, engineering, titles };
}

const searchForm = (page: Page) => page.getByRole('search', { name: 'Search jobs' });
const textField = (page: Page) => searchForm(page).getByRole('searchbox', { name: 'Search jobs' });
const select = (page: Page, label: string) => searchForm(page).getByRole('combobox', { name: label });
const LABELS: Record<Filter, string> = {
  department: 'Department',
  location: 'Location',
  workplace: 'Workplace',
  type: 'Employment type',
  pay: 'Minimum pay',
};
const results = (page: Page) => page.getByRole('region', { name: 'Open Positions' });

/**
 * A card says its place under its title and the rest in its tiles, each labelled for what it holds
 * ("Pay" over a day rate): the texts the server wrote from the facts, said once, with no line of
 * the same facts beneath.
 */
async function expectFacts(card: Locator, place: string, tiles: [label: string, value: string][]) {
  await expect(card).toContainText(place);
  await expect(card.getByRole('term')).toHaveText([...tiles.map(([label]) => label), 'Experience']);
  await expect(card.getByRole('definition')).toHaveText([...tiles.map(([, value]) => value), '1-2 years']);
  await expect(card).not.toContainText(`${place} ·`);
}

/** The count line: a live region (role status), so a screen reader hears it when it changes. */
const countLine = (page: Page) => results(page).getByRole('status');

/**
 * Fills the whole form (a filter left out is set to its "any" choice) and presses Search. The form
 * offers only options that would list a job with the page's other filters kept, so a search that
 * swaps one filter for another starts from the page of the words alone (`submitSearch(page, q)`).
 */
async function submitSearch(page: Page, q: string, filters: Partial<Record<Filter, string>> = {}) {
  await textField(page).fill(q);
  for (const filter of Object.keys(LABELS) as Filter[])
    await select(page, LABELS[filter]).selectOption(filters[filter] ?? '');
  await searchForm(page).getByRole('button', { name: 'Search' }).click();
}

/** The address's search: every parameter that has a value (the form without script sends all). */
const paramsOf = (page: Page) =>
  Object.fromEntries([...new URL(page.url()).searchParams].filter(([, value]) => value !== ''));

async function expectSearch(page: Page, params: Record<string, string>, titles: string[]) {
  await expect.poll(() => paramsOf(page)).toEqual(params);
  await expect
    .poll(async () =>
      (await results(page).getByRole('article').getByRole('heading', { level: 3 }).allTextContents()).sort(),
    )
    .toEqual([...titles].sort());
  const count =
    titles.length === 1 ? '1 role matches your search' : `${titles.length} roles match your search`;
  await expect(countLine(page)).toHaveText(count);
}

const optionTexts = (page: Page, filter: Filter) => select(page, LABELS[filter]).locator('option');

async function noScriptPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

test('without JavaScript: free text in titles, descriptions and requirements, and each filter alone, with a count on every option', async ({
  browser,
}) => {
  const { marker, claims, engineering, titles } = await seedJobs();
  const page = await noScriptPage(browser);
  await page.goto('/');
  await expect(searchForm(page)).toBeVisible();

  // The unique word alone: this test's four jobs, and each option counts among them.
  await submitSearch(page, marker);
  await expectSearch(page, { q: marker }, Object.values(titles));
  await expect(optionTexts(page, 'department').filter({ hasText: marker })).toHaveText([
    `${claims.name} (2)`,
    `${engineering.name} (2)`,
  ]);
  await expect(optionTexts(page, 'location').filter({ hasText: /^(Leeds|Northampton) / })).toHaveText([
    'Leeds (2)',
    'Northampton (1)',
  ]);
  await expect(optionTexts(page, 'workplace')).toHaveText([
    'On-site, hybrid or remote',
    'On-site (1)',
    'Hybrid (2)',
    'Remote (1)',
  ]);
  // No job of theirs is fixed-term, an apprenticeship or an internship: those are not offered.
  await expect(optionTexts(page, 'type')).toHaveText([
    'Any employment type',
    'Full-time (2)',
    'Part-time (1)',
    'Contract (1)',
  ]);
  // £12.50 an hour is £24,375 a year; £450 a day is £117,000.
  await expect(optionTexts(page, 'pay')).toHaveText([
    'Any pay',
    '£20,000 a year or more (4)',
    '£25,000 a year or more (3)',
    '£30,000 a year or more (3)',
    '£40,000 a year or more (1)',
    '£50,000 a year or more (1)',
    '£60,000 a year or more (1)',
    '£80,000 a year or more (1)',
  ]);

  // Words from a description, from requirements, from a title; case does not matter.
  await submitSearch(page, `${marker} typescript`);
  await expectSearch(page, { q: `${marker} typescript` }, [titles.engineer]);
  await submitSearch(page, `${marker} Spreadsheets`);
  await expectSearch(page, { q: `${marker} Spreadsheets` }, [titles.analyst]);
  await submitSearch(page, `postgresql ${marker}`);
  await expectSearch(page, { q: `postgresql ${marker}` }, [titles.engineer]);
  await submitSearch(page, `assistant ${marker}`);
  await expectSearch(page, { q: `assistant ${marker}` }, [titles.assistant]);
  await expect(textField(page)).toHaveValue(`assistant ${marker}`);

  // Each filter alone, the form keeping the choice it sent.
  await submitSearch(page, marker, { department: claims.slug });
  await expectSearch(page, { q: marker, department: claims.slug }, [titles.handler, titles.assistant]);
  await expect(select(page, 'Department')).toHaveValue(claims.slug);
  await submitSearch(page, marker, { location: 'Leeds' });
  await expectSearch(page, { q: marker, location: 'Leeds' }, [titles.assistant, titles.analyst]);
  await submitSearch(page, marker);
  await submitSearch(page, marker, { workplace: 'remote' });
  await expectSearch(page, { q: marker, workplace: 'remote' }, [titles.engineer]);
  await expect(select(page, 'Workplace')).toHaveValue('remote');
  await submitSearch(page, marker);
  await submitSearch(page, marker, { type: 'full-time' });
  await expectSearch(page, { q: marker, type: 'full-time' }, [titles.handler, titles.engineer]);
  // The hourly job pays under £25,000 a year; the daily one over.
  await submitSearch(page, marker);
  await submitSearch(page, marker, { pay: '25000' });
  await expectSearch(page, { q: marker, pay: '25000' }, [titles.handler, titles.engineer, titles.analyst]);
  await expect(select(page, 'Minimum pay')).toHaveValue('25000');
  await page.context().close();
});

test('without JavaScript: filters combined, the empty result with its links to clear the last filter or all, and Back', async ({
  browser,
}) => {
  const { marker, claims, engineering, titles } = await seedJobs();
  const page = await noScriptPage(browser);
  await page.goto('/');

  await submitSearch(page, marker, { department: engineering.slug, workplace: 'hybrid' });
  await expectSearch(page, { q: marker, department: engineering.slug, workplace: 'hybrid' }, [
    titles.analyst,
  ]);
  await submitSearch(page, marker);
  await submitSearch(page, marker, { department: claims.slug, type: 'full-time', pay: '25000' });
  await expectSearch(page, { q: marker, department: claims.slug, type: 'full-time', pay: '25000' }, [
    titles.handler,
  ]);
  // Counts keep the other filters: within Claims, one job on site, one hybrid, none remote (which
  // is therefore not offered).
  await submitSearch(page, marker, { department: claims.slug });
  await expectSearch(page, { q: marker, department: claims.slug }, [titles.handler, titles.assistant]);
  await expect(optionTexts(page, 'workplace')).toHaveText([
    'On-site, hybrid or remote',
    'On-site (1)',
    'Hybrid (1)',
  ]);

  // Two choices each offered, together matching nothing: it says so, and the last filter of the
  // address is the one offered to clear.
  await submitSearch(page, marker, { department: claims.slug, workplace: 'on-site', type: 'part-time' });
  await expectSearch(
    page,
    { q: marker, department: claims.slug, workplace: 'on-site', type: 'part-time' },
    [],
  );
  await expect(results(page).getByRole('heading', { name: 'No jobs match your search' })).toBeVisible();
  await expect(results(page).getByRole('link', { name: 'clear all filters' })).toHaveAttribute('href', '/');
  // Chosen, each stays offered with its 0.
  await expect(optionTexts(page, 'type')).toContainText(['Part-time (0)']);
  await results(page).getByRole('link', { name: 'Clear the last filter (Part-time)' }).click();
  await expectSearch(page, { q: marker, department: claims.slug, workplace: 'on-site' }, [titles.handler]);
  await expect(select(page, 'Employment type')).toHaveValue('');
  await expect(select(page, 'Department')).toHaveValue(claims.slug);

  // Back returns to each search in turn: its address, cards and count. (Without script the form
  // shows what the browser kept of it when the visitor left, as on any page.)
  await page.goBack();
  await expectSearch(
    page,
    { q: marker, department: claims.slug, workplace: 'on-site', type: 'part-time' },
    [],
  );
  await expect(select(page, 'Employment type')).toHaveValue('part-time');
  await page.goBack();
  await expectSearch(page, { q: marker, department: claims.slug }, [titles.handler, titles.assistant]);
  await page.goBack();
  await expectSearch(page, { q: marker, department: claims.slug, type: 'full-time', pay: '25000' }, [
    titles.handler,
  ]);
  await page.context().close();
});

test('without JavaScript: a card says its facts in words and that we never ask for a current salary', async ({
  browser,
}) => {
  const { marker, titles } = await seedJobs();
  const page = await noScriptPage(browser);
  await page.goto(`/?q=${marker}&workplace=remote`);
  const card = results(page).getByRole('article', { name: titles.engineer });
  await expectFacts(card, 'Remote (UK)', [
    ['Employment type', 'Full-time'],
    ['CTC (Annual)', '£32,000 – £38,000 a year'],
  ]);
  await expect(card).toContainText('We never ask for your current salary.');
  const analyst = await page.goto(`/?q=${marker}&location=Leeds&type=contract`);
  expect(analyst?.status()).toBe(200);
  await expectFacts(results(page).getByRole('article', { name: titles.analyst }), 'Hybrid · Leeds', [
    ['Employment type', 'Contract'],
    ['Pay', '£400 – £450 a day'],
  ]);
  await page.context().close();
});

test('with the app: the form by keyboard, each filter without a reload, the count announced, the empty result, Back and Forward', async ({
  page,
}) => {
  const { marker, claims, engineering, titles } = await seedJobs();
  await page.goto('/');

  // By keyboard only: the text, then Remote from the closed list by arrow keys, then Search.
  await tabTo(page, textField(page));
  await page.keyboard.type(marker);
  await tabTo(page, select(page, 'Workplace'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(select(page, 'Workplace')).toHaveValue('remote');
  await tabTo(page, searchForm(page).getByRole('button', { name: 'Search' }));
  await page.keyboard.press('Enter');
  await expectSearch(page, { q: marker, workplace: 'remote' }, [titles.engineer]);
  await waitForApp(page);

  // From here every search stays in the page (a reload would drop this mark), and the count line
  // is the same live region, its text changed, as a screen reader needs to announce it.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await countLine(page).evaluate((element) => element.setAttribute('data-first', 'yes'));

  for (const [filters, shown] of [
    [{ department: claims.slug }, [titles.handler, titles.assistant]],
    [{ location: 'Leeds' }, [titles.assistant, titles.analyst]],
    [{ workplace: 'hybrid' }, [titles.assistant, titles.analyst]],
    [{ type: 'full-time' }, [titles.handler, titles.engineer]],
    [{ pay: '25000' }, [titles.handler, titles.engineer, titles.analyst]],
  ] as const) {
    await submitSearch(page, marker);
    await submitSearch(page, marker, filters);
    await expectSearch(page, { q: marker, ...filters }, [...shown]);
  }
  await submitSearch(page, `${marker} typescript`);
  await expectSearch(page, { q: `${marker} typescript` }, [titles.engineer]);
  await expect(countLine(page)).toHaveAttribute('data-first', 'yes');
  await expect(countLine(page)).toHaveText('1 role matches your search');

  // Workplace first, then the department: each change goes last in the address.
  await submitSearch(page, marker, { workplace: 'remote' });
  await expectSearch(page, { q: marker, workplace: 'remote' }, [titles.engineer]);
  await select(page, 'Department').selectOption(engineering.slug);
  await searchForm(page).getByRole('button', { name: 'Search' }).click();
  await expectSearch(page, { q: marker, workplace: 'remote', department: engineering.slug }, [
    titles.engineer,
  ]);
  expect([...new URL(page.url()).searchParams.keys()]).toEqual(['q', 'workplace', 'department']);
  // Then words that leave nothing: the text, changed last, is the filter to clear.
  const spreadsheets = `${marker} spreadsheets`;
  await textField(page).fill(spreadsheets);
  await searchForm(page).getByRole('button', { name: 'Search' }).click();
  await expectSearch(page, { q: spreadsheets, workplace: 'remote', department: engineering.slug }, []);
  expect([...new URL(page.url()).searchParams.keys()]).toEqual(['workplace', 'department', 'q']);
  await expect(results(page).getByRole('heading', { name: 'No jobs match your search' })).toBeVisible();
  await expect(countLine(page)).toHaveText('0 roles match your search');
  await results(page)
    .getByRole('link', { name: `Clear the last filter (“${spreadsheets}”)` })
    .click();
  await expectSearch(page, { workplace: 'remote', department: engineering.slug }, [titles.engineer]);
  await expect(textField(page)).toHaveValue('');

  // Back and Forward move through the searches, the form following the address.
  await page.goBack();
  await expectSearch(page, { q: spreadsheets, workplace: 'remote', department: engineering.slug }, []);
  await expect(textField(page)).toHaveValue(spreadsheets);
  await page.goBack();
  await expectSearch(page, { q: marker, workplace: 'remote', department: engineering.slug }, [
    titles.engineer,
  ]);
  await expect(textField(page)).toHaveValue(marker);
  await page.goBack();
  await expectSearch(page, { q: marker, workplace: 'remote' }, [titles.engineer]);
  await expect(select(page, 'Department')).toHaveValue('');
  await page.goForward();
  await expectSearch(page, { q: marker, workplace: 'remote', department: engineering.slug }, [
    titles.engineer,
  ]);
  await expect(select(page, 'Department')).toHaveValue(engineering.slug);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test('with the app: a reload keeps the filters, and a shared link opens filtered', async ({
  page,
  browser,
}) => {
  const { marker, engineering, titles } = await seedJobs();
  await page.goto('/');
  await submitSearch(page, marker, { department: engineering.slug, location: 'Leeds' });
  await expectSearch(page, { q: marker, department: engineering.slug, location: 'Leeds' }, [titles.analyst]);
  await waitForApp(page);

  await page.reload();
  await expectSearch(page, { q: marker, department: engineering.slug, location: 'Leeds' }, [titles.analyst]);
  await expect(textField(page)).toHaveValue(marker);
  await expect(select(page, 'Department')).toHaveValue(engineering.slug);
  await expect(select(page, 'Location')).toHaveValue('Leeds');

  // Someone else opens the address: the same search, the same result.
  const shared = page.url();
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(shared);
  await expectSearch(visitor, { q: marker, department: engineering.slug, location: 'Leeds' }, [
    titles.analyst,
  ]);
  await expect(select(visitor, 'Department')).toHaveValue(engineering.slug);
  await expect(optionTexts(visitor, 'department').filter({ hasText: marker })).toHaveText([
    // Within Leeds: the assistant is in Claims.
    `Claims ${marker} (1)`,
    `${engineering.name} (1)`,
  ]);
  await other.close();
});

test('with the app: the home page with filters applied, and with none matching, passes axe; cards say their facts', async ({
  page,
}) => {
  const { marker, titles } = await seedJobs();
  await page.goto('/');
  await submitSearch(page, marker, { workplace: 'remote' });
  await expectSearch(page, { q: marker, workplace: 'remote' }, [titles.engineer]);
  await waitForApp(page);
  const card = results(page).getByRole('article', { name: titles.engineer });
  await expectFacts(card, 'Remote (UK)', [
    ['Employment type', 'Full-time'],
    ['CTC (Annual)', '£32,000 – £38,000 a year'],
  ]);
  await expect(card).toContainText('We never ask for your current salary.');
  await expectNoViolations(page, 'the careers home with filters applied');

  await submitSearch(page, `${marker} spreadsheets`, { workplace: 'remote' });
  await expectSearch(page, { q: `${marker} spreadsheets`, workplace: 'remote' }, []);
  await expect(results(page).getByRole('link', { name: /^Clear the last filter/ })).toBeVisible();
  await expectNoViolations(page, 'the careers home with no job matching its filters');
});

test('with the app arriving late: what the visitor typed and chose before it is kept and sent', async ({
  page,
}) => {
  const { marker, titles } = await seedJobs();
  // The app's code arrives late, as on a slow connection, held until the form has been filled in.
  const app = await holdApp(page);
  await page.goto('/');
  await textField(page).fill(marker);
  await select(page, 'Workplace').selectOption('hybrid');
  await searchForm(page).getByRole('button', { name: 'Search' }).click();
  await expect.poll(app.requested).toBe(true);

  app.release();
  await waitForApp(page);
  // Sent by the app, which writes only the filters set (the browser would send every field).
  await expect.poll(() => new URL(page.url()).search).toBe(`?q=${marker}&workplace=hybrid`);
  await expectSearch(page, { q: marker, workplace: 'hybrid' }, [titles.assistant, titles.analyst]);
  await expect(textField(page)).toHaveValue(marker);
  await expect(select(page, 'Workplace')).toHaveValue('hybrid');
});

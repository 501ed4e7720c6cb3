import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { SignJWT, decodeJwt } from 'jose';
import { messages } from '../../src/shared/messages';
import { validPdf, toDataUrl } from '../support/pdf-fixtures';
import { adminToken, api, createJob, E2E_ADMIN, E2E_JWT_SECRET } from './e2e-env';
import { applyAsVisitor, expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A token signed with the e2e server's secret, for any user and expiry, in the account's token
 * generation (0 for an account that never signed out everywhere or changed its password).
 */
async function mintToken(
  claims: { email: string; name: string; sub: string; gen?: number },
  expiresAt: number,
) {
  return new SignJWT({ email: claims.email, name: claims.name, gen: claims.gen ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/** Counts the pixels of the first rendered page that are clearly not white (text, lines). */
const inkOnFirstPage = (page: Page) =>
  page
    .locator('canvas[data-testid="pdf-page"]')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let ink = 0;
      for (let index = 0; index < data.length; index += 4)
        if (data[index]! < 160 && data[index + 1]! < 160 && data[index + 2]! < 160) ink++;
      return ink;
    });

test('the admin logs in from /dashboard, creates, edits and deletes a post', async ({ page }) => {
  const title = `Motor Claims Specialist ${Date.now()}`;
  // The guard sends a signed-out visitor to /login and brings them back after signing in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin Panel' });
  for (const link of ['Home', 'Dashboard', 'Create Post', 'Applications'])
    await expect(nav.getByRole('link', { name: link })).toBeVisible();
  await expect(page.getByText('Admin User')).toBeVisible();

  await page.getByRole('link', { name: 'Create New Post' }).click();
  await expect(page).toHaveURL('/dashboard/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Job Post' })).toBeVisible();
  await page.getByLabel('Job Title').fill(title);
  await page.getByLabel('Location').fill('Northampton');
  await page.getByLabel('Work Hours').fill('Full time, 37.5 hours');
  await page.getByLabel('CTC').fill('£28,000');
  await page.getByLabel('Experience').fill('2+ years');
  await page.getByLabel('Description').fill('Handle motor claims from first notice to settlement.');
  await page.getByRole('textbox', { name: 'Responsibility 1', exact: true }).fill('Assess claims');
  await page.getByRole('button', { name: 'Add responsibility' }).click();
  await page.getByRole('textbox', { name: 'Responsibility 2', exact: true }).fill('Talk to garages');
  await page.getByRole('textbox', { name: 'Requirement 1', exact: true }).fill('Claims experience');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText(messages.jobCreated)).toBeVisible();
  await expect(page).toHaveURL('/dashboard/all');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();

  // Who created and edited a post is in administrators' answers only.
  const token = await adminToken();
  const created = (await api<any[]>('GET', '/all?include=closed', { token })).body.find(
    (job) => job.jobTitle === title,
  );
  expect(created).toMatchObject({
    postCreator: E2E_ADMIN.email,
    responsibilities: ['Assess claims', 'Talk to garages'],
    requirements: ['Claims experience'],
  });
  expect(created.publishTime).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/all');

  // Edit: prefilled, "Start Date", and the toast seen on the apply page it lands on.
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('link', { name: `Edit ${title}` })
    .click();
  await expect(page).toHaveURL(`/dashboard/edit/${created._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Job Post' })).toBeVisible();
  await expect(page.getByLabel('Start Date')).toHaveValue('Full time, 37.5 hours');
  await expect(page.getByRole('textbox', { name: 'Responsibility 2', exact: true })).toHaveValue(
    'Talk to garages',
  );
  // A blanked field: the server's 400 message is shown.
  await page.getByLabel('Location').fill('');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Location is required.').first()).toBeVisible();
  await page.getByLabel('Location').fill('Remote (UK)');
  await page.getByLabel('Job Title').fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page).toHaveURL(`/apply/${created._id}`);
  await expect(page.getByText(messages.jobUpdated)).toBeVisible();
  await expect(page.getByRole('heading', { name: `${title} (edited)`, exact: true })).toBeVisible();
  const edited = (await api<any>('GET', `/single/${created._id}`, { token })).body;
  expect(edited).toMatchObject({ location: 'Remote (UK)', lastEditUser: E2E_ADMIN.email });

  // Delete from the dashboard table through both dialogs.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Delete ${title} (edited)` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(messages.confirmTitle)).toBeVisible();
  await expect(confirm.getByText(messages.confirmText)).toBeVisible();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog').getByText(messages.deletedTitle)).toBeVisible();
  await expect(page.getByRole('dialog').getByText(messages.jobDeleted)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/dashboard/all');
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  expect((await api('GET', `/single/${created._id}`)).status).toBe(404);
});

test('applications: search, preview, download, detail with notes, delete', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const job = await createJob({ jobTitle: `Night Shift Quote Agent ${Date.now()}` });
  const stamp = Date.now();
  const first = {
    name: `Priya Sharma ${stamp}`,
    email: `priya.${stamp}@example.com`,
    phone: '01604 555000',
    about: 'I speak Hindi and Punjabi.\nI enjoy helping customers.',
  };
  const second = { name: `Tom Baker ${stamp}`, email: `tom.${stamp}@example.net` };
  // The server records the title of the job applied for, so Tom applies for another post.
  const otherJob = await createJob({ jobTitle: `Claims Handler ${stamp}` });
  const cv = await validPdf(`${first.name} - Curriculum Vitae`);

  // A visitor applies through the site; a second application arrives through the API.
  const visitor = await browser.newContext();
  await applyAsVisitor(await visitor.newPage(), job, first, cv);
  await visitor.close();
  const secondSaved = await api('POST', '/applications', {
    body: {
      name: second.name,
      email: second.email,
      phone: '07700 900123',
      number: '07700 900123',
      pdfFile: toDataUrl(await validPdf('Tom Baker CV')),
      about: 'Available for nights.',
      jobTitle: otherJob.jobTitle,
      jobName: otherJob.jobTitle,
      jobId: otherJob.id,
    },
  });
  expect(secondSaved.status).toBe(201);

  await signInAsAdmin(page);
  const downloads: string[] = [];
  await page.goto('/dashboard/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Job Applications' })).toBeVisible();
  const all = (await api<any[]>('GET', '/applications', { token: await adminToken() })).body.length;
  await expect(page.getByText(`Total: ${all}`, { exact: true })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search applications' });
  const table = page.getByRole('table', { name: 'Job applications' });
  for (const query of [first.name.toUpperCase(), first.email, job.jobTitle.toLowerCase()]) {
    await search.fill(query);
    await expect(page.getByText(`Total: 1 of ${all}`)).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(first.name) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(second.name) })).toHaveCount(0);
  }
  await search.fill(otherJob.jobTitle.toUpperCase());
  await expect(table.getByRole('row', { name: new RegExp(second.name) })).toBeVisible();
  await search.fill('   ');
  await expect(page.getByText(`Total: ${all}`, { exact: true })).toBeVisible();
  await search.fill('no-such-applicant-anywhere');
  await expect(page.getByRole('heading', { name: 'No matching applications' })).toBeVisible();
  await search.fill(first.email);

  const row = table.getByRole('row', { name: new RegExp(first.name) });
  await expect(row.getByText(/^\d+ KB$/)).toBeVisible();

  // A failed CV fetch shows the popup for its cause.
  await page.route('**/api/applications/*/pdf?*', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"message":"PDF file not found."}',
    }),
  );
  await row.getByRole('button', { name: `Preview CV of ${first.name}` }).click();
  await expect(page.getByRole('dialog').getByText(messages.errorTitle)).toBeVisible();
  await expect(page.getByRole('dialog').getByText(messages.cvFetchNotFound)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.unroute('**/api/applications/*/pdf?*');

  // Preview: a real page drawn on a canvas (ink on it, not a blank rectangle).
  await row.getByRole('button', { name: `Preview CV of ${first.name}` }).click();
  const preview = page.getByRole('dialog', { name: `CV of ${first.name}` });
  await expect(preview.locator('canvas[data-testid="pdf-page"]')).toBeVisible();
  await expect.poll(() => inkOnFirstPage(page), { timeout: 15_000 }).toBeGreaterThan(200);
  await preview.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(preview).toBeHidden();

  // Download: the very bytes the visitor uploaded, under {name}_resume.pdf, and the toast.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download CV of ${first.name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${first.name}_resume.pdf`);
  const saved = await download.path();
  downloads.push(saved);
  expect(sha256(readFileSync(saved))).toBe(sha256(cv));
  await expect(page.getByText(messages.downloadCompleteTitle)).toBeVisible();
  await expect(page.getByText(messages.downloadCompleteText)).toBeVisible();

  // The detail screen.
  await row.getByRole('link', { name: `View application from ${first.name}` }).click();
  // The detail's address carries the list's search, so Back to List returns to it.
  const listQuery = `?q=${encodeURIComponent(first.email)}`;
  await expect(page).toHaveURL(
    (url) => /^\/dashboard\/application\/[0-9a-f-]+$/.test(url.pathname) && url.search === listQuery,
  );
  const detailUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Applicant Information' })).toBeVisible();
  await expect(page.getByRole('link', { name: first.email })).toHaveAttribute(
    'href',
    `mailto:${first.email}`,
  );
  await expect(page.getByRole('link', { name: first.phone })).toHaveAttribute('href', 'tel:01604555000');
  // Applied On, UK style: "28 November 2026".
  await expect(page.getByText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByText('I enjoy helping customers.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Show Preview' }).click();
  await expect(page.getByRole('button', { name: 'Hide Preview' })).toBeVisible();
  await expect(page.locator('canvas[data-testid="pdf-page"]')).toBeVisible();
  await expect.poll(() => inkOnFirstPage(page), { timeout: 15_000 }).toBeGreaterThan(200);
  await page.getByRole('button', { name: 'Close Preview' }).click();
  await expect(page.getByRole('button', { name: 'Show Preview' })).toBeVisible();

  const note = `Phoned ${first.name}; interview on Monday.`;
  await page.getByLabel('Add a note').fill(note);
  await page.getByRole('button', { name: 'Add Note' }).click();
  const notes = page.getByRole('list', { name: 'Notes on this application' });
  await expect(notes.getByText(note)).toBeVisible();
  await page.reload();
  await expect(notes.getByText(note)).toBeVisible();
  await expect(notes.getByText(E2E_ADMIN.name)).toBeVisible();

  await page.getByRole('link', { name: 'Back to List' }).click();
  await expect(page).toHaveURL(`/dashboard/applications${listQuery}`);
  await expect(search).toHaveValue(first.email);

  // Delete: cancel first (nothing happens), then confirm.
  const id = detailUrl.split('/').pop()!;
  const target = page.getByRole('row', { name: new RegExp(first.name) });
  await target.getByRole('button', { name: `Delete application from ${first.name}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(messages.confirmTitle)).toBeVisible();
  await expect(confirm.getByText(messages.confirmText)).toBeVisible();
  await confirm.getByRole('button', { name: messages.cancelButton }).click();
  await expect(target).toBeVisible();
  await target.getByRole('button', { name: `Delete application from ${first.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: messages.confirmDeleteButton }).click();
  await expect(page.getByRole('dialog').getByText(messages.applicationDeleted)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('row', { name: new RegExp(first.name) })).toHaveCount(0);
  expect((await api('GET', `/applications/${id}`, { token: await adminToken() })).status).toBe(404);
  const remaining = (await api<any[]>('GET', '/applications', { token: await adminToken() })).body;
  expect(remaining.some((application) => application._id === id)).toBe(false);

  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name: messages.applicationNotFound })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Applications' })).toHaveAttribute(
    'href',
    '/dashboard/applications',
  );
});

test('an unknown admin address shows the 404 screen, signed in or not', async ({ page }) => {
  const lost = page.getByText('Uh oh! Looks like you got lost. Go back to the homepage if you dare!');
  for (const signedIn of [false, true]) {
    if (signedIn) await signInAsAdmin(page);
    for (const address of ['/dashboard/no-such-screen', '/dashboard/application/x/extra']) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(lost).toBeVisible();
      await expect(page).toHaveURL(address);
      await expect(page.getByRole('link', { name: /back to Home/i })).toHaveAttribute('href', '/');
    }
  }
  // Within the app as well: a link to a screen that does not exist lands on the same 404 screen.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/dashboard/no-such-report');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(lost).toBeVisible();
  await expect(page).toHaveURL('/dashboard/no-such-report');
});

test('quick Show Preview clicks fetch the CV once and record one preview', async ({ page }) => {
  const job = await createJob();
  const saved = await api<{ insertedId: string }>('POST', '/applications', {
    body: {
      name: `Quinn Quick ${Date.now()}`,
      email: `quinn.${Date.now()}@example.com`,
      phone: '01604 222333',
      pdfFile: toDataUrl(await validPdf('Quinn Quick CV')),
      about: 'Fast typist.',
      jobTitle: job.jobTitle,
      jobId: job.id,
    },
  });
  expect(saved.status).toBe(201);
  const id = saved.body.insertedId;
  await signInAsAdmin(page);

  // The CV answer is held until every click is made, so the clicks land while it is in flight.
  const fetches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/applications/${id}/pdf`)) fetches.push(request.url());
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/applications/${id}/pdf?*`, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(`/dashboard/application/${id}`);
  await expect(page.getByRole('heading', { name: 'Applicant Information' })).toBeVisible();
  const show = page.getByRole('button', { name: 'Show Preview' });
  const hide = page.getByRole('button', { name: 'Hide Preview' });
  await show.click();
  await expect.poll(() => fetches.length).toBe(1);
  await hide.click();
  await show.click();
  await hide.click();
  await show.click();
  release();
  await expect.poll(() => inkOnFirstPage(page), { timeout: 15_000 }).toBeGreaterThan(200);
  expect(fetches).toHaveLength(1);

  const token = await adminToken();
  await expect
    .poll(async () => {
      const audit = await api<{ action: string }[]>('GET', `/applications/${id}/audit`, { token });
      return audit.body.filter((entry) => entry.action === 'preview').length;
    })
    .toBe(1);
});

test('a token that expires mid-session sends the admin to /login, and back after signing in', async ({
  page,
}) => {
  // An application to preview, so the screen has a call to make once the token has run out.
  const job = await createJob();
  const applicant = `Eli Expiry ${Date.now()}`;
  const saved = await api<{ insertedId: string }>('POST', '/applications', {
    body: {
      name: applicant,
      email: `eli.${Date.now()}@example.com`,
      phone: '01604 222444',
      pdfFile: toDataUrl(await validPdf('Eli Expiry CV')),
      about: 'Applied before the session ran out.',
      jobTitle: job.jobTitle,
      jobId: job.id,
    },
  });
  expect(saved.status).toBe(201);
  // A token signed by the server's own key that runs out a few seconds from now: the server
  // refuses it exactly as it refuses any expired session (401), with nothing forged or stubbed.
  const claims = decodeJwt(await adminToken()) as { email: string; name: string; sub: string; gen: number };
  // Long enough for two page loads on a busy machine, short enough to wait for.
  const expiresAt = Math.floor(Date.now() / 1000) + 15;
  const expiring = await mintToken(claims, expiresAt);
  await signInAsAdmin(page, expiring);
  await page.goto('/dashboard/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Job Applications' })).toBeVisible();
  // Until the server itself refuses the token.
  await expect
    .poll(async () => (await api('GET', '/auth/account', { token: expiring })).status, {
      timeout: 30_000,
      intervals: [1000],
    })
    .toBe(401);

  // The next call to the server carries the expired token: opening the application. (The list
  // on screen was fetched while the token was good.)
  await page.getByRole('link', { name: `View application from ${applicant}` }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();

  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`/dashboard/application/${saved.body.insertedId}`);
  await expect(page.getByRole('heading', { name: applicant })).toBeVisible();
});

test('a signed-in non-admin cannot reach /dashboard, and the API refuses their calls', async ({ page }) => {
  const email = `casey.${Date.now()}@example.com`;
  const registered = await api<{ insertedId: string }>('POST', '/register', {
    body: { name: 'Casey Visitor', email, password: 'casey-secret' },
  });
  expect(registered.status).toBe(201);
  // Login refuses non-admins, so their session token is minted with the server's key.
  const token = await mintToken(
    { email, name: 'Casey Visitor', sub: registered.body.insertedId },
    Math.floor(Date.now() / 1000) + 600,
  );
  for (const [method, path] of [
    ['GET', '/applications'],
    ['POST', '/post'],
    ['DELETE', '/post/00000000-0000-4000-8000-000000000000'],
    ['GET', '/applications/00000000-0000-4000-8000-000000000000/notes'],
  ] as const) {
    const answer = await api(method, path, {
      token,
      body: method === 'POST' ? { jobTitle: 'x' } : undefined,
    });
    expect(answer.status, `${method} ${path}`).toBe(403);
  }

  await signInAsAdmin(page, token);
  await page.goto('/dashboard/applications');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Job Applications' })).toHaveCount(0);
});

/** A job and one application to it, with a CV, made through the API for a screen to show. */
async function jobWithApplication(name: string) {
  const job = await createJob({ jobTitle: 'Accessible Admin Post' });
  const saved = await api<{ insertedId: string }>('POST', '/applications', {
    body: {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}.${Date.now()}@example.com`,
      phone: '01604 000111',
      pdfFile: toDataUrl(await validPdf(`${name} CV`)),
      about: 'Screen reader user and tester.',
      jobTitle: job.jobTitle,
      jobId: job.id,
    },
  });
  expect(saved.status).toBe(201);
  return { job, applicationId: saved.body.insertedId };
}

/**
 * Every admin screen against axe's WCAG 2.2 AA rules, one test per screen. The dashboard is
 * scanned whole (the admin layout: its drawer, header and navigation); the others scan what they
 * draw themselves.
 */
const adminScreens: {
  name: string;
  open: () => Promise<string>;
  ready: (page: Page) => Promise<void>;
  whole?: boolean;
}[] = [
  {
    name: 'dashboard',
    open: async () => {
      await jobWithApplication('Ada Access');
      return '/dashboard';
    },
    ready: (p) => expect(p.getByRole('table').first()).toBeVisible(),
    whole: true,
  },
  {
    name: 'dashboard applications tab',
    open: async () => {
      await jobWithApplication('Ada Access');
      return '/dashboard?tab=applications';
    },
    ready: (p) => expect(p.getByRole('table', { name: 'Recent applications' })).toBeVisible(),
  },
  {
    name: 'create',
    open: async () => '/dashboard/create',
    ready: (p) => expect(p.getByRole('heading', { name: 'Create New Job Post' })).toBeVisible(),
  },
  {
    name: 'edit',
    open: async () => `/dashboard/edit/${(await createJob({ jobTitle: 'Accessible Admin Post' })).id}`,
    ready: (p) => expect(p.getByLabel('Start Date')).toHaveValue(/.+/),
  },
  {
    name: 'applications',
    open: async () => {
      await jobWithApplication('Ada Access');
      return '/dashboard/applications';
    },
    ready: (p) => expect(p.getByRole('table', { name: 'Job applications' })).toBeVisible(),
  },
  {
    name: 'detail',
    open: async () => `/dashboard/application/${(await jobWithApplication('Ada Access')).applicationId}`,
    // Ready once every application is in: until then Previous and Next are disabled, and a scan
    // would meet them changing colour as they are enabled.
    ready: async (p) => {
      await expect(p.getByRole('heading', { name: 'Applicant Information' })).toBeVisible();
      await expect(p.getByText(/^Application \d+ of \d+ in this list$/)).toBeVisible();
    },
  },
  {
    name: 'detail not found',
    open: async () => '/dashboard/application/00000000-0000-4000-8000-000000000000',
    ready: (p) => expect(p.getByRole('heading', { name: messages.applicationNotFound })).toBeVisible(),
  },
];

for (const screen of adminScreens) {
  test(`the admin ${screen.name} screen passes axe (WCAG 2.2 AA rules)`, async ({ page }) => {
    const address = await screen.open();
    await signInAsAdmin(page);
    await page.goto(address);
    await screen.ready(page);
    await expectNoViolations(page, screen.name, screen.whole ? { scope: 'page' } : {});
  });
}

test('the job form showing its validation messages and two entries passes axe', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard/create');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Job title is required.')).toBeVisible();
  await page.getByRole('button', { name: 'Add requirement' }).click();
  await expectNoViolations(page, 'create with errors and two entries');
});

test('the application screen with its preview open and a note passes axe', async ({ page }) => {
  const { applicationId } = await jobWithApplication('Ada Access');
  await signInAsAdmin(page);
  await page.goto(`/dashboard/application/${applicationId}`);
  await page.getByRole('button', { name: 'Show Preview' }).click();
  await expect.poll(() => inkOnFirstPage(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByLabel('Add a note').fill('Strong candidate.');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Strong candidate.')).toBeVisible();
  await expectNoViolations(page, 'detail with preview and a note');
});

test('the CV preview dialog passes axe', async ({ page }) => {
  const name = `Ada Access ${Date.now()}`;
  const { job } = await jobWithApplication(name);
  await signInAsAdmin(page);
  await page.goto(`/dashboard/applications?job=${job.id}`);
  await page.getByRole('button', { name: `Preview CV of ${name}` }).click();
  await expect(page.locator('canvas[data-testid="pdf-page"]')).toBeVisible();
  await expectNoViolations(page, 'preview dialog');
});

test('the narrow dashboard with its drawer open passes axe, and the drawer closes on a choice', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 420, height: 860 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
  await expect(drawer.getByRole('link', { name: 'Applications' })).toBeVisible();
  await expectNoViolations(page, 'narrow dashboard with the drawer open');
  await drawer.getByRole('link', { name: 'Applications' }).click();
  await expect(page).toHaveURL('/dashboard/applications');
  await expect(drawer).toBeHidden();
});

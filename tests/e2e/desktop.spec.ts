import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import PostalMime from 'postal-mime';
import { isAllowedExternalUrl } from '../../src/main/external-links';
import { KEYCHAIN_ACCOUNT, KEYCHAIN_SERVICE, loadKeytar } from '../../src/main/token-vault';
import { API_SERVER_URL_MESSAGES } from '../../src/shared/desktop/desktop-bridge';
import { messages } from '../../src/shared/messages';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { buildConsoleIfStale, CONSOLE_URL, openDesktopConsole, type DesktopConsole } from './desktop-console';
import { adminToken, api, baseUrl, createJob, E2E_ADMIN, tabTo } from './e2e-env';
import { expectNoViolations } from './flows';
import { startServer } from './global-setup';
import { interviewerWithPassword, TEAM_PASSWORD } from './team-flows';
import { expect, test as base } from './fixtures';

/**
 * Chromium's Local Network Access check places a document by the address it was fetched from.
 * page.route answers without any address, so the console's page would count as public and its
 * calls to the API server on 127.0.0.1 would be refused, which the real console (a local app://
 * document) is not subject to. The check is switched off for this file's browser only.
 */
const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'],
      });
    },
    { scope: 'worker' },
  ],
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const onKeychain = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const MEMORY_NOTICE = 'Your sign-in will not be remembered after you close the console.';

// The console keeps its token under one keychain entry, and every worker shares the session's
// keychain: this file's tests take turns in one worker so that no two consoles use it at once.
test.describe.configure({ mode: 'default' });

test.beforeAll(() => {
  test.setTimeout(180_000);
  buildConsoleIfStale();
});

let console_: DesktopConsole | undefined;
test.afterEach(async () => {
  // Every test ends with the main process having refused nothing and the CSP blocking nothing.
  expect(console_?.refused ?? []).toEqual([]);
  expect(console_?.cspViolations ?? []).toEqual([]);
  await console_?.vault.clear();
  console_ = undefined;
});

async function open(
  page: Page,
  options: { keychain?: boolean; apiServerUrl?: string } = {},
): Promise<DesktopConsole> {
  console_ = await openDesktopConsole(page, { apiServerUrl: baseUrl(), ...options });
  await console_.vault.clear();
  await page.goto(CONSOLE_URL);
  return console_;
}

async function logIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/#\/login$/);
  // The address changes before the login form is on screen; a person types once it is.
  await expect(page.getByLabel(/^Password/)).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/dashboard/);
}

/** Every value the page keeps in web storage: the token must be in none of them. */
const webStorage = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
    ),
  );

test('signing in keeps the token in the OS keychain, not in localStorage; a reload keeps the session', async ({
  page,
}) => {
  const desktop = await open(page);
  await logIn(page);
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();

  const token = await desktop.vault.get();
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  if (onKeychain) {
    const keytar = await loadKeytar();
    expect(await keytar!.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)).toBe(token);
    expect(desktop.vault.storage()).toBe('keychain');
    await expect(page.getByText(MEMORY_NOTICE)).toHaveCount(0);
  } else {
    // No session bus here: the fail-closed vault, and the console says so.
    expect(desktop.vault.storage()).toBe('memory');
    await expect(page.getByText(MEMORY_NOTICE)).toBeVisible();
  }
  expect((await webStorage(page)).filter((entry) => entry.includes(token!))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();

  await page.reload();
  await expect(page).toHaveURL(/#\/dashboard/);
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);

  // Signing out deletes the keychain entry.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect.poll(() => desktop.vault.get()).toBeNull();
  if (onKeychain) {
    const keytar = await loadKeytar();
    expect(await keytar!.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)).toBeNull();
  }
});

test('a hiring manager signing in to the console lands on their work, and a job given them raises one notification naming it', async ({
  page,
}) => {
  const manager = await interviewerWithPassword('hiring-manager');
  const desktop = await open(page);
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByLabel(/^Password/)).toBeVisible();
  await page.getByLabel('Email').fill(manager.email);
  await page.getByLabel(/^Password/).fill(TEAM_PASSWORD);
  const firstLook = page.waitForResponse((response) => response.url().endsWith('/api/team/jobs'));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your jobs' })).toBeVisible();
  await firstLook;
  expect(desktop.notifications).toEqual([]);

  // An administrator gives them a job; the console looks again when its window regains focus.
  const job = await createJob();
  const given = await api('PUT', `/team-members/${manager.id}/jobs/${job.id}`, {
    token: await adminToken(),
    body: { mayDecide: false },
  });
  expect(given.status).toBe(200);
  const lookedAgain = page.waitForResponse((response) => response.url().endsWith('/api/team/jobs'));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await lookedAgain;
  await expect.poll(() => desktop.notifications.length).toBe(1);
  expect(desktop.notifications[0]!.content.body).toBe(
    `You are now hiring for ${job.jobTitle}. Click to open the console.`,
  );
  await expect(page.getByRole('heading', { level: 2, name: job.jobTitle })).toBeVisible();
});

test('with no keychain the console fails closed and tells the user', async ({ page }) => {
  const desktop = await open(page, { keychain: false });
  await expect(page.getByText(MEMORY_NOTICE)).toBeVisible();
  await logIn(page);
  expect(desktop.vault.storage()).toBe('memory');
  expect(await webStorage(page)).toEqual([]);
  // The main process outlives a renderer reload, and so does the in-memory session.
  await page.reload();
  await expect(page).toHaveURL(/#\/dashboard/);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(
    page.getByText('Your sign-in is kept in memory only until you close the console.'),
  ).toBeVisible();
  await expect(page.getByText(MEMORY_NOTICE)).toBeVisible();
});

test('a token the server refuses sends the user to the login screen, as on the web', async ({ page }) => {
  const desktop = await open(page);
  await logIn(page);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const forged = `${encode({ alg: 'HS256' })}.${encode({
    email: E2E_ADMIN.email,
    name: 'Forged',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })}.bad-signature`;
  // The stored token replaced by a bad one; on start the console asks the server who is an admin.
  await desktop.vault.set(forged);
  await page.reload();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect.poll(() => desktop.vault.get()).toBeNull();
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
});

test('the console has the same account screens: Forgot password?, a new password kept in the keychain, two-step verification at login', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // An administrator of its own on a server of its own: this test changes the password and
  // turns on a second factor, which the other tests' shared administrator must not have.
  const admin = { email: 'cora.console@example.com', name: 'Cora Console', password: 'cora-first-password' };
  const newPassword = 'kettle-harbour-sparrow-64';
  const server = await startServer({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_NAME: admin.name,
  });
  try {
    const desktop = await open(page, { apiServerUrl: server.url });
    await expect(page).toHaveURL(/#\/login$/);

    // Forgot password? on the console's login screen: the same form; the e-mailed link opens the website.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/#\/forgot-password$/);
    // The address changes before the new screen has replaced the login form, whose Email field
    // would otherwise take the typing: a person types once they see the new screen.
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.forgotPasswordSent })).toBeVisible();
    const outbox = path.join(server.dataDir, 'outbox');
    // The outbox writes each mail beside its final name first: only a *.eml is whole.
    const mails = () =>
      existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
    await expect.poll(() => mails().length, { timeout: 15_000 }).toBe(1);
    const mail = await PostalMime.parse(readFileSync(path.join(outbox, mails()[0]!)));
    expect(mail.to?.map((to) => to.address)).toEqual([admin.email]);
    expect(mail.text).toMatch(/\/reset-password\/[\w-]{43}/);
    await page.getByRole('link', { name: 'Back to login' }).click();

    // Change the password on the Account screen: the keychain gets the new token, the console stays signed in.
    // The reset form has an Email field too: type once the login form (its Password field) is there.
    await expect(page.getByLabel(/^Password/)).toBeVisible();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel(/^Password/).fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/#\/dashboard/);
    const oldToken = await desktop.vault.get();
    await page
      .getByRole('navigation', { name: 'Admin Panel' })
      .getByRole('link', { name: 'Account' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    const password = page.getByRole('region', { name: 'Change password' });
    await password.getByLabel('Current password').fill(admin.password);
    await password.getByLabel(/^New password/).fill(newPassword);
    await password.getByLabel('Confirm new password').fill(newPassword);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(messages.passwordChanged)).toBeVisible();
    await expect.poll(() => desktop.vault.get()).not.toBe(oldToken);
    const renewed = await desktop.vault.get();
    const stillIn = await fetch(`${server.url}/api/auth/account`, {
      headers: { authorization: `Bearer ${renewed}` },
    });
    expect(stillIn.status).toBe(200);
    expect(
      (await fetch(`${server.url}/api/auth/account`, { headers: { authorization: `Bearer ${oldToken}` } }))
        .status,
    ).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

    // Two-step verification, set up in the console: the QR code shows under the console's CSP.
    const card = page.getByRole('region', { name: 'Two-step verification' });
    await card.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await card.getByRole('button', { name: 'Set up two-step verification' }).click();
    await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = (await card.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())!.replace(/\s+/g, '');
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key) });
    await card.getByLabel('Enter the 6-digit code the app shows').fill(totp.generate());
    await card.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    // The console offers copying the codes; a download is the web's.
    await expect(card.getByRole('button', { name: 'Copy codes' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Download codes' })).toHaveCount(0);
    await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();

    // Log Out and in again: the code step, then the dashboard, with the token in the keychain.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect.poll(() => desktop.vault.get()).toBeNull();
    await expect(page.getByLabel(/^Password/)).toBeVisible();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
    expect(await desktop.vault.get()).toBeNull();
    await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/#\/dashboard/);
    const token = await desktop.vault.get();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await webStorage(page)).filter((entry) => entry.includes(token!))).toEqual([]);
  } finally {
    await server.stop();
  }
});

test('settings: the address is validated, the connection checked, and a new address reloads the console signed out', async ({
  page,
}) => {
  const desktop = await open(page);
  await logIn(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  const address = page.getByLabel(/Careers server address/);
  await expect(address).toHaveValue(baseUrl());

  await address.fill('careers server');
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(
    page.getByText('Enter the server address, for example https://careers.example.co.uk'),
  ).toBeVisible();

  // The token and applicants' data go only over https, or plain http to this computer, and never
  // to an address hiding its real host behind user info. Neither is checked, nor saved.
  for (const [refused, message] of [
    ['http://careers.example.co.uk', API_SERVER_URL_MESSAGES.plainHttp],
    ['https://careers.example.co.uk@evil.test', API_SERVER_URL_MESSAGES.userInfo],
  ] as const) {
    await address.fill(refused);
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect(page.getByText(message)).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page).toHaveURL(/#\/settings$/);
    expect((await desktop.settings.get()).apiServerUrl).toBe(baseUrl());
    expect(await desktop.vault.get()).not.toBeNull();
  }

  await address.fill(baseUrl());
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByText('Connected: the careers server answered.')).toBeVisible();

  const unused = 'http://127.0.0.1:9';
  await address.fill(unused);
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByText('Could not reach the server at that address.')).toBeVisible();

  // Saving reloads the page, which main now serves with a CSP for the new address.
  const reloaded = page.waitForResponse((response) => response.url().endsWith('/index.html'));
  await page.getByRole('button', { name: 'Save' }).click();
  const csp = (await reloaded).headers()['content-security-policy'];
  expect(csp).toContain(`connect-src 'self' ${unused}`);
  await expect(page.getByLabel(/Careers server address/)).toHaveValue(unused);
  expect(JSON.parse(readFileSync(path.join(desktop.userData, 'settings.json'), 'utf8'))).toEqual({
    apiServerUrl: unused,
  });
  // The old server's token is never sent to the new one.
  expect(await desktop.vault.get()).toBeNull();
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
});

test('the console keeps departments and shows and filters the jobs by their facts, as the dashboard does', async ({
  page,
}) => {
  const stamp = Date.now();
  const token = await adminToken();
  const department = await api<{ insertedId: string }>('POST', '/departments', {
    token,
    body: { name: `Console Pricing ${stamp}` },
  });
  expect(department.status).toBe(201);
  const job = await createJob({
    jobTitle: `Console Pricing Analyst ${stamp}`,
    location: '',
    hours: '',
    ctc: '',
    departmentId: department.body.insertedId,
    locations: ['Leeds'],
    workplaceType: 'hybrid',
    employmentTypes: ['full-time'],
    pay: { min: 41000, max: 45000, period: 'year' },
  });
  const other = await createJob({ jobTitle: `Console Other Role ${stamp}` });
  await open(page);
  await logIn(page);

  // The Departments screen from the console's drawer; Enter in the name adds one.
  await page.getByRole('link', { name: 'Departments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Departments' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete Console Pricing ${stamp}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'New department' }).fill(`Console Claims ${stamp}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Delete Console Claims ${stamp}` })).toBeVisible();

  // The administrators' newer screens are in the console's drawer too, each reached by keyboard,
  // showing its settings or list, axe clean.
  for (const [screen, shows] of [
    ['Response times', page.getByRole('button', { name: 'Save time limits' })],
    ['Talent pool', page.getByRole('combobox', { name: 'Department' })],
  ] as const) {
    await tabTo(page, page.getByRole('link', { name: screen }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
    await expect(shows).toBeVisible();
    await expectNoViolations(page, `the console's ${screen} screen`);
  }

  // The job table says the facts in words and filters by department, kept in the console's address.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const table = page.getByRole('table', { name: 'Job posts' });
  const row = table.getByRole('row', { name: new RegExp(`^${job.jobTitle}`) });
  await expect(row).toContainText(`Console Pricing ${stamp}`);
  await expect(row).toContainText('Hybrid · Leeds');
  await expect(row).toContainText('£41,000 – £45,000 a year');
  await expect(table.getByRole('row', { name: new RegExp(`^${other.jobTitle}`) })).toBeVisible();
  await page
    .getByRole('combobox', { name: 'Department' })
    .selectOption({ label: `Console Pricing ${stamp} (1)` });
  await expect(page).toHaveURL(/#\/dashboard(\/all)?\?department=console-pricing-/);
  await expect(row).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${other.jobTitle}`) })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Department' })).toHaveValue(/^console-pricing-/);
  await expect(table.getByRole('row', { name: new RegExp(`^${other.jobTitle}`) })).toHaveCount(0);
  await expect(row).toBeVisible();
});

test('an unknown dashboard address shows the 404 screen in the console, as on the web', async ({ page }) => {
  await open(page);
  await logIn(page);
  await page.goto(`${CONSOLE_URL}#/dashboard/no-such-screen`);
  await expect(
    page.getByText('Uh oh! Looks like you got lost. Go back to the homepage if you dare!'),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/dashboard\/no-such-screen$/);
  await page.getByRole('link', { name: /back to Home/i }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the careers website opens through a link main hands to the system browser', async ({ page }) => {
  await open(page);
  const link = page.getByRole('link', { name: 'Open the careers website' });
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(href).toBe(baseUrl());
  expect(isAllowedExternalUrl(href!, baseUrl())).toBe(true);
  // Public pages are not part of the console: their paths offer the website instead. The console
  // first settles on its login screen; a hash change before that would be overtaken by it.
  await expect(page).toHaveURL(/#\/login$/);
  await page.goto(`${CONSOLE_URL}#/register`);
  await expect(page.getByRole('heading', { name: 'This page is on the careers website' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open this page on the careers website' })).toHaveAttribute(
    'href',
    `${baseUrl()}/register`,
  );
});

test.describe('admin flow', () => {
  test('create a post, open an application and save its CV to disk', async ({ page }) => {
    // An application with a CV, sent the way a visitor's browser sends it, before the console
    // loads (and caches) the applications list.
    const cv = await validPdf('Priya Shah - Curriculum Vitae');
    const job = await createJob();
    const applicant = { name: `Priya Shah ${Date.now()}`, email: `priya.${Date.now()}@example.com` };
    const saved = await api<{ success: boolean; insertedId: string }>('POST', '/applications', {
      body: {
        name: applicant.name,
        email: applicant.email,
        phone: '07700 900123',
        number: '07700 900123',
        pdfFile: toDataUrl(cv),
        about: 'Five years in motor claims.',
        jobTitle: job.jobTitle,
        jobName: job.jobTitle,
        jobId: job.id,
      },
    });
    expect(saved.body.success).toBe(true);

    const desktop = await open(page);
    await logIn(page);
    await expect(page.getByRole('link', { name: /Create Post|Create New Post/ }).first()).toBeVisible({
      timeout: 15_000,
    });

    // Create a post through the shared form.
    const jobTitle = `Claims Handler ${Date.now()}`;
    await page
      .getByRole('link', { name: /Create Post|Create New Post/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Create New Job Post' })).toBeVisible();
    await page.getByLabel(/^Job Title/).fill(jobTitle);
    await page.getByLabel(/^Location/).fill('Northampton');
    await page.getByLabel(/^Work Hours/).fill('Full time, 37.5 hours');
    await page.getByLabel(/^CTC/).fill('£26,000 - £29,000');
    await page.getByLabel(/^Experience/).fill('1-2 years');
    await page
      .getByLabel(/^Description/)
      .fill('Handle motor insurance claims from first call to settlement.');
    await page
      .getByLabel(/Responsibilit/)
      .first()
      .fill('Take first notice of loss calls');
    await page
      .getByLabel(/Requirement/)
      .first()
      .fill('Clear spoken English');
    await page
      .getByRole('button', { name: /Create|Submit|Publish/ })
      .last()
      .click();
    await expect(page.getByText(messages.jobCreated)).toBeVisible();
    await expect(page).toHaveURL(/#\/dashboard\/all$/);
    await expect(page.getByRole('cell', { name: jobTitle, exact: true })).toBeVisible();

    await page.goto(`${CONSOLE_URL}#/dashboard/applications`);
    await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeVisible();
    // The list draws only the rows near the window: the admin finds the applicant by searching.
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(applicant.email);
    const row = page.getByRole('row').filter({ hasText: applicant.email });
    await row.getByRole('link', { name: `View application from ${applicant.name}` }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `#/dashboard/application/${saved.body.insertedId}\\?q=${encodeURIComponent(applicant.email)}$`,
      ),
    );
    await expect(page.getByText('Applicant Information')).toBeVisible();

    // Saved: the native Save dialog proposes {name}_resume.pdf and the bytes land where chosen.
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'console-e2e-chosen-')), 'cv.pdf');
    desktop.answerSaveDialog({ canceled: false, filePath: target });
    await page.getByRole('button', { name: 'Download CV' }).click();
    await expect(page.getByText(messages.downloadCompleteTitle)).toBeVisible();
    expect(path.basename(desktop.dialogCalls.at(-1)!.defaultPath)).toBe(`${applicant.name}_resume.pdf`);
    expect(sha256(readFileSync(target))).toBe(sha256(cv));
    await expect(page.getByText(messages.downloadCompleteTitle)).toHaveCount(0, { timeout: 15_000 });

    // Cancelled: nothing written, no toast.
    const cancelledTarget = path.join(path.dirname(target), 'not-written.pdf');
    desktop.answerSaveDialog({ canceled: true, filePath: cancelledTarget });
    const calls = desktop.dialogCalls.length;
    await page.getByRole('button', { name: 'Download CV' }).click();
    await expect.poll(() => desktop.dialogCalls.length).toBe(calls + 1);
    await page.waitForTimeout(1000);
    await expect(page.getByText(messages.downloadCompleteTitle)).toHaveCount(0);
    expect(existsSync(cancelledTarget)).toBe(false);
    expect(readdirSync(path.dirname(target))).toEqual(['cv.pdf']);
    expect(readdirSync(desktop.downloads)).toEqual([]);
  });
});

test('new applications raise one native notification per batch; a click opens the New applications', async ({
  page,
}) => {
  const desktop = await open(page);
  // The console's first look at the counts: what is there now never raises a notification.
  const firstCounts = page.waitForResponse((response) => response.url().endsWith('/api/applications/counts'));
  await logIn(page);
  await firstCounts;
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const job = await createJob();
  for (const who of ['Nadia New', 'Noel New']) {
    const saved = await api('POST', '/applications', {
      body: {
        name: `${who} ${Date.now()}`,
        email: `${who.split(' ')[0]!.toLowerCase()}.${Date.now()}@example.com`,
        phone: '07700 900456',
        pdfFile: toDataUrl(await validPdf(who)),
        about: 'Arrived while the console was open.',
        jobTitle: job.jobTitle,
        jobId: job.id,
      },
    });
    expect(saved.status).toBe(201);
  }
  expect(desktop.notifications).toEqual([]);

  // The console asks for the counts every 30 s and whenever its window regains focus.
  const focusAgain = async () => {
    const counted = page.waitForResponse((response) => response.url().endsWith('/api/applications/counts'));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await counted;
  };
  await focusAgain();
  await expect.poll(() => desktop.notifications.length).toBe(1);
  expect(desktop.notifications[0]!.content).toEqual({
    title: 'New applications',
    body: '2 new applications have arrived. Click to see the new applications.',
  });

  // Nothing new since: no second notification.
  await focusAgain();
  await page.waitForTimeout(500);
  expect(desktop.notifications).toHaveLength(1);

  // Clicking it (Electron reports the click to main) opens the list filtered to New.
  desktop.notifications[0]!.click();
  await expect(page).toHaveURL(/#\/dashboard\/applications\?stage=new$/);
  await expect(page.getByRole('combobox', { name: 'Stage' })).toHaveValue('new');
  await expect(page.getByRole('row', { name: /Nadia New/ })).toBeVisible();
});

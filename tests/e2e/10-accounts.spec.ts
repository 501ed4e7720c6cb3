import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import PostalMime from 'postal-mime';
import { messages } from '../../src/shared/messages';
import { api } from './e2e-env';
import { expectNoViolations } from './flows';
import { expect, test, type OwnServer } from './fixtures';

/**
 * Administrators' own accounts in the browser: a forgotten password reset through the e-mail the
 * server writes, a password change that signs the other devices out, sign out of all devices, and
 * two-step verification (enrolled from the account screen with a code computed from the key the
 * screen shows, then used at login, also with a recovery code, and enforced at login with
 * REQUIRE_ADMIN_2FA). Each new screen is checked with axe.
 *
 * These tests change an administrator's password, sessions and second factor, so each one runs
 * against a server of its own (the built server, started by the ownServer fixture), never the
 * worker's shared one, and none of them relies on what another left behind.
 */

// Each test here starts a server of its own and hashes passwords several times over (slow by
// design), beside up to three other browsers: twice the usual time, so a busy machine stays far
// from the limit.
test.describe.configure({ timeout: 120_000 });

const ADMIN = { email: 'ava.account@example.com', name: 'Ava Account', password: 'ava-first-password' };
const RESET_PASSWORD = 'harbour-lantern-quiet-58';
const CHANGED_PASSWORD = 'orchard-velvet-thimble-73';
const ENFORCED = {
  email: 'enzo.enforced@example.com',
  name: 'Enzo Enforced',
  password: 'enzo-first-password',
};

/** A server whose first administrator is Ava, with the password she starts with. */
const avasServer = (ownServer: (env: Record<string, string>) => Promise<OwnServer>) =>
  ownServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: ADMIN.name });

/** The code an authenticator app shows for the key at `timestamp`. */
const codeAt = (key: string, timestamp = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key) }).generate({
    timestamp,
  });

/** The e-mails the server wrote to its outbox folder for `to`, parsed, oldest first. */
async function mailsTo(server: OwnServer, to: string) {
  const folder = path.join(server.dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const parsed = await Promise.all(
    files.map((name) => PostalMime.parse(readFileSync(path.join(folder, name)))),
  );
  return parsed.filter((mail) => mail.to?.some((recipient) => recipient.address === to));
}

async function logIn(page: Page, server: OwnServer, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
}

/** Signed in: past the login screen (back where the login was heading), with a token stored. */
async function expectSignedIn(page: Page) {
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();
}

async function openAccount(page: Page, own: OwnServer) {
  await page.goto(`${own.url}/dashboard`);
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${ADMIN.name} (${ADMIN.email})`)).toBeVisible();
}

/** Another browser signed in as the administrator: a second device. */
async function secondDevice(browser: Browser, own: OwnServer, password: string) {
  const context = await browser.newContext();
  const device = await context.newPage();
  await logIn(device, own, ADMIN.email, password);
  await expect(device).toHaveURL(`${own.url}/dashboard`);
  await device.goto(`${own.url}/dashboard/applications`);
  await expect(device.getByRole('heading', { level: 1, name: 'Job Applications' })).toBeVisible();
  return { device, close: () => context.close() };
}

/**
 * The device's next call to the server is refused: it ends on the login screen, signed out. (The
 * Account screen's call is one no earlier screen of the device has cached.)
 */
async function expectSignedOut(device: Page, own: OwnServer) {
  await device
    .getByRole('navigation', { name: 'Admin Panel' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(device).toHaveURL(`${own.url}/login`);
  expect(await device.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
}

test('a forgotten password is reset through the e-mailed link, which works once', async ({
  page,
  ownServer,
}) => {
  const own = await avasServer(ownServer);
  await page.goto(`${own.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(`${own.url}/forgot-password`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectNoViolations(page, 'forgot password');

  // An address with no account gets the very same answer.
  await page.getByLabel('Email').fill('nobody.here@example.com');
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.forgotPasswordSent })).toBeVisible();

  await page.goto(`${own.url}/forgot-password`);
  await page.getByLabel('Email').fill(`  ${ADMIN.email.toUpperCase()} `);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.forgotPasswordSent })).toBeVisible();
  await expectNoViolations(page, 'forgot password, sent');

  await expect.poll(async () => (await mailsTo(own, ADMIN.email)).length, { timeout: 15_000 }).toBe(1);
  expect(await mailsTo(own, 'nobody.here@example.com')).toEqual([]);
  const [mail] = await mailsTo(own, ADMIN.email);
  const link = /https?:\/\/\S+\/reset-password\/([\w-]{43})/.exec(mail!.text ?? '');
  expect(link, mail!.text).not.toBeNull();
  const resetPath = `/reset-password/${link![1]}`;

  await page.goto(`${own.url}${resetPath}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectNoViolations(page, 'reset password');
  // An administrator's guessable password is refused with the reason.
  await page.getByLabel(/^New password/).fill('password1234');
  await page.getByLabel('Confirm new password').fill('password1234');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This password would be too easy to guess.' }),
  ).toBeVisible();

  await page.getByLabel(/^New password/).fill(RESET_PASSWORD);
  await page.getByLabel('Confirm new password').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page).toHaveURL(`${own.url}/login`);
  await expect(page.getByText(messages.passwordResetDone)).toBeVisible();

  // The login card waits with her address filled in. The old password is gone; the new one logs in.
  await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.invalidCredentials })).toBeVisible();
  await page.getByLabel(/^Password/).fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${own.url}/dashboard`);

  // The link is spent.
  await page.goto(`${own.url}${resetPath}`);
  await page.getByLabel(/^New password/).fill('another-harbour-lantern-99');
  await page.getByLabel('Confirm new password').fill('another-harbour-lantern-99');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.resetLinkInvalid })).toBeVisible();
});

test('changing the password keeps this device signed in and signs the other one out', async ({
  page,
  browser,
  ownServer,
}) => {
  const own = await avasServer(ownServer);
  // Set up through the API: Ava once reset her password by e-mail, so her activity has both kinds.
  expect(
    (await api('POST', '/auth/forgot-password', { server: own.url, body: { email: ADMIN.email } })).status,
  ).toBe(202);
  await expect.poll(async () => (await mailsTo(own, ADMIN.email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mailsTo(own, ADMIN.email);
  const token = /\/reset-password\/([\w-]{43})/.exec(mail!.text ?? '')![1];
  const reset = await api('POST', '/auth/reset-password', {
    server: own.url,
    body: { token, newPassword: RESET_PASSWORD },
  });
  expect(reset.status).toBe(200);

  const other = await secondDevice(browser, own, RESET_PASSWORD);
  await logIn(page, own, ADMIN.email, RESET_PASSWORD);
  await expect(page).toHaveURL(`${own.url}/dashboard`);
  await openAccount(page, own);
  await expectNoViolations(page, 'account');

  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill(RESET_PASSWORD);
  await form.getByLabel(/^New password/).fill('too-short');
  await form.getByLabel('Confirm new password').fill('too-short');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText(messages.adminPasswordTooShort)).toBeVisible();

  await form.getByLabel(/^New password/).fill('qwertyuiop123');
  await form.getByLabel('Confirm new password').fill('qwertyuiop123');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByRole('alert').filter({ hasText: 'This password would be too easy to guess.' }),
  ).toBeVisible();

  await form.getByLabel(/^New password/).fill(CHANGED_PASSWORD);
  await form.getByLabel('Confirm new password').fill(CHANGED_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(messages.passwordChanged)).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  // This device carries on, a reload included; the activity says what happened.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const activity = page.getByRole('list', { name: 'Recent activity, newest first' });
  await expect(activity.getByRole('listitem').first()).toContainText('Password changed');
  await expect(activity).toContainText('Password reset by e-mail');
  await expect(activity).toContainText('from 127.0.0.1');

  await expectSignedOut(other.device, own);
  await other.close();
});

test('"Sign out of all devices" asks first, then signs out every device, this one too', async ({
  page,
  browser,
  ownServer,
}) => {
  const own = await avasServer(ownServer);
  const other = await secondDevice(browser, own, ADMIN.password);
  await logIn(page, own, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`${own.url}/dashboard`);
  await openAccount(page, own);

  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await expect(page).toHaveURL(`${own.url}/login`);
  await expect(page.getByText(messages.signedOutEverywhere)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();

  await expectSignedOut(other.device, own);
  await other.close();
});

test('two-step verification is enrolled from the account screen with the key it shows, recovery codes saved', async ({
  page,
  ownServer,
}) => {
  const own = await avasServer(ownServer);
  await logIn(page, own, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`${own.url}/dashboard`);
  await openAccount(page, own);
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  // The current password first, so a session someone else holds cannot add a factor of its own.
  await card.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(card.getByText(messages.currentPasswordRequired)).toBeVisible();
  await card.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await card.getByRole('button', { name: 'Set up two-step verification' }).click();

  await expect(
    card.getByRole('img', { name: 'QR code to add this account to your authenticator app' }),
  ).toBeVisible();
  const key = (await card.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())!.replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoViolations(page, 'account, two-step set-up');

  // A code from long ago is refused; the app's current code turns it on.
  await card.getByLabel('Enter the 6-digit code the app shows').fill(codeAt(key, Date.now() - 10 * 60_000));
  await card.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(card.getByRole('alert').filter({ hasText: messages.twoFactorCodeWrong })).toBeVisible();
  await card.getByLabel('Enter the 6-digit code the app shows').fill(codeAt(key));
  await card.getByRole('button', { name: 'Turn on two-step verification' }).click();

  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await expectNoViolations(page, 'account, recovery codes');
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download codes' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('recovery-codes.txt');
  const saved = readFileSync((await file.path())!, 'utf8');
  for (const code of recoveryCodes) expect(saved).toContain(code);

  await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('You have 10 recovery codes left.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent activity, newest first' })).toContainText(
    'Two-step verification turned on',
  );
});

/**
 * Ava with two-step verification on, set up through the API as the account screen does it: her
 * authenticator's key and her recovery codes.
 */
async function enrolThroughApi(own: OwnServer): Promise<{ key: string; recoveryCodes: string[] }> {
  const login = await api<{ token: string }>('POST', '/login', {
    server: own.url,
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status).toBe(200);
  const signedIn = { server: own.url, token: login.body.token };
  // The current password goes with both calls, for a server that asks for it before a second
  // factor is added; one that does not leaves it aside.
  const setup = await api<{ secret: string }>('POST', '/auth/two-factor/setup', {
    ...signedIn,
    body: { password: ADMIN.password },
  });
  expect(setup.status).toBe(200);
  const enabled = await api<{ recoveryCodes: string[] }>('POST', '/auth/two-factor/enable', {
    ...signedIn,
    body: { code: codeAt(setup.body.secret), password: ADMIN.password },
  });
  expect(enabled.status).toBe(200);
  return { key: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

test('with two-step verification on, the password alone is not enough: login asks for the code', async ({
  page,
  ownServer,
}) => {
  const own = await avasServer(ownServer);
  const { key } = await enrolThroughApi(own);
  await logIn(page, own, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  await expectNoViolations(page, 'login, code step');
  // The next step's code: the current one was taken at enrolment (a code works once).
  await page.getByLabel('Authentication code').fill(codeAt(key, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);
});

test('a recovery code signs in instead of the phone, once', async ({ page, ownServer }) => {
  const own = await avasServer(ownServer);
  const { recoveryCodes } = await enrolThroughApi(own);
  await logIn(page, own, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expectNoViolations(page, 'login, recovery code');
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);
  await openAccount(page, own);
  await expect(page.getByText('You have 9 recovery codes left.')).toBeVisible();

  await logOut(page);
  await logIn(page, own, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.recoveryCodeWrong })).toBeVisible();
  await expect(page).toHaveURL(`${own.url}/login`);
});

test('with REQUIRE_ADMIN_2FA, an administrator without it sets it up at login before getting in', async ({
  page,
  ownServer,
}) => {
  const enforced = await ownServer({
    ADMIN_EMAIL: ENFORCED.email,
    ADMIN_PASSWORD: ENFORCED.password,
    ADMIN_NAME: ENFORCED.name,
    REQUIRE_ADMIN_2FA: 'true',
  });
  await page.goto(`${enforced.url}/dashboard`);
  await expect(page).toHaveURL(`${enforced.url}/login`);
  await page.getByLabel('Email').fill(ENFORCED.email);
  await page.getByLabel(/^Password/).fill(ENFORCED.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step verification' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  await expectNoViolations(page, 'login, enforced set-up');
  const key = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Enter the 6-digit code the app shows').fill(codeAt(key));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();

  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expectNoViolations(page, 'login, enforced set-up, recovery codes');
  await page.getByRole('button', { name: 'I have saved my recovery codes: continue' }).click();
  // Back where the login was heading, signed in.
  await expect(page).toHaveURL(`${enforced.url}/dashboard`);
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Account' }).click();
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText(/Everyone who logs in here must use two-step verification/)).toBeVisible();
});

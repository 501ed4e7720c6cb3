import { messages } from '../../src/shared/messages';
import { E2E_ADMIN } from './e2e-env';
import { expect, test } from './fixtures';

test('registering works, but a non-admin login shows the server refusal', async ({ page }) => {
  const email = `bob.${Date.now()}@example.com`;
  await page.goto('/register');
  await expect(page.getByText('Important Notice')).toBeVisible();
  await page.getByLabel('Name').fill('Bob Builder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('bob-secret');
  await page.getByLabel('Confirm Password').fill('bob-secret');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(messages.registered)).toBeVisible();
  await expect(page).toHaveURL('/login');

  // The address changes first; the register form stays until the login screen has arrived.
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(
    page.getByText('Administrators and the hiring team log in here.', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('bob-secret');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.notAdmin })).toBeVisible();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
});

test('a wrong password shows the server message; the admin then logs in and sees the staff menu', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel(/^Password/).fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(messages.invalidCredentials)).toBeVisible();

  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel(/^Password/)).toHaveAttribute('type', 'text');
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // An administrator who opened the login lands on their dashboard; the site's header shows the staff menu.
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Create Post' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
});

test('a stored token the server refuses signs the user out and sends them to /login', async ({ page }) => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const forged = `${encode({ alg: 'HS256' })}.${encode({
    email: E2E_ADMIN.email,
    name: 'Forged',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })}.bad-signature`;
  await page.goto('/about');
  await page.evaluate((token) => localStorage.setItem('access-token', token), forged);
  // The home page asks the server whether the user is an admin: the 401 ends the session.
  await page.goto('/');
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

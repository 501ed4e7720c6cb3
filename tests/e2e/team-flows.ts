import { expect, type Browser, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { adminToken, api, outboxMessages } from './e2e-env';

/** A server a test started itself (fixtures.ts, `ownServer`): the helpers below default to the worker's. */
export interface OtherServer {
  url: string;
  dataDir: string;
}

/** The password every invited team member of these tests chooses. */
export const TEAM_PASSWORD = 'harbour-lantern-quiet-58';

let counter = 0;
/** A person to invite, unique to this run. */
export const newPerson = (role: string): { name: string; email: string } => {
  counter += 1;
  const stamp = `${Date.now()}-${counter}`;
  return { name: `Team ${role} ${counter}`, email: `team.${role}.${stamp}@example.com` };
};

/** An application to `jobId` sent through the API, as the apply form sends one. */
export async function applyTo(
  jobId: string,
  name: string,
  email?: string,
  server?: OtherServer,
): Promise<string> {
  const saved = await api<{ insertedId: string }>('POST', '/applications', {
    server: server?.url,
    body: {
      name,
      email: email ?? `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`,
      phone: '07700 900123',
      about: 'I would love to join the team.',
      jobId,
      pdfFile: toDataUrl(await validPdf(name)),
    },
  });
  expect(saved.status).toBe(201);
  return saved.body.insertedId;
}

/** The decoded e-mails of the outbox sent to `email` whose subject matches, oldest first. */
export async function mailsTo(
  email: string,
  subject: RegExp,
  server?: OtherServer,
): Promise<Array<{ subject: string; text: string }>> {
  const parsed = await Promise.all(outboxMessages(server?.dataDir).map((raw) => PostalMime.parse(raw)));
  return parsed
    .filter(
      (mail) =>
        (mail.to ?? []).some((to) => 'address' in to && to.address === email) &&
        subject.test(mail.subject ?? ''),
    )
    .sort((a, b) => Date.parse(a.date ?? '') - Date.parse(b.date ?? ''))
    .map((mail) => ({ subject: mail.subject ?? '', text: mail.text ?? '' }));
}

/** The first match of `pattern` in the latest e-mail to `email` whose subject matches, once it is written. */
export async function fromMail(
  email: string,
  subject: RegExp,
  pattern: RegExp,
  server?: OtherServer,
): Promise<string> {
  const find = async () =>
    (await mailsTo(email, subject, server))
      .map((mail) => pattern.exec(mail.text)?.[0])
      .filter((found) => found !== undefined)
      .at(-1);
  await expect.poll(find, { timeout: 30_000 }).toBeDefined();
  return (await find())!;
}

/** The /welcome path of the invitation the server wrote to its outbox for `email`. */
export const welcomePath = (email: string, server?: OtherServer): Promise<string> =>
  fromMail(email, /hiring team/i, /\/welcome\/[\w-]{43}/, server);

/** The private link's path in the e-mail that offered `email` interview times. */
export const interviewLinkPath = (email: string, server?: OtherServer): Promise<string> =>
  fromMail(email, /^Choose a time for your interview/, /\/my-application\/[\w-]{43}/, server);

/**
 * An interviewer (or, with `role`, a hiring manager) on the hiring team with a password, set up
 * through the API as the invitation's link would: invited by the administrator, then the link's
 * token used to choose the password.
 */
export async function interviewerWithPassword(
  role: 'interviewer' | 'hiring-manager' = 'interviewer',
  server?: OtherServer,
): Promise<{ id: string; name: string; email: string }> {
  const person = newPerson(role);
  const invited = await api<{ insertedId: string }>('POST', '/team-members', {
    server: server?.url,
    token: await adminToken(server?.url),
    body: { ...person, role },
  });
  expect(invited.status).toBe(201);
  const token = (await welcomePath(person.email, server)).split('/').at(-1);
  const chosen = await api('POST', '/auth/reset-password', {
    server: server?.url,
    body: { token, newPassword: TEAM_PASSWORD },
  });
  expect(chosen.status).toBe(200);
  return { id: invited.body.insertedId, ...person };
}

/** In a browser of their own, a team member signs in through the login form. */
export async function signInAsTeamMember(
  browser: Browser,
  email: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(TEAM_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  return { page, close: () => context.close() };
}

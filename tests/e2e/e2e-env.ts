import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { decodeJwt } from 'jose';

export const E2E_ADMIN = {
  email: 'e2e-admin@example.com',
  password: 'e2e-admin-password',
  name: 'Eve Admin',
};
export const CAREERS_MAILBOX = 'careers@example.co.uk';
/** The e2e server's signing secret, so a test can mint a genuinely expiring token (5-admin.spec.ts). */
export const E2E_JWT_SECRET = 'e2e-only-signing-secret-0123456789abcdef';

/** Each worker has a server of its own (global-setup.ts), found by the worker's parallel index. */
export const serverIndex = (): string => process.env.TEST_PARALLEL_INDEX ?? '0';

export const baseUrl = (): string => {
  const url = process.env[`E2E_BASE_URL_${serverIndex()}`];
  if (!url) throw new Error('E2E_BASE_URL_<n> is not set: run through `npx playwright test`');
  return url;
};
export const dataDir = (): string => process.env[`E2E_DATA_DIR_${serverIndex()}`]!;

export async function api<T = any>(
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string; server?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${options.server ?? baseUrl()}/api${pathname}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * `count` applications to one job sent through the API at once, as that many applicants would send
 * them (each CV is checked on its own), from `name 0`, `name 1`... with addresses of their own;
 * each must be taken (201). Returns their answers in order.
 */
export async function applyManyThroughApi({
  jobId,
  name,
  count,
  cv,
  server,
}: {
  jobId: string;
  name: string;
  count: number;
  cv: string;
  server?: string;
}): Promise<{ insertedId: string; monitoringToken: string }[]> {
  const stamp = Date.now();
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const saved = await api<{ insertedId: string; monitoringToken: string }>('POST', '/applications', {
        ...(server ? { server } : {}),
        body: {
          name: `${name}${i}`,
          email: `${name.toLowerCase().replace(/\W+/g, '.')}.${stamp}.${i}@example.com`,
          phone: '07700 900222',
          about: 'Cover letter.',
          jobId,
          pdfFile: cv,
        },
      });
      expect(saved.status).toBe(201);
      return saved.body;
    }),
  );
}

const signedIn = new Map<string, { token: string; expiresAt: number }>();

/**
 * The token of the worker's administrator (or of `server`'s, for a server a test started). One
 * login serves a worker's tests while it has a few minutes left: each login costs the server a
 * password hash, and nothing signs that administrator out (the tests that change an
 * administrator's password or sessions do it on a server of their own, see fixtures.ts).
 */
export async function adminToken(server = baseUrl()): Promise<string> {
  const kept = signedIn.get(server);
  if (kept && kept.expiresAt - Date.now() > 5 * 60_000) return kept.token;
  const login = await api<{ token: string }>('POST', '/login', {
    server,
    body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status).toBe(200);
  const { exp } = decodeJwt(login.body.token);
  signedIn.set(server, { token: login.body.token, expiresAt: (exp ?? 0) * 1000 });
  return login.body.token;
}

let counter = 0;
/** A job posted through the API, on the worker's server or on `server`. */
export async function createJob(
  overrides: Record<string, unknown> = {},
  server = baseUrl(),
): Promise<{ id: string; jobTitle: string }> {
  counter += 1;
  const jobTitle = (overrides.jobTitle as string) ?? `Customer Service Advisor ${Date.now()}-${counter}`;
  const created = await api<{ insertedId: string }>('POST', '/post', {
    server,
    token: await adminToken(server),
    body: {
      jobTitle,
      location: 'Northampton',
      hours: 'Full time, 37.5 hours',
      ctc: '£24,000 - £27,000',
      experience: '1-2 years',
      description: 'Help customers compare insurance quotes over the phone.',
      responsibilities: ['Answer calls', 'Explain quotes'],
      requirements: ['Clear spoken English', 'A second language is a plus'],
      ...overrides,
    },
  });
  expect(created.status).toBe(201);
  return { id: created.body.insertedId, jobTitle };
}

/** Moves a job's closing date to yesterday (London), which closes it. */
export async function closeJob(id: string): Promise<void> {
  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() - 86_400_000),
  );
  const closed = await api('PUT', `/post/${id}`, {
    token: await adminToken(),
    body: { closingDate: yesterday },
  });
  expect(closed.status).toBe(200);
}

/** The raw text of every .eml in the outbox (of the worker's server, or of the one in `folder`). */
export function outboxMessages(folder = dataDir()): string[] {
  const outbox = path.join(folder, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'));
}

/**
 * The .eml files of the outbox folder about one application: those that mention the applicant's
 * address (their own e-mails) and, given its id, the careers mailbox's notice, which names no
 * applicant and links to the application instead (read with quoted-printable's soft line breaks
 * joined up).
 */
export function outboxMessagesAbout(email: string, applicationId?: string): string[] {
  return outboxMessages().filter(
    (mail) =>
      mail.includes(email) ||
      (applicationId !== undefined &&
        mail.replace(/=\r?\n/g, '').includes(`/dashboard/application/${applicationId}`)),
  );
}

/** Presses Tab until `target` has focus: proves it is reachable by keyboard. */
export async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 80): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target.toString()} with Tab`);
}

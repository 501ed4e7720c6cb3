import AxeBuilder from '@axe-core/playwright';
import { expect, type FileChooser, type Page } from '@playwright/test';
import { adminToken } from './e2e-env';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Resolves once every animation and transition on the page has run its course (endless ones, such
 * as a spinner, aside). axe measures contrast at the opacity it finds, so a dialog scanned while it
 * fades in fails for a reason no user sees.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState !== 'running' || timing?.iterations === Infinity;
    }),
  );
}

/**
 * An axe scan with the WCAG 2.2 AA rules, once the page has stopped moving.
 *
 * By default it covers what the screen itself draws: its main region and any dialog open over it
 * (dialogs live outside `main`). `scope: 'page'` scans the whole document, header, navigation and
 * footer included; each layout gets one such scan (4-accessibility.spec.ts and the admin screens'
 * scan in 5-admin.spec.ts), so every other scan need not check the same frame again.
 *
 * Fluent's focus manager (tabster) adds focus sentinels, <i data-tabster-dummy aria-hidden
 * tabindex=0>, around dialogs, drawers and arrow-key groups: they are focusable on purpose and only
 * pass focus on, and hidden from screen readers so nothing is announced (microsoft/tabster#288),
 * which axe's aria-hidden-focus rule cannot know. They are the one thing left out.
 */
export async function expectNoViolations(
  page: Page,
  screen: string,
  options: { scope?: 'page' | string } = {},
): Promise<void> {
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(TAGS).exclude('[data-tabster-dummy]');
  if (options.scope !== 'page') {
    const candidates = options.scope ? [options.scope] : SCREEN_REGIONS;
    const present: string[] = [];
    for (const selector of candidates) if ((await page.locator(selector).count()) > 0) present.push(selector);
    expect(present, `a region to scan on ${screen}`).not.toEqual([]);
    for (const selector of present) builder = builder.include(selector);
  }
  const results = await builder.analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.target).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

/** What a screen draws itself: its main region, and the dialogs and menus (portals) open over it. */
const SCREEN_REGIONS = ['main', '[role=dialog]', '[role=alertdialog]', '[role=menu]', '.swal2-container'];

/**
 * Waits until the app has taken over a prerendered page (the home page starts it on the first
 * interaction, src/web/main.tsx): the header's links then carry React's handlers.
 */
export async function waitForApp(page: Page): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' });
  await expect
    .poll(() =>
      link.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))),
    )
    .toBe(true);
}

/**
 * Signs in without the login form: the token the server issued, stored where the web app keeps it.
 * It is stored from the site's robots.txt, a page of the same origin that runs no app, so signing
 * in costs the browser no page of the app drawn for nothing.
 */
export async function signInAsAdmin(page: Page, token?: string): Promise<void> {
  const value = token ?? (await adminToken());
  await page.goto('/robots.txt');
  await page.evaluate((stored) => localStorage.setItem('access-token', stored), value);
}

/** A visitor fills in the apply form with a CV and submits it, ending on /success. */
export async function applyAsVisitor(
  page: Page,
  job: { id: string },
  applicant: Record<string, string>,
  cv: Buffer,
): Promise<void> {
  await page.goto(`/apply/${job.id}`);
  await page.getByLabel('Full Name').fill(applicant.name!);
  await page.getByLabel('Email').fill(applicant.email!);
  await page.getByLabel('Phone').fill(applicant.phone!);
  await page.getByLabel('Cover Letter').fill(applicant.about!);
  await page.locator('input[type=file]').setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: cv,
  });
  await expect(page.getByText('File ready for upload')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL('/success');
}

/**
 * Records every message the apply form's step line shows, in order, however briefly: a step
 * can pass in a few milliseconds on a fast link. Returns a reader of what was seen.
 */
export async function recordSteps(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stepsSeen: string[] }).stepsSeen = seen;
    const line = document.querySelector('[data-testid=apply-step]')!;
    new MutationObserver(() => {
      const text = line.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(line, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { stepsSeen: string[] }).stepsSeen);
}

/** Console errors and uncaught exceptions (a hydration mismatch is reported as one). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser's own request for /favicon.ico is not the app's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Collects the file choosers the page opens, from now on. Call it at the start of a test, well
 * before the press that opens one: Playwright asks the browser to hand it file choosers as the
 * first listener is added, without waiting for the browser to agree, so a press made on its heels
 * can reach a busy browser first, and the chooser then opens natively, unseen by the test.
 */
export function watchFileChoosers(page: Page): { next(): Promise<FileChooser> } {
  const opened: FileChooser[] = [];
  const waiting: Array<(chooser: FileChooser) => void> = [];
  page.on('filechooser', (chooser) => {
    const waiter = waiting.shift();
    if (waiter) waiter(chooser);
    else opened.push(chooser);
  });
  return {
    next: () => {
      const ready = opened.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** The app's own chunk, which the small entry of a server-drawn page fetches to take it over. */
export const APP_CHUNK = /\/assets\/start-app-[^/]*\.js$/;

/**
 * Holds the app's code back, as a slow connection would, until `release()`: what the server drew
 * is on screen and used meanwhile. `requested()` says whether the page has asked for it yet.
 */
export async function holdApp(page: Page): Promise<{ requested: () => boolean; release: () => void }> {
  let requested = false;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_CHUNK, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { requested: () => requested, release: () => release() };
}

import { type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { screens, type ScreenName } from '../../src/shared/site/screen-routes';
import { siteConfig } from '../../src/shared/site/site-config';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { api, createJob, outboxMessages, tabTo } from './e2e-env';
import { expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';

/**
 * What visitors notice beyond the flows: the job before the form on a phone, the site's icons (and
 * no page logging an error), the careers privacy notice in every footer, and no ARIA reference to
 * an element that is not there, on any screen.
 */

/** Every console error, the browser's own failed requests included, and uncaught exceptions. */
function allErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Sums the layout shifts the page has had since it started (PerformanceObserver, buffered). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // Buffered entries are delivered in the observer's first task; two frames later all are in.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

/** Waits until the app has hydrated the page (the header's links carry React's handlers). */
async function appRunning(page: Page): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' });
  await expect
    .poll(() =>
      link.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))),
    )
    .toBe(true);
}

test.describe('a job page on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('shows the job first, then the form, with "Apply now" moving focus to the form', async ({ page }) => {
    const job = await createJob({ description: 'Read me before you apply: we answer the phone.' });
    await page.goto(`/apply/${job.id}`);
    const main = page.getByRole('main');
    const description = main.getByText('Read me before you apply: we answer the phone.');
    const formHeading = main.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` });
    const applyNow = main.getByRole('link', { name: 'Apply now' });
    await expect(description).toBeVisible();
    await expect(applyNow).toBeInViewport();

    const [descriptionBox, headingBox, linkBox] = await Promise.all(
      [description, formHeading, applyNow].map((locator) => locator.boundingBox()),
    );
    expect(linkBox!.y).toBeLessThan(descriptionBox!.y);
    expect(descriptionBox!.y + descriptionBox!.height).toBeLessThan(headingBox!.y);
    // The job's facts come first too: the pay, above the form.
    const pay = (await main.getByText('CTC (Annual)').boundingBox())!;
    expect(pay.y).toBeLessThan(headingBox!.y);

    // Keyboard: the link is the page's first stop, and Enter takes focus to the form's heading.
    await tabTo(page, applyNow);
    await page.keyboard.press('Enter');
    await expect(formHeading).toBeFocused();
    await expect(formHeading).toBeInViewport();
    // The next Tab goes on into the form, not back to the top.
    await page.keyboard.press('Tab');
    await expect(main.getByLabel('Full Name')).toBeFocused();
  });

  test('is whole at first paint: nothing moves as the app takes it over', async ({ page }) => {
    const job = await createJob();
    await page.goto(`/apply/${job.id}`);
    await expect(page.getByRole('link', { name: 'Apply now' })).toBeVisible();
    // A tap on the page starts the app (src/web/main.tsx), which hydrates what the server drew.
    await page.getByRole('main').getByText('CTC (Annual)').tap();
    await appRunning(page);
    expect(await layoutShift(page)).toBe(0);
  });
});

test('on a wide screen the form stays beside the job, and "Apply now" waits for a keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const job = await createJob();
  await page.goto(`/apply/${job.id}`);
  const main = page.getByRole('main');
  const form = main.locator('form');
  const card = main.getByRole('article', { name: job.jobTitle });
  const [formBox, cardBox] = [(await form.boundingBox())!, (await card.boundingBox())!];
  expect(formBox.x + formBox.width).toBeLessThanOrEqual(cardBox.x);
  expect(Math.abs(formBox.y - cardBox.y)).toBeLessThan(4);

  const applyNow = main.getByRole('link', { name: 'Apply now' });
  // Clipped to nothing but its 1 px borders until it has focus.
  expect((await applyNow.boundingBox())!.width).toBeLessThan(4);
  await tabTo(page, applyNow);
  expect((await applyNow.boundingBox())!.width).toBeGreaterThan(40);
  await page.keyboard.press('Enter');
  await expect(main.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeFocused();
});

test('the site icons and the manifest answer, in the brand colour', async ({ page, request }) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/^image\//);

  await page.goto('/');
  const head = page.locator('head');
  await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute('content', siteConfig.colours.brand);
  const links = await head
    .locator('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLLinkElement).href));
  expect(links).toHaveLength(4);
  for (const href of links) {
    const answer = await request.get(href);
    expect(answer.status(), href).toBe(200);
    expect(answer.headers()['content-type'], href).toMatch(/^(image\/|application\/manifest\+json)/);
  }
  const manifest = (await (await request.get(links.at(-1)!)).json()) as { icons: { src: string }[] };
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});

/** The public pages a visitor can reach, each with what shows it has drawn. */
const publicPages: { path: () => Promise<string>; heading: RegExp | string }[] = [
  { path: async () => screens.home.path(), heading: /./ },
  { path: async () => screens.apply.path({ id: (await createJob()).id }), heading: /^Apply for / },
  { path: async () => screens.about.path(), heading: /./ },
  { path: async () => screens.contact.path(), heading: /./ },
  { path: async () => screens.privacy.path(), heading: 'Applicant Privacy Notice' },
  { path: async () => screens.login.path(), heading: 'Login' },
  { path: async () => screens.register.path(), heading: 'Create an Account' },
  { path: async () => screens.forgotPassword.path(), heading: /./ },
  { path: async () => screens.success.path(), heading: /./ },
  { path: async () => screens.error.path(), heading: /./ },
];

test('no public page logs a console error, and every footer links the careers privacy notice', async ({
  page,
}) => {
  const errors = allErrors(page);
  for (const { path, heading } of publicPages) {
    const address = await path();
    await page.goto(address);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      siteConfig.mainSite.privacyPolicy,
    );
    await expect(legal.getByRole('link', { name: 'Careers privacy notice' })).toHaveAttribute(
      'href',
      screens.privacy.path(),
    );
    // The app runs on every page (on the prerendered ones after a first interaction): its errors count too.
    await page.keyboard.press('Tab');
    await appRunning(page);
  }
  expect(errors).toEqual([]);
});

test('the footer link opens the careers privacy notice', async ({ page }) => {
  await page.goto(screens.about.path());
  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers privacy notice' }).click();
  await expect(page).toHaveURL(screens.privacy.path());
  await expect(page.getByRole('heading', { level: 1, name: 'Applicant Privacy Notice' })).toBeVisible();
});

/** Every aria-labelledby and aria-describedby on the page that names an id no element has. */
function danglingAriaReferences(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-labelledby], [aria-describedby]')].flatMap((element) =>
      ['aria-labelledby', 'aria-describedby'].flatMap((attribute) =>
        (element.getAttribute(attribute) ?? '')
          .split(/\s+/)
          .filter((id) => id !== '' && document.getElementById(id) === null)
          .map((id) => `${attribute}="${id}" on <${element.tagName.toLowerCase()} ${element.className}>`),
      ),
    ),
  );
}

/** An application sent through the API: its id, and the private link its confirmation e-mail carries. */
async function application(): Promise<{ id: string; link: string }> {
  const job = await createJob();
  const email = `aria.${Date.now()}@example.com`;
  const saved = await api<{ insertedId: string }>('POST', '/applications', {
    body: {
      name: 'Aria Reference',
      email,
      phone: '07700 900456',
      about: 'I would love this job.',
      jobId: job.id,
      pdfFile: toDataUrl(await validPdf('Aria Reference')),
    },
  });
  expect(saved.status).toBe(201);
  // The confirmation e-mail, decoded (its text is quoted-printable in the .eml file).
  const linkIn = async () => {
    const mails = await Promise.all(outboxMessages().map((raw) => PostalMime.parse(raw)));
    const sent = mails.filter((mail) =>
      (mail.to ?? []).some((to) => 'address' in to && to.address === email),
    );
    return sent.flatMap((mail) => [
      ...(mail.text ?? '').matchAll(/\/my-application\/[A-Za-z0-9_-]{43}/g),
    ])[0]?.[0];
  };
  await expect.poll(linkIn, { timeout: 30_000 }).toBeDefined();
  return { id: saved.body.insertedId, link: (await linkIn())! };
}

/**
 * An address for every screen of the website's route table: a row added there without one here
 * does not compile, so the walk below always covers every screen.
 */
type WebScreen = Exclude<ScreenName, 'settings'>;
const addresses: Record<WebScreen, () => Promise<string>> = {
  home: async () => screens.home.path(),
  login: async () => screens.login.path(),
  register: async () => screens.register.path(),
  forgotPassword: async () => screens.forgotPassword.path(),
  resetPassword: async () => screens.resetPassword.path({ token: 'a'.repeat(43) }),
  welcome: async () => screens.welcome.path({ token: 'a'.repeat(43) }),
  success: async () => screens.success.path(),
  equalityMonitoring: async () => screens.equalityMonitoring.path(),
  apply: async () => screens.apply.path({ id: (await createJob()).id }),
  about: async () => screens.about.path(),
  contact: async () => screens.contact.path(),
  privacy: async () => screens.privacy.path(),
  myApplication: async () => (await application()).link,
  jobAlertConfirm: async () => screens.jobAlertConfirm.path({ token: 'a'.repeat(43) }),
  jobAlertManage: async () => screens.jobAlertManage.path({ token: 'a'.repeat(43) }),
  error: async () => screens.error.path(),
  dashboard: async () => screens.dashboard.path(),
  dashboardAll: async () => screens.dashboardAll.path(),
  createJob: async () => screens.createJob.path(),
  editJob: async () => screens.editJob.path({ id: (await createJob()).id }),
  applications: async () => screens.applications.path(),
  application: async () => screens.application.path({ id: (await application()).id }),
  departments: async () => screens.departments.path(),
  replyTemplates: async () => screens.replyTemplates.path(),
  responseTimes: async () => screens.responseTimes.path(),
  account: async () => screens.account.path(),
  teamMembers: async () => screens.teamMembers.path(),
  equalityReport: async () => screens.equalityReport.path(),
  adjustments: async () => screens.adjustments.path(),
  talentPoolJoin: async () => screens.talentPoolJoin.path(),
  // A link that opens nothing: the page says so.
  myTalentPool: async () => screens.myTalentPool.path({ token: 'a'.repeat(43) }),
  keepMyDetails: async () => screens.keepMyDetails.path({ token: 'a'.repeat(43) }),
  talentPool: async () => screens.talentPool.path(),
  reports: async () => screens.reports.path(),
  trackingLinks: async () => screens.trackingLinks.path(),
  // Signed out, the team's screens lead to the login; 15-hiring-team checks them signed in.
  teamHome: async () => screens.teamHome.path(),
  teamJob: async () => screens.teamJob.path({ id: (await createJob()).id }),
  teamApplication: async () => screens.teamApplication.path({ id: (await application()).id }),
  teamAccount: async () => screens.teamAccount.path(),
};

/**
 * Every screen, in two walks (signed out, then as an administrator) rather than one test each: the
 * check is the same on each, and most of a test's time was its own set-up. Each screen's dangling
 * references are reported under its pattern, and every screen is checked even when one fails.
 */
const entries = Object.entries(addresses) as [WebScreen, () => Promise<string>][];
/**
 * The screens the walk scans with axe (WCAG 2.2 AA): the public screens as they first open (the
 * home page whole: the layout every public screen shares), and those whose own journeys do not scan
 * them (the response-time settings, and what a dead job-alert or talent-pool link shows).
 * 4-accessibility.spec.ts scans the states the walk does not reach.
 */
const scannedWhole = new Set<WebScreen>(['home']);
const scannedHere = new Set<WebScreen>([
  ...scannedWhole,
  'apply',
  'success',
  'login',
  'register',
  'about',
  'contact',
  'error',
  'privacy',
  'responseTimes',
  'jobAlertConfirm',
  'jobAlertManage',
  'myTalentPool',
  'keepMyDetails',
]);
for (const signedIn of [false, true]) {
  const walked = entries.filter(([name]) => Boolean(screens[name].admin) === signedIn);
  test(`${signedIn ? 'the administrators' : 'the signed-out'} screens (${walked.map(([name]) => screens[name].pattern).join(', ')}): every aria-labelledby and aria-describedby names an element that exists`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    if (signedIn) await signInAsAdmin(page);
    for (const [name, address] of walked) {
      const route = screens[name];
      await page.goto(await address());
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 }).first(), route.pattern).toBeVisible();
      // A screen that loads its data shows it in place of its loading state: wait for that.
      await expect(main.getByText(/^Loading/), route.pattern).toHaveCount(0);
      if (route.prerendered) {
        await page.keyboard.press('Tab');
        await appRunning(page);
      }
      expect.soft(await danglingAriaReferences(page), route.pattern).toEqual([]);
      if (scannedHere.has(name)) {
        // The Tab that started the app showed the skip link over the top bar: scan without it.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await expectNoViolations(page, route.pattern, scannedWhole.has(name) ? { scope: 'page' } : {});
      }
    }
  });
}

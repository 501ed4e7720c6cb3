import { type Page } from '@playwright/test';
import { siteConfig } from '../../src/shared/site/site-config';
import { collectErrors, expectNoViolations, waitForApp } from './flows';
import { expect, test } from './fixtures';

/**
 * About, Contact and the careers privacy notice are drawn by the server, like the home page: a
 * visitor without script reads them whole, under a title of their own, and with script the app
 * takes each over without drawing it again, showing a loading state, or moving the footer.
 */

const pages = [
  {
    path: '/about',
    heading: 'About Us',
    title: `About Us | ${siteConfig.brandName} Careers`,
    content: ['Our Identity', siteConfig.identity, 'Important Notice'],
  },
  {
    path: '/contact',
    heading: 'Contact Us',
    title: `Contact Us | ${siteConfig.brandName} Careers`,
    content: ['Get in Touch', siteConfig.careersEmail, 'We Speak Your Language'],
  },
  {
    path: '/privacy',
    heading: 'Applicant Privacy Notice',
    title: `Applicant Privacy Notice | ${siteConfig.brandName} Careers`,
    content: ['Lost your link?', siteConfig.legalName],
  },
];

interface Watched {
  shift: number;
  sawLoading: boolean;
  shifted: string[];
  since: number;
}

/**
 * Adds up every layout shift the page makes (as Lighthouse's CLS does, minus shifts right after
 * the visitor's own input) from the moment `watched(true)` is first called, and notes whether a
 * loading state ever showed. What shifted is kept for the failure message. Shifts while a
 * loaded machine paints the page in parts, before the app is involved, are the Lighthouse CLS row
 * of `npm run bench` (docs/testing.md), not this test's subject.
 */
async function watchPage(
  page: Page,
): Promise<(start?: boolean) => Promise<{ shift: number; sawLoading: boolean }>> {
  await page.addInitScript(() => {
    const watched = window as unknown as Watched;
    watched.shift = 0;
    watched.sawLoading = false;
    watched.shifted = [];
    watched.since = Infinity;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[])
        if (!entry.hadRecentInput && entry.startTime >= watched.since) {
          watched.shift += entry.value;
          for (const source of entry.sources ?? [])
            watched.shifted.push((source.node as Element | undefined)?.outerHTML?.slice(0, 160) ?? '?');
        }
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (/Loading/.test(document.getElementById('root')?.textContent ?? '')) watched.sawLoading = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return async (start = false) => {
    const seen = await page.evaluate((starting) => {
      const watched = window as unknown as Watched;
      if (starting) watched.since = performance.now();
      return { shift: watched.shift, sawLoading: watched.sawLoading, shifted: watched.shifted };
    }, start);
    if (seen.shifted.length > 0) console.info(`[layout shift] ${page.url()}: ${seen.shifted.join('\n')}`);
    return { shift: seen.shift, sawLoading: seen.sawLoading };
  };
}

for (const drawn of pages) {
  test(`with JavaScript off, ${drawn.path} shows its heading, its content and a title of its own`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.goto(drawn.path))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: drawn.heading })).toBeVisible();
    for (const text of drawn.content) await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.getByText('Loading')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText(siteConfig.phone);
    expect(await page.title()).toBe(drawn.title);
    await context.close();
  });

  test(`${drawn.path} is taken over by the app without a redraw, a loading state or a layout shift`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const watched = await watchPage(page);
    await page.goto(drawn.path);
    const heading = page.getByRole('heading', { level: 1, name: drawn.heading });
    await expect(heading).toBeVisible();
    await heading.evaluate((element) => element.setAttribute('data-drawn', 'server'));
    const footerTop = await page
      .getByRole('contentinfo')
      .evaluate((footer) => footer.getBoundingClientRect().top);
    await page.waitForLoadState('load');
    await watched(true);

    // The app starts on the visitor's first key, press or focus.
    await page.keyboard.press('Shift');
    await waitForApp(page);
    // Hydrated, not drawn again: the server's heading is still the one on screen, under its title.
    await expect(heading).toHaveAttribute('data-drawn', 'server');
    expect(await page.title()).toBe(drawn.title);
    expect(await page.getByRole('contentinfo').evaluate((footer) => footer.getBoundingClientRect().top)).toBe(
      footerTop,
    );
    expect(await watched()).toEqual({ shift: 0, sawLoading: false });
    expect(errors).toEqual([]);
  });
}

test('the privacy notice passes axe as the server drew it, and Send pressed before the app runs is sent once it does', async ({
  page,
}) => {
  const errors = collectErrors(page);
  // The app's scripts are held back, as on a slow link; the small entry runs.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    if (!new URL(route.request().url()).pathname.startsWith('/assets/index-')) await released;
    await route.continue();
  });
  await page.goto('/privacy', { waitUntil: 'domcontentloaded' });
  const heading = page.getByRole('heading', { level: 1, name: 'Applicant Privacy Notice' });
  await expect(heading).toBeVisible();
  await expectNoViolations(page, 'the privacy notice as the server drew it');

  const field = page.getByLabel('Your e-mail address');
  await field.fill('lost.link@example.com');
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  // The browser did not send the form itself: the address is in no page address.
  await expect(heading).toBeVisible();
  expect(page.url()).toMatch(/\/privacy$/);

  release();
  await expect(page.getByRole('status')).toContainText(/link/i);
  await expect(field).toHaveValue('lost.link@example.com');
  expect(page.url()).toMatch(/\/privacy$/);
  expect(errors).toEqual([]);
});

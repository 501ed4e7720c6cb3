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

/**
 * Adds up every layout shift the page makes from its first paint (as Lighthouse's CLS does, minus
 * shifts right after the visitor's own input), and notes whether a loading state ever showed.
 */
async function watchPage(page: Page): Promise<() => Promise<{ shift: number; sawLoading: boolean }>> {
  await page.addInitScript(() => {
    const watched = window as unknown as { shift: number; sawLoading: boolean };
    watched.shift = 0;
    watched.sawLoading = false;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) watched.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (/Loading/.test(document.getElementById('root')?.textContent ?? '')) watched.sawLoading = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () =>
    page.evaluate(() => {
      const watched = window as unknown as { shift: number; sawLoading: boolean };
      return { shift: watched.shift, sawLoading: watched.sawLoading };
    });
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

test('the privacy notice, drawn by the server, passes axe before the app runs, and its form works once it does', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Applicant Privacy Notice' })).toBeVisible();
  // Before the app: the form cannot be sent by the browser itself (it would put the address in the
  // page's query string).
  const send = page.getByRole('button', { name: 'Send me a new link' });
  await expect(send).toBeDisabled();
  await expectNoViolations(page, 'the privacy notice as the server drew it');

  await page.getByLabel('Your e-mail address').fill('lost.link@example.com');
  await waitForApp(page);
  await expect(send).toBeEnabled();
  await expect(page.getByLabel('Your e-mail address')).toHaveValue('lost.link@example.com');
  await send.click();
  await expect(page.getByRole('status')).toContainText(/link/i);
  expect(page.url()).not.toContain('lost.link');
  expect(errors).toEqual([]);
});

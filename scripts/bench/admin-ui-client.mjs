// The admin screens with thousands of applications stored, driven in Chromium through Playwright,
// run as its own process (pinned like the other load generators) so the browser and the product
// server do not share a core. Times are read inside the page, from performance.now() (counted from
// the navigation's start) and the events' own timestamps, so Playwright's round trips are not in
// them. Prints one JSON line.
//
// Usage: node admin-ui-client.mjs '<json: url, token, applications, executablePath, runs>'
// The functions handed to page.evaluate and waitForFunction run in the page, among its globals.
/* global window, document, Element */
import { chromium } from '@playwright/test';

const options = JSON.parse(process.argv[2]);
const LIST = `${options.url}/dashboard/applications`;

/**
 * Resolves with the page's performance.now() at the first animation frame where `stamp` (run in
 * the page) returns a time, that is when what it looks for is on screen.
 */
const paintedAt = (page, stamp) =>
  page
    .waitForFunction(stamp, undefined, { polling: 'raf', timeout: 60_000 })
    .then((handle) => handle.jsonValue());

/**
 * The page's own address and its calls to /api/applications and /api/admin so far: when each
 * began and ended, and its bytes.
 */
const applicationCalls = (page) =>
  page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .filter(
        (entry) =>
          entry.entryType === 'navigation' ||
          entry.name.includes('/api/applications') ||
          entry.name.includes('/api/admin'),
      )
      .map((entry) => ({
        path: new URL(entry.name).pathname + new URL(entry.name).search,
        startMs: Math.round(entry.startTime),
        responseEndMs: Math.round(entry.responseEnd),
        bytes: entry.transferSize,
      })),
  );

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function main() {
  const browser = await chromium.launch({
    executablePath: options.executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Signed in the way the web app keeps a session.
    await page.goto(`${options.url}/about`);
    await page.evaluate((token) => localStorage.setItem('access-token', token), options.token);

    // (a) The list: first rows painted after a navigation, and the DOM's size. The first visit
    // loads the screen's code into the browser's cache, as any admin's first visit does.
    const firstRows = [];
    const apiCalls = [];
    let domNodes = 0;
    let coldMs;
    for (let run = 0; run <= options.runs; run++) {
      await page.goto(LIST, { waitUntil: 'commit' });
      const at = await paintedAt(
        page,
        () => document.querySelector('tbody tr[data-index="0"]') && performance.now(),
      );
      if (run === 0) coldMs = at;
      else firstRows.push(at);
      // Where the time went: each applications call's answer, from the navigation's start.
      if (run > 0) apiCalls.push(await applicationCalls(page));
    }
    await page.waitForTimeout(1000);
    domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const drawnRows = await page.locator('tbody tr[data-index]').count();
    const totalText = await page.getByText(/^Total: /).textContent();

    // (b) Typing a 15-character search one key at a time, at a brisk typist's pace. Event Timing
    // reports every event slower than 16 ms (input delay, handlers and the next paint); the worst
    // interaction is the slowest of them. The answer is painted when the one matching row shows.
    const query = `seeded-${options.applications - 1}@example.com`.slice(0, 15);
    await page.evaluate(() => {
      window.__slowEvents = [];
      window.__lastKeyAt = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.__slowEvents.push({
            name: entry.name,
            duration: entry.duration,
            interactionId: entry.interactionId,
          });
      }).observe({ type: 'event', durationThreshold: 16 });
      document.addEventListener('keydown', (event) => (window.__lastKeyAt = event.timeStamp), true);
    });
    const search = page.getByRole('searchbox', { name: 'Search applications' });
    await search.click();
    for (const key of query) {
      await page.keyboard.type(key);
      await page.waitForTimeout(110);
    }
    const answeredAt = await paintedAt(
      page,
      () =>
        [...document.querySelectorAll('[role="status"]')].some((status) =>
          /^Total: 1 of /.test(status.textContent ?? ''),
        ) &&
        document.querySelectorAll('tbody tr[data-index]').length === 1 &&
        performance.now(),
    );
    await page.waitForTimeout(500);
    const typing = await page.evaluate(() => ({
      events: window.__slowEvents,
      lastKeyAt: window.__lastKeyAt,
    }));
    const interactions = typing.events.filter((entry) => entry.interactionId > 0);
    const worstInteractionMs = Math.max(0, ...interactions.map((entry) => entry.duration));
    const answerAfterLastKeyMs = answeredAt - typing.lastKeyAt;

    // (c) 1,000 applications (every tenth seeded one: their e-mails end in 0@example.com) selected
    // and moved to Rejected without e-mails, through the bar and its confirmation. Timed from the
    // click that confirms to the outcome on screen; from the bar's Reject button in the details.
    await page.goto(`${LIST}?q=${encodeURIComponent('0@example')}`, { waitUntil: 'commit' });
    await paintedAt(page, () => document.querySelector('tbody tr[data-index="0"]') && performance.now());
    const selected = Number((await page.getByText(/^Total: /).textContent()).match(/^Total: (\d+)/)[1]);
    await page.getByRole('checkbox', { name: /^Select all/ }).check();
    await page.evaluate(() => {
      window.__clicks = {};
      document.addEventListener(
        'click',
        (event) => {
          const text = event.target instanceof Element ? event.target.closest('button')?.textContent : '';
          if (text) window.__clicks[text.trim()] = event.timeStamp;
        },
        true,
      );
    });
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    // A move to Rejected names its reason (docs/behaviour.md#rejection-reasons).
    await page
      .getByRole('dialog')
      .getByRole('combobox', { name: /^Reason/ })
      .selectOption({ index: 1 });
    await page.getByRole('dialog').getByRole('button', { name: 'Reject without e-mail' }).click();
    const movedAt = await paintedAt(
      page,
      () =>
        [...document.querySelectorAll('[data-toast-variant]')].some((toast) =>
          /applications? moved to Rejected/.test(toast.textContent ?? ''),
        ) && performance.now(),
    );
    const clicks = await page.evaluate(() => window.__clicks);
    const bulk = {
      selected,
      confirmToDoneMs: movedAt - clicks['Reject without e-mail'],
      rejectButtonToDoneMs: movedAt - clicks.Reject,
    };

    // (d) The dashboard: the pipeline's counts per stage, shown after a navigation.
    const dashboard = [];
    const dashboardCalls = [];
    for (let run = 0; run <= options.runs; run++) {
      await page.goto(`${options.url}/dashboard`, { waitUntil: 'commit' });
      const at = await paintedAt(
        page,
        () =>
          document.querySelector('[data-testid="pipeline"] ul[aria-label="Open jobs"] li') &&
          performance.now(),
      );
      if (run > 0) dashboard.push(at);
      if (run > 0) dashboardCalls.push(await applicationCalls(page));
    }

    console.info(
      JSON.stringify({
        list: {
          firstRowsMs: median(firstRows),
          runs: firstRows,
          coldMs,
          domNodes,
          drawnRows,
          totalText,
          apiCalls,
        },
        typing: {
          query,
          worstInteractionMs,
          answerAfterLastKeyMs,
          slowEvents: typing.events.length,
          interactions: interactions.map((entry) => `${entry.name} ${entry.duration}`),
        },
        bulk,
        dashboard: { countsShownMs: median(dashboard), runs: dashboard, apiCalls: dashboardCalls },
      }),
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});

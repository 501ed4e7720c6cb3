import { screens } from '../../src/shared/site/screen-routes';
import { validPdf } from '../support/pdf-fixtures';
import { adminToken, api, createJob, tabTo } from './e2e-env';
import { collectErrors, expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';

/**
 * Where applications come from (docs/behaviour.md#sources): an administrator makes a tracking
 * link by keyboard, a visitor opens its address from another site, moves to a job and applies, and
 * the application's page names the link, the referring site and the answer; without JavaScript
 * the server-drawn links keep the marker up to the job's page, whose plain form sends it with the
 * application (docs/behaviour.md#applying-without-javascript).
 */

test('a tracking link made by keyboard brings an application that records it, with the referring site and the answer', async ({
  page,
  browser,
}) => {
  // Two people's whole journeys, with the app and then without it: more than the default minute
  // on a loaded machine (it came within a few seconds of it).
  test.setTimeout(120_000);
  const job = await createJob();
  const name = `Leeds fair ${Date.now()}`;

  await signInAsAdmin(page);
  await page.goto(screens.trackingLinks.path());
  await expect(page.getByRole('heading', { level: 1, name: 'Tracking links' })).toBeVisible();
  const kind = page.getByLabel('What it is for');
  await tabTo(page, kind);
  await kind.selectOption('event');
  await page.keyboard.press('Tab');
  await page.keyboard.type(name);
  await tabTo(page, page.getByRole('button', { name: 'Create link' }));
  await page.keyboard.press('Enter');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  const address = (await item.getByTestId('tracking-link-address').textContent())!;
  expect(address).toMatch(/\/\?src=leeds-fair-\d+$/);
  await item.getByRole('button', { name: `Show QR code of ${name}` }).click();
  await expect(item.getByRole('img', { name: `QR code for ${address}` })).toBeVisible();
  await expectNoViolations(page, 'the tracking links screen');

  // A visitor (signed out) follows the link from another site, searches to the job and applies.
  const visitor = await (await browser.newContext()).newPage();
  // The pages drawn with the marker and the app that takes them over agree (no hydration error).
  const errors = collectErrors(visitor);
  await visitor.goto(`${address}&q=${encodeURIComponent(job.jobTitle)}`, {
    referer: 'https://www.example.org/jobs/leeds?utm=private',
  });
  await visitor.getByRole('link', { name: `Apply Now for ${job.jobTitle}` }).click();
  // Followed before the app ran, the link also carries the outside site's host on.
  await expect(visitor).toHaveURL(
    new RegExp(`/apply/${job.id}\\?src=leeds-fair-\\d+(&ref=www\\.example\\.org)?$`),
  );
  const email = `source.${Date.now()}@example.com`;
  await visitor.getByLabel('Full Name').fill('Sol Source');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Phone').fill('07700 900123');
  await visitor.getByLabel('Cover Letter').fill('I heard at the fair.');
  await visitor.getByLabel('How did you hear about this job?').selectOption('event');
  await visitor.locator('input[type=file]').setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: await validPdf('Sol Source'),
  });
  await expect(visitor.getByText('File ready for upload')).toBeVisible();
  await visitor.getByRole('button', { name: 'Submit Application' }).click();
  await expect(visitor).toHaveURL(/\/success/);
  expect(errors).toEqual([]);
  await visitor.context().close();

  const list = await api<{ _id: string; email: string }[]>('GET', '/applications', {
    token: await adminToken(),
  });
  const applied = list.body.find((row) => row.email === email)!;
  await page.goto(screens.application.path({ id: applied._id }));
  const facts = page.getByRole('definition');
  await expect(page.getByRole('term').filter({ hasText: 'Source' })).toBeVisible();
  await expect(facts.filter({ hasText: name })).toBeVisible();
  await expect(facts.filter({ hasText: 'www.example.org' })).toHaveText('www.example.org');
  await expect(facts.filter({ hasText: 'A careers fair or event' })).toBeVisible();

  // Without JavaScript the server-drawn links keep the marker up to the job's page (its canonical
  // address stays the job's own), and its plain form sends it with the application.
  const code = new URL(address).searchParams.get('src')!;
  const plainContext = await browser.newContext({ javaScriptEnabled: false });
  const plain = await plainContext.newPage();
  await plain.goto(`/?q=${encodeURIComponent(job.jobTitle)}&src=${code}`);
  await plain.getByRole('link', { name: `Apply Now for ${job.jobTitle}` }).click();
  await expect(plain).toHaveURL(`/apply/${job.id}?src=${code}`);
  await expect(plain.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeVisible();
  await expect(plain.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/apply/${job.id}$`));
  await expect(
    plain.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }),
  ).toHaveAttribute('href', `/about?src=${code}`);
  const plainEmail = `plain.${Date.now()}@example.com`;
  await plain.getByLabel('Full Name').fill('Pat Plain');
  await plain.getByLabel('Email').fill(plainEmail);
  await plain.getByLabel('Phone').fill('07700 900124');
  await plain.getByLabel('Cover Letter').fill('I saw the poster and have no JavaScript.');
  // Playwright's text and role engines skip <noscript>, whose content this browser shows: CSS finds it.
  await plain.locator('input[type="file"][name="pdfFile"]').setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: await validPdf('Pat Plain'),
  });
  // What this browser shows, checked where axe can run: out of its <noscript>.
  const drawn = await plain.content();
  await page.setContent(drawn.replace(/<\/?noscript>/g, '').replace(/<script\b[\s\S]*?<\/script>/g, ''));
  await expectNoViolations(page, 'the job page without JavaScript', { scope: 'page' });
  await plain.getByRole('button', { name: 'Submit Application' }).click();
  await expect(plain.getByRole('heading', { level: 1, name: 'Application Submitted!' })).toBeVisible();
  await expect(plain.getByText('A confirmation e-mail is on its way')).toBeVisible();
  await plainContext.close();
  const all = await api<{ _id: string; email: string }[]>('GET', '/applications', {
    token: await adminToken(),
  });
  const plainId = all.body.find((row) => row.email === plainEmail)!._id;
  const recorded = await api<{ source: string }>('GET', `/applications/${plainId}`, {
    token: await adminToken(),
  });
  expect(recorded.body.source).toBe(code);
});

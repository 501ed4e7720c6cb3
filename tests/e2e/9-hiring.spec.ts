import { type Page } from '@playwright/test';
import { defaultReplyTemplates } from '../../src/shared/applications/reply-contract';
import { toDataUrl, validPdf } from '../support/pdf-fixtures';
import { adminToken, api, createJob, outboxMessagesAbout, tabTo } from './e2e-env';
import { expectNoViolations, signInAsAdmin } from './flows';
import { expect, test } from './fixtures';

/** Sends an application the way the specification's client does (JSON, CV as a data URL). */
async function applyTo(job: { id: string; jobTitle: string }, name: string, email: string): Promise<string> {
  const saved = await api<{ insertedId: string }>('POST', '/applications', {
    body: {
      name,
      email,
      phone: '01604 555123',
      number: '01604 555123',
      pdfFile: toDataUrl(await validPdf(`${name} CV`)),
      about: `${name} would like this job.`,
      jobTitle: job.jobTitle,
      jobName: job.jobTitle,
      jobId: job.id,
    },
  });
  expect(saved.status).toBe(201);
  return saved.body.insertedId;
}

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const listOf = (jobId: string, more = '') => `/dashboard/applications?job=${jobId}${more}`;

async function stageOf(id: string): Promise<string> {
  const rows = await api<{ _id: string; stage: string }[]>('GET', '/applications', {
    token: await adminToken(),
  });
  return rows.body.find((row) => row._id === id)!.stage;
}

/** The .eml files sent to an address whose subject starts so. */
const mailsTo = (email: string, subject: string) =>
  outboxMessagesAbout(email).filter(
    (mail) => mail.includes(`To: ${email}`) && mail.includes(`Subject: ${subject}`),
  );

test('a stage changes from its row and from the application screen; the rejection is previewed, then sent', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const job = await createJob({ jobTitle: `Stage Agent ${id}` });
  const rita = { name: `Rita Row ${id}`, email: `rita.${id}@example.com` };
  const dev = { name: `Dev Detail ${id}`, email: `dev.${id}@example.com` };
  const ritaId = await applyTo(job, rita.name, rita.email);
  const devId = await applyTo(job, dev.name, dev.email);
  await signInAsAdmin(page);
  await page.goto(listOf(job.id));
  await expect(page.getByText(/^Total: 2( of \d+)?$/)).toBeVisible();

  // From the row: a stage without a reply moves at once.
  await page.getByRole('button', { name: `Stage of ${rita.name}: New` }).click();
  await page.getByRole('menuitemradio', { name: 'Shortlisted' }).click();
  await expect(page.getByRole('button', { name: `Stage of ${rita.name}: Shortlisted` })).toBeVisible();
  await expect(page.getByText(`${rita.name} moved to Shortlisted.`)).toBeVisible();
  expect(await stageOf(ritaId)).toBe('shortlisted');

  // Rejected offers the e-mail, shown exactly as it would go.
  await page.getByRole('button', { name: `Stage of ${rita.name}: Shortlisted` }).click();
  await page.getByRole('menuitemradio', { name: 'Rejected' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Move ${rita.name} to Rejected?` })).toBeVisible();
  await expect(dialog).toContainText(rita.email);
  await expect(dialog).toContainText(`Your application for ${job.jobTitle}`);
  await expect(dialog.getByRole('region', { name: 'E-mail message' })).toContainText('Dear Rita,');
  await expectNoViolations(page, 'stage change dialog with the e-mail preview');
  // A rejection needs a reason: without one the dialog stays, says so, and puts the focus on it.
  await dialog.getByRole('button', { name: 'Change and send e-mail' }).click();
  await expect(dialog).toContainText('Choose a reason for the rejection');
  const reason = dialog.getByRole('combobox', { name: /^Reason/ });
  await expect(reason).toBeFocused();
  // By keyboard: the reason by its first letter, then the feedback, then the button.
  await page.keyboard.press('P');
  await expect(reason).toHaveValue(/.+/);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: /^Feedback for the applicant/ })).toBeFocused();
  await page.keyboard.type('Your interview answers were strong.');
  await expectNoViolations(page, 'rejection dialog with a reason and feedback');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Change and send e-mail' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${rita.name} moved to Rejected. 1 e-mail queued.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Stage of ${rita.name}: Rejected` })).toBeFocused();
  await expect.poll(() => mailsTo(rita.email, 'Your application for').length, { timeout: 20_000 }).toBe(1);
  expect(mailsTo(rita.email, 'Your application for')[0]).toContain('Dear Rita,');

  // From the application screen: its name opens it (New becomes Reviewed), Interview without the e-mail.
  await page.getByRole('link', { name: dev.name, exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/application/${devId}?job=${job.id}`);
  const stage = page.getByRole('button', { name: `Stage of ${dev.name}: Reviewed` });
  await expect(stage).toBeVisible();
  await expectNoViolations(page, 'application screen with the review bar');
  await stage.click();
  await page.getByRole('menuitemradio', { name: 'Interview' }).click();
  // Interview opens the offer of times on this screen; this move goes without any.
  await page.getByRole('button', { name: 'Move to Interview without offering times' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change without e-mail' }).click();
  await expect(page.getByRole('button', { name: `Stage of ${dev.name}: Interview` })).toBeVisible();
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText('Reviewed → Interview')).toBeVisible();
  await expect(activity.getByText('New → Reviewed')).toBeVisible();
  expect(await stageOf(devId)).toBe('interview');
  expect(mailsTo(dev.email, 'Interview invitation')).toEqual([]);

  // Back to the list: both rows show what happened.
  await page.getByRole('link', { name: 'Back to List' }).click();
  await expect(page).toHaveURL(listOf(job.id));
  await expect(page.getByRole('button', { name: `Stage of ${dev.name}: Interview` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Stage of ${rita.name}: Rejected` })).toBeVisible();
});

test('bulk reject: one confirmation with the e-mail preview, one call, each applicant e-mailed by name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const job = await createJob({ jobTitle: `Bulk Agent ${id}` });
  const people = ['Ann', 'Ben', 'Cat'].map((first) => ({
    first,
    name: `${first} Bulk ${id}`,
    email: `${first.toLowerCase()}.bulk.${id}@example.com`,
  }));
  for (const person of people) await applyTo(job, person.name, person.email);
  await signInAsAdmin(page);
  const bulkCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/applications/stage'))
      bulkCalls.push(request.postData() ?? '');
  });

  await page.goto(listOf(job.id));
  await expect(page.getByText(/^Total: 3( of \d+)?$/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all 3 shown applications' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reject 3 applications?' })).toBeVisible();
  // The preview is the newest applicant's, as each will get it with their own name.
  await expect(dialog).toContainText('addressed to them by name');
  await expect(dialog).toContainText(people[2]!.email);
  await expect(dialog.getByRole('region', { name: 'E-mail message' })).toContainText('Dear Cat,');
  await expectNoViolations(page, 'bulk reject dialog');
  await dialog.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: 'Position filled' });
  await dialog.getByRole('button', { name: 'Reject and send e-mails' }).click();
  await expect(page.getByText('3 applications moved to Rejected. 3 e-mails queued.')).toBeVisible();
  await expect(page.getByText('No applications selected')).toBeVisible();
  for (const person of people)
    await expect(page.getByRole('button', { name: `Stage of ${person.name}: Rejected` })).toBeVisible();

  expect(bulkCalls).toHaveLength(1);
  expect(JSON.parse(bulkCalls[0]!)).toMatchObject({
    stage: 'rejected',
    notify: true,
    reasonId: expect.any(String),
  });
  for (const person of people) {
    await expect
      .poll(() => mailsTo(person.email, 'Your application for').length, { timeout: 20_000 })
      .toBe(1);
    expect(mailsTo(person.email, 'Your application for')[0]).toContain(`Dear ${person.first},`);
  }

  // Moving them again, without e-mails: no second rejection goes to anyone.
  // Counted for these three only: e-mails of the worker's earlier tests may still be going out.
  const mailsToThem = () => people.flatMap((person) => outboxMessagesAbout(person.email)).length;
  const mailsBefore = mailsToThem();
  await page.getByRole('checkbox', { name: 'Select all 3 shown applications' }).check();
  await page.getByRole('button', { name: 'Move to stage…' }).click();
  await page.getByRole('menuitem', { name: 'Reviewed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to Reviewed' }).click();
  await expect(page.getByText('3 applications moved to Reviewed.')).toBeVisible();
  expect(bulkCalls).toHaveLength(2);
  expect(mailsToThem()).toBe(mailsBefore);
});

test('filters live in the address: a reload, an application and Back to List keep them; the dashboard links to them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const job = await createJob({ jobTitle: `Filter Agent ${id}` });
  const keep = `Fay Filter ${id}`;
  const keepId = await applyTo(job, keep, `fay.${id}@example.com`);
  await applyTo(job, `Gus Filter ${id}`, `gus.${id}@example.com`);
  await applyTo(job, `Fern Other ${id}`, `fern.${id}@example.com`);
  const token = await adminToken();
  const moved = await api('PUT', `/applications/${keepId}/stage`, { token, body: { stage: 'shortlisted' } });
  expect(moved.status).toBe(200);
  await signInAsAdmin(page);

  // The dashboard: the job's applicant count and its pipeline lead to the filtered list.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Pipeline' })).toBeVisible();
  await expectNoViolations(page, 'dashboard with the pipeline');
  const pipeline = page.getByTestId('pipeline');
  await expect(pipeline.getByRole('list', { name: `${job.jobTitle} by stage` })).toContainText('2 New');
  await pipeline
    .getByRole('link', { name: '1 Shortlisted' })
    .and(page.locator(`a[href*="${job.id}"]`))
    .click();
  await expect(page).toHaveURL(listOf(job.id, '&stage=shortlisted'));
  await expect(page.getByText(/^Total: 1 of \d+$/)).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('link', { name: `3 applications for ${job.jobTitle}` }).click();
  await expect(page).toHaveURL(listOf(job.id));

  // Stage and search are written into the address as they are chosen.
  await page.getByRole('combobox', { name: 'Stage' }).selectOption('new');
  await page.getByRole('searchbox', { name: 'Search applications' }).fill('GUS');
  await expect(page).toHaveURL(listOf(job.id, '&stage=new').replace('?', '?q=GUS&'));
  await expect(page.getByText(/^Total: 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Gus Filter ${id}`) })).toBeVisible();
  await expectNoViolations(page, 'applications list with filters');

  // A reload shows the same list.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search applications' })).toHaveValue('GUS');
  await expect(page.getByRole('combobox', { name: 'Stage' })).toHaveValue('new');
  await expect(page.getByRole('combobox', { name: 'Job' })).toHaveValue(job.id);
  await expect(page.getByText(/^Total: 1 of \d+$/)).toBeVisible();
  const filtered = page.url();

  // The application and back: the same list again.
  await page.getByRole('link', { name: `Gus Filter ${id}`, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/application\/[0-9a-f-]+\?q=GUS&job=/);
  await page.getByRole('link', { name: 'Back to List' }).click();
  await expect(page).toHaveURL(filtered);
  await expect(page.getByRole('searchbox', { name: 'Search applications' })).toHaveValue('GUS');
  // Gus was New, and opening him made him Reviewed: the New filter no longer shows him.
  await expect(page.getByRole('heading', { name: 'No matching applications' })).toBeVisible();
});

test('Previous and Next go through the filtered list, by buttons and by Alt+J / Alt+K', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  const job = await createJob({ jobTitle: `Review Agent ${id}` });
  // Sent oldest first; the list shows the newest first: Cal, Bea, Abe.
  const [abe, bea, cal] = [`Abe Review ${id}`, `Bea Review ${id}`, `Cal Review ${id}`];
  for (const name of [abe, bea, cal])
    await applyTo(job, name, `${name.split(' ')[0]!.toLowerCase()}.${id}@example.com`);
  await signInAsAdmin(page);
  await page.goto(listOf(job.id));
  await page.getByRole('link', { name: bea, exact: true }).click();
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  await expect(heading(bea)).toBeVisible();
  await expect(page.getByText('Application 2 of 3 in this list')).toBeVisible();
  const next = page.getByRole('button', { name: /^Next/ });
  const previous = page.getByRole('button', { name: /^Previous/ });
  await expect(next).toHaveAttribute('aria-keyshortcuts', 'Alt+J');
  await expect(previous).toHaveAttribute('aria-keyshortcuts', 'Alt+K');
  await expect(next).toContainText('Alt+J');

  await next.click();
  await expect(heading(abe)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?job=${job.id}$`));
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Alt+K');
  await expect(heading(bea)).toBeVisible();
  await page.keyboard.press('Alt+K');
  await expect(heading(cal)).toBeVisible();
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Alt+J');
  await expect(heading(bea)).toBeVisible();

  // While typing a note the keys are the note's.
  await page.getByLabel('Add a note').fill('Strong answers');
  await page.getByLabel('Add a note').press('Alt+J');
  await expect(heading(bea)).toBeVisible();
  await expect(page.getByText('Application 2 of 3 in this list')).toBeVisible();
});

test('the virtualised list is a real table that the keyboard walks row by row', async ({ page }) => {
  test.setTimeout(150_000);
  const id = stamp();
  const job = await createJob({ jobTitle: `Volume Agent ${id}` });
  // Enough rows that most of them are not drawn at once (a screenful and the overscan is about 20).
  const count = 45;
  const target = 30;
  const cv = toDataUrl(await validPdf('Volume CV'));
  const send = async (i: number) => {
    const saved = await api('POST', '/applications', {
      body: {
        name: `Vol ${String(i).padStart(3, '0')} ${id}`,
        email: `vol${i}.${id}@example.com`,
        phone: '01604 555123',
        pdfFile: cv,
        about: 'One of many.',
        jobTitle: job.jobTitle,
        jobId: job.id,
      },
    });
    expect(saved.status).toBe(201);
  };
  // Two at a time: the server checks at most two CVs at once from one address.
  for (let i = 0; i < count; i += 2) await Promise.all([i, i + 1].filter((n) => n < count).map(send));
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1400, height: 800 });
  await page.goto(listOf(job.id));
  const table = page.getByRole('table', { name: 'Job applications' });
  await expect(table).toHaveAttribute('aria-rowcount', String(count + 1));
  const drawn = () => page.locator('tbody tr[data-index]').count();
  expect(await drawn()).toBeLessThan(count);

  // Tab from the search box through the rows: each row's controls come into view in turn, and
  // focus is always on a control of the table until row `target` is reached.
  await tabTo(page, page.getByRole('searchbox', { name: 'Search applications' }));
  let row = 0;
  for (let presses = 0; presses < 600 && row < target; presses++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const active = document.activeElement;
      const inRow = active?.closest('tr[data-index]');
      return {
        tag: active?.tagName ?? 'none',
        row: inRow ? Number(inRow.getAttribute('aria-rowindex')) - 1 : -1,
        number: inRow?.querySelectorAll('td')[1]?.textContent ?? '',
      };
    });
    expect(focus.tag).not.toBe('BODY');
    if (focus.row >= 0) {
      expect(focus.row).toBeGreaterThanOrEqual(row);
      expect(focus.number).toBe(String(focus.row));
      row = focus.row;
    }
  }
  expect(row).toBe(target);
  await expect(page.locator(`tbody tr[aria-rowindex="${target + 1}"]`)).toBeInViewport();
  expect(await drawn()).toBeLessThan(count);

  // Scrolled far away with the mouse, the focused row stays drawn and Tab carries on from it.
  // Over the list (the drawer beside it scrolls on its own when its links overflow).
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width * 0.7, viewport.height / 2);
  await page.mouse.wheel(0, -100_000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(
    await page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('aria-rowindex')),
  ).toBe(String(target + 1));
  // Shift+Tab from the row's first control reaches the row before it, drawn beside it.
  await page.keyboard.press('Shift+Tab');
  expect(
    await page.evaluate(() => Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex'))),
  ).toBe(target);
  await expect(page.locator(`tbody tr[aria-rowindex="${target}"]`)).toBeInViewport();
});

test('leaving the job form with unsaved changes asks first: links, Back and reload', async ({ page }) => {
  await signInAsAdmin(page);
  const asked: string[] = [];
  let answer = false;
  page.on('dialog', (dialog) => {
    asked.push(`${dialog.type()}:${dialog.message()}`);
    void (answer ? dialog.accept() : dialog.dismiss());
  });

  // Untouched, the form lets the admin go without a word.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Create New Post' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Job Post' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Admin Panel' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page).toHaveURL('/dashboard');
  expect(asked).toEqual([]);

  // With a change: an in-app link asks, and Stay keeps the form and what was typed.
  await page.getByRole('link', { name: 'Create New Post' }).click();
  const title = page.getByLabel('Job Title');
  await title.fill('Half-written post');
  await page
    .getByRole('navigation', { name: 'Admin Panel' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/^confirm:This job post has changes that are not saved\./);
  await expect(page).toHaveURL('/dashboard/create');
  await expect(title).toHaveValue('Half-written post');

  // Back asks too. Staying means no load ever comes, so Playwright's wait for one is cut short.
  void page.goBack({ timeout: 5_000 }).catch(() => undefined);
  await expect.poll(() => asked.length).toBe(2);
  await expect(page).toHaveURL('/dashboard/create');
  await expect(title).toHaveValue('Half-written post');

  // A reload gets the browser's own question.
  void page.reload({ timeout: 5_000 }).catch(() => undefined);
  await expect.poll(() => asked.length).toBe(3);
  expect(asked[2]).toMatch(/^beforeunload:/);
  await expect(title).toHaveValue('Half-written post');

  // Leave: the link goes through.
  answer = true;
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/dashboard/all');
  expect(asked).toHaveLength(4);
});

test('reply templates: edited with a live preview, saved, used for the next reply, restored', async ({
  page,
}) => {
  // The worker's server keeps one set of templates: start from the default, whatever an earlier
  // try of this test left behind.
  const token = await adminToken();
  expect((await api('DELETE', '/reply-templates/interview', { token })).status).toBe(200);
  await signInAsAdmin(page, token);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Admin Panel' })
    .getByRole('link', { name: 'Reply templates' })
    .click();
  await expect(page).toHaveURL('/dashboard/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Reply templates' })).toBeVisible();
  const interview = page.getByRole('region', { name: 'Interview invitation' });
  await expect(interview.getByLabel('Subject')).toHaveValue(defaultReplyTemplates.interview.subject);
  await expectNoViolations(page, 'reply templates');

  // A placeholder the server does not know: its message on the field.
  const subject = interview.getByLabel('Subject');
  await subject.fill('Interview about {salary}');
  await interview.getByRole('button', { name: 'Save' }).click();
  await expect(interview.getByText(/Unknown placeholder \{salary\}/)).toBeVisible();
  await expectNoViolations(page, 'reply templates with a message on a field');

  await subject.fill('Come and meet {companyName}, {firstName}');
  await expect(interview.getByRole('region', { name: 'Preview' })).toContainText(
    'Come and meet QuoteSearch Example Ltd, Alex',
  );
  await interview.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The interview invitation template is saved.')).toBeVisible();
  await page.reload();
  await expect(interview.getByLabel('Subject')).toHaveValue('Come and meet {companyName}, {firstName}');
  await expect(interview).toContainText('Your own wording');

  // The next interview invitation offers the new wording.
  const id = stamp();
  const job = await createJob({ jobTitle: `Template Agent ${id}` });
  const name = `Tia Template ${id}`;
  await applyTo(job, name, `tia.${id}@example.com`);
  await page.goto(listOf(job.id));
  await page.getByRole('button', { name: `Stage of ${name}: New` }).click();
  await page.getByRole('menuitemradio', { name: 'Interview' }).click();
  await expect(page.getByRole('dialog')).toContainText(/Come and meet .+, Tia/);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: `Stage of ${name}: New` })).toBeFocused();

  // Restore default, after a confirmation.
  await page.goto('/dashboard/templates');
  await interview.getByRole('button', { name: 'Restore default' }).click();
  const confirm = page.getByRole('dialog');
  await expect(
    confirm.getByRole('heading', { name: 'Restore the default interview invitation?' }),
  ).toBeVisible();
  await expectNoViolations(page, 'restore default confirmation');
  await confirm.getByRole('button', { name: 'Restore default' }).click();
  await expect(page.getByText('The interview invitation template is back to the default.')).toBeVisible();
  await expect(interview.getByLabel('Subject')).toHaveValue(defaultReplyTemplates.interview.subject);
  await expect(interview).toContainText("The product's default wording");
});

test('the drawer counts the New applications', async ({ page }: { page: Page }) => {
  const id = stamp();
  await applyTo(
    await createJob({ jobTitle: `Count Agent ${id}` }),
    `Nia Count ${id}`,
    `nia.${id}@example.com`,
  );
  const token = await adminToken();
  const counts = await api<{ byStage: { new: number } }>('GET', '/applications/counts', { token });
  await signInAsAdmin(page, token);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Admin Panel' });
  await expect(
    nav.getByRole('link', { name: new RegExp(`^Applications\\s*,\\s*${counts.body.byStage.new} new$`) }),
  ).toBeVisible();
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationSummary } from '../../../../src/shared/applications/application-contract';
import type { ApplicationCounts } from '../../../../src/shared/applications/stage-contract';
import { defaultReplyTemplates } from '../../../../src/shared/applications/reply-contract';
import { messages } from '../../../../src/shared/messages';
import { ApplicationDetailPage } from '../../../../src/renderer/app/pages/application-detail-page';
import { ReplyTemplatesPage } from '../../../../src/renderer/features/reply-templates/reply-templates-page';
import { NewApplicationsNotifier } from '../../../../src/renderer/app/new-applications';
import { COUNTS_POLLING_MS } from '../../../../src/renderer/entities/application-admin-api';
import {
  adminStore,
  applicationDetail,
  applicationRow,
  stubApi,
  stubMatchMedia,
} from '../../support/hiring-fixtures';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../../support/test-utils';

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});

const settled = { timeout: 10_000 };
const location = () => screen.getByTestId('location');
const currentPath = () => `${location().textContent}${location().getAttribute('data-search')}`;

describe('the review loop on the application screen', () => {
  beforeEach(stubMatchMedia);

  // Newest first, as the server lists them; the third one is already past New.
  const rows: ApplicationSummary[] = [
    applicationRow({ name: 'First New' }),
    applicationRow({ name: 'Second New' }),
    applicationRow({ name: 'Already Shortlisted', stage: 'shortlisted' }),
    applicationRow({ name: 'Third New' }),
  ];
  const [first, second, , third] = rows as [
    ApplicationSummary,
    ApplicationSummary,
    ApplicationSummary,
    ApplicationSummary,
  ];

  async function openDetail(row: ApplicationSummary, search: string) {
    const store = await adminStore();
    const calls = stubApi((call) => {
      if (call.path === '/applications') return jsonResponse(200, rows);
      if (call.path.endsWith('/notes') || call.path.endsWith('/audit')) return jsonResponse(200, []);
      if (call.method === 'DELETE') return jsonResponse(200, { acknowledged: true, deletedCount: 1 });
      const detail = call.path.match(/^\/applications\/([^/?]+)$/);
      const found = detail && rows.find((entry) => entry._id === detail[1]);
      // Opening a New application makes it Reviewed, as the server does.
      if (found)
        return jsonResponse(
          200,
          applicationDetail({ ...found, stage: found.stage === 'new' ? 'reviewed' : found.stage }),
        );
      return undefined;
    });
    renderScreen(<ApplicationDetailPage />, {
      store,
      route: `/dashboard/application/${row._id}${search}`,
      path: '/dashboard/application/:id',
    });
    await screen.findByRole('heading', { level: 1, name: row.name });
    return calls;
  }

  it('steps through the filtered list by button and by Alt+J / Alt+K, keeping the ones it visited', async () => {
    const user = userEvent.setup();
    await openDetail(second, '?stage=new');
    expect(await screen.findByText('Application 2 of 3 in this list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Next/ })).toHaveAttribute('aria-keyshortcuts', 'Alt+J');
    expect(screen.getByRole('button', { name: /^Previous/ })).toHaveAttribute('aria-keyshortcuts', 'Alt+K');
    expect(screen.getByRole('link', { name: 'Back to List' })).toHaveAttribute(
      'href',
      '/dashboard/applications?stage=new',
    );

    // Next skips the Shortlisted one: it is not in this list.
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await screen.findByRole('heading', { level: 1, name: third.name }, settled);
    expect(currentPath()).toBe(`/dashboard/application/${third._id}?stage=new`);

    // Second New is Reviewed now, but the loop still goes back through it.
    await user.keyboard('{Alt>}k{/Alt}');
    await screen.findByRole('heading', { level: 1, name: second.name }, settled);
    await user.keyboard('{Alt>}k{/Alt}');
    await screen.findByRole('heading', { level: 1, name: first.name }, settled);
    expect(screen.getByRole('button', { name: /^Previous/ })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Alt>}j{/Alt}');
    await screen.findByRole('heading', { level: 1, name: second.name }, settled);
  });

  it('ignores the keys while the admin types in a field', async () => {
    const user = userEvent.setup();
    await openDetail(second, '?stage=new');
    await screen.findByText('Application 2 of 3 in this list');
    await user.click(screen.getByLabelText('Add a note'));
    await user.keyboard('{Alt>}j{/Alt}');
    expect(currentPath()).toBe(`/dashboard/application/${second._id}?stage=new`);
    expect(screen.getByRole('heading', { level: 1, name: second.name })).toBeInTheDocument();
  });

  it('deletes with the specified confirmation and goes back to the filtered list', async () => {
    const user = userEvent.setup();
    const calls = await openDetail(first, '?stage=new&q=new');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(messages.confirmTitle);
    expect(confirm).toHaveTextContent(messages.confirmText);
    await user.click(within(confirm).getByRole('button', { name: messages.confirmDeleteButton }));
    const done = await screen.findByText(messages.applicationDeleted, {}, settled);
    await user.click(
      within(done.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/dashboard/applications?q=new&stage=new'), settled);
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `/applications/${first._id}`)).toBe(
      true,
    );
  });
});

describe('new applications in the console', () => {
  const answers: ApplicationCounts[] = [];
  const counts = (total: number, latest: string): ApplicationCounts => ({
    total,
    byStage: {
      new: total,
      reviewed: 0,
      shortlisted: 0,
      interview: 0,
      offer: 0,
      hired: 0,
      rejected: 0,
      withdrawn: 0,
    },
    latestCreatedAt: latest,
    jobs: [],
    interviews: [],
  });

  it('raises one notification per batch, none for what was there at the start, and a click opens the New ones', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    answers.push(
      counts(5, '2025-03-04T10:00:00.000Z'),
      counts(8, '2025-03-04T10:05:00.000Z'),
      counts(8, '2025-03-04T10:05:00.000Z'),
      counts(9, '2025-03-04T10:07:00.000Z'),
    );
    let served = 0;
    stubApi((call) => {
      if (call.path.startsWith('/admin/')) return jsonResponse(200, { admin: true });
      if (call.path === '/applications/counts')
        return jsonResponse(200, answers[Math.min(served++, answers.length - 1)]);
      return undefined;
    });
    const notify = vi.fn(async () => undefined);
    let open: (() => void) | undefined;
    const { platform } = memoryPlatform(
      fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) }),
    );
    platform.notifyNewApplications = notify;
    platform.onOpenNewApplications = (listener) => {
      open = listener;
      return () => (open = undefined);
    };
    const store = await adminStore(platform);
    renderScreen(<NewApplicationsNotifier />, { store, route: '/settings' });

    const poll = async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(COUNTS_POLLING_MS);
      });
    };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(served).toBe(1);
    expect(notify).not.toHaveBeenCalled();

    await poll();
    expect(served).toBe(2);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenLastCalledWith(3);

    await poll();
    expect(served).toBe(3);
    expect(notify).toHaveBeenCalledTimes(1);

    await poll();
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenLastCalledWith(1);

    act(() => open!());
    expect(currentPath()).toBe('/dashboard/applications?stage=new');
  });
});

describe('the reply templates screen', () => {
  beforeEach(stubMatchMedia);

  it('previews with sample values as the admin types, shows the server’s message on its field, saves and restores', async () => {
    const user = userEvent.setup();
    const stored = {
      rejection: {
        kind: 'rejection',
        ...defaultReplyTemplates.rejection,
        custom: true,
        updatedAt: '2025-03-04T10:00:00.000Z',
        updatedBy: 'ada@example.com',
      },
      interview: {
        kind: 'interview',
        ...defaultReplyTemplates.interview,
        custom: false,
        updatedAt: null,
        updatedBy: null,
      },
    };
    const calls = stubApi((call) => {
      if (call.path === '/reply-templates') return jsonResponse(200, [stored.rejection, stored.interview]);
      if (call.method === 'PUT') {
        const body = call.body as { subject: string };
        if (body.subject.includes('{salary}'))
          return jsonResponse(400, {
            message: 'Unknown placeholder {salary}.',
            errors: [{ path: 'subject', message: 'Unknown placeholder {salary}.' }],
          });
        return jsonResponse(200, { ...stored.interview, ...(call.body as object), custom: true });
      }
      if (call.method === 'DELETE') return jsonResponse(200, { ...stored.rejection, custom: false });
      return undefined;
    });
    const store = await adminStore();
    renderScreen(<ReplyTemplatesPage />, { store, route: '/dashboard/templates' });

    const interview = (await screen.findByRole('heading', { name: 'Interview invitation' })).closest(
      'section',
    )!;
    expect(within(interview).getByText(/The product's default wording/)).toBeInTheDocument();
    for (const placeholder of ['{firstName}', '{fullName}', '{jobTitle}', '{companyName}', '{careersUrl}'])
      expect(screen.getByText(placeholder)).toBeInTheDocument();

    const subject = within(interview).getByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Come and meet us, {{firstName}');
    const preview = within(interview).getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Come and meet us, Alex');

    await user.type(subject, ' about {{salary}');
    await user.click(within(interview).getByRole('button', { name: 'Save' }));
    expect(await within(interview).findByText('Unknown placeholder {salary}.')).toBeInTheDocument();

    await user.clear(subject);
    await user.type(subject, 'Come and meet us, {{firstName}');
    await user.click(within(interview).getByRole('button', { name: 'Save' }));
    await screen.findByText('The interview invitation template is saved.', {}, settled);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)).toMatchObject({
      path: '/reply-templates/interview',
      body: { subject: 'Come and meet us, {firstName}', body: defaultReplyTemplates.interview.body },
    });

    // Restoring asks first; the interview template has nothing to restore.
    expect(within(interview).getByRole('button', { name: 'Restore default' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const rejection = screen.getByRole('heading', { name: 'Rejection' }).closest('section')!;
    expect(within(rejection).getByText(/saved 4 March 2025, 10:00/)).toBeInTheDocument();
    await user.click(within(rejection).getByRole('button', { name: 'Restore default' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Restore the default rejection?');
    await user.click(within(confirm).getByRole('button', { name: 'Restore default' }));
    await screen.findByText('The rejection template is back to the default.', {}, settled);
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/reply-templates/rejection')).toBe(
      true,
    );
  });
});

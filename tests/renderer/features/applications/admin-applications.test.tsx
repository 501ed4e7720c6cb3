import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationSummary } from '../../../../src/shared/applications/application-contract';
import { TOAST_DURATION_MS } from '../../../../src/shared/limits';
import { messages } from '../../../../src/shared/messages';
import { createAppStore } from '../../../../src/renderer/store/store';
import { restoreSession } from '../../../../src/renderer/store/session-slice';
import { applicationsTotalText } from '../../../../src/renderer/features/applications/application-search';
import {
  indexApplications,
  viewApplications,
} from '../../../../src/renderer/features/applications/application-filters';
import { ApplicationDetailPage } from '../../../../src/renderer/app/pages/application-detail-page';
import { ApplicationsListPage } from '../../../../src/renderer/features/applications/applications-list-page';
import { CvPreviewDialog } from '../../../../src/renderer/features/applications/cv-preview-dialog';
import { useSaveCv } from '../../../../src/renderer/features/applications/use-cv-actions';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../../support/test-utils';

const row = (overrides: Partial<ApplicationSummary>): ApplicationSummary => ({
  _id: crypto.randomUUID(),
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '01604 123456',
  number: '01604 123456',
  jobId: null,
  jobTitle: 'Customer Service Advisor',
  jobName: 'Customer Service Advisor',
  applyDate: '2025-03-04T10:00:00.000Z',
  createdAt: '2025-03-04T10:00:00.000Z',
  hasResume: true,
  pdfFileSize: 2048,
  fileSize: 2048,
  duplicateOf: null,
  stage: 'new',
  stageChangedAt: '2025-03-04T10:00:00.000Z',
  ...overrides,
});

const rows = [
  row({ name: 'Jane Doe', email: 'jane@example.com' }),
  row({
    name: 'Omar Khan',
    email: 'omar@khan.example',
    jobTitle: 'Claims Handler',
    jobName: 'Claims Handler',
  }),
  row({
    name: 'Li Wei',
    email: 'li@example.org',
    jobTitle: '',
    jobName: 'Night Shift Agent',
    hasResume: false,
    pdfFileSize: 0,
  }),
];

/** The list's search alone: no job or stage filter. */
const filterApplications = (list: ApplicationSummary[], q: string) =>
  viewApplications(indexApplications(list), { q, job: '', stage: '' }).shown;

afterEach(() => vi.unstubAllGlobals());

describe('application search and the Total line', () => {
  it('matches name, e-mail, job title and job name, case-insensitively; blank shows all', () => {
    expect(filterApplications(rows, 'OMAR').map((r) => r.name)).toEqual(['Omar Khan']);
    expect(filterApplications(rows, 'example.org').map((r) => r.name)).toEqual(['Li Wei']);
    expect(filterApplications(rows, 'claims').map((r) => r.name)).toEqual(['Omar Khan']);
    expect(filterApplications(rows, 'night shift').map((r) => r.name)).toEqual(['Li Wei']);
    expect(filterApplications(rows, '   ')).toHaveLength(3);
    expect(filterApplications(rows, 'nobody')).toHaveLength(0);
  });

  it('says "Total: N", with "of M" only while filtered', () => {
    expect(applicationsTotalText(3, 3)).toBe('Total: 3');
    expect(applicationsTotalText(1, 3)).toBe('Total: 1 of 3');
    expect(applicationsTotalText(0, 3)).toBe('Total: 0 of 3');
  });
});

async function renderList(answer: (url: string) => Response | Promise<Response>) {
  const { platform } = memoryPlatform(
    fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) }),
  );
  const store = createAppStore(platform);
  await store.dispatch(restoreSession());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => answer(String(input instanceof Request ? input.url : input))),
  );
  return renderScreen(<ApplicationsListPage />, { store, route: '/dashboard/applications' });
}

describe('the Applications list', () => {
  it('numbers the rows, shows sizes or No Resume, and filters as the admin types', async () => {
    const user = userEvent.setup();
    await renderList(() => jsonResponse(200, rows));
    expect(await screen.findByText('Total: 3')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Job applications' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['1', '2', '3']);
    expect(within(bodyRows[0]!).getByText('2 KB')).toBeInTheDocument();
    expect(within(bodyRows[0]!).getByText('4 Mar 2025')).toBeInTheDocument();
    expect(within(bodyRows[2]!).getByText('No Resume')).toBeInTheDocument();
    expect(within(bodyRows[2]!).getByText('Night Shift Agent')).toBeInTheDocument();
    expect(within(bodyRows[0]!).getByRole('button', { name: 'Download CV of Jane Doe' })).toBeEnabled();

    await user.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'khan');
    expect(await screen.findByText('Total: 1 of 3')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);

    await user.clear(screen.getByRole('searchbox', { name: 'Search applications' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No matching applications' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria')).toBeInTheDocument();
  });

  it('shows the empty state, and a failed load as an empty list', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderList(() => jsonResponse(500, { message: 'boom' }));
    expect(await screen.findByRole('heading', { name: 'No applications found' })).toBeInTheDocument();
    expect(
      screen.getByText('Applications will appear here when candidates apply for jobs'),
    ).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
  });

  it('shows the newest page at once, then every application once the rest is in', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    let releaseAll: (() => void) | undefined;
    const allAnswered = new Promise<void>((resolve) => (releaseAll = resolve));
    await renderList(async (url) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      asked.push(`${pathname}${search}`);
      const params = new URLSearchParams(search);
      if (params.has('limit')) {
        // The server's search, as the list's: Omar's is the one holding "khan".
        return jsonResponse(200, params.get('q') === 'khan' ? [rows[1]] : rows.slice(0, 2));
      }
      await allAnswered;
      return jsonResponse(200, rows);
    });
    expect(await screen.findByText('Loading every application...')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Job applications' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // "Select all" would mean all that match: it waits for them all.
    expect(screen.queryByRole('checkbox', { name: /^Select all/ })).not.toBeInTheDocument();
    const listCalls = () => asked.filter((path) => path.startsWith('/api/applications'));
    expect(listCalls()).toEqual(['/api/applications?limit=50', '/api/applications']);

    // A search typed before every application is in is answered by the server.
    await user.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'khan');
    await vi.waitFor(() => expect(listCalls()).toContain('/api/applications?q=khan&limit=50'));
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.textContent),
      ).toEqual([expect.stringContaining('Omar Khan')]),
    );

    releaseAll!();
    expect(await screen.findByText('Total: 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all 1 shown applications' })).toBeInTheDocument();
    // Once all are in, the search is the list's own: no more calls.
    const calls = listCalls().length;
    await user.type(screen.getByRole('searchbox', { name: 'Search applications' }), '{backspace}');
    expect(await screen.findByText('Total: 1 of 3')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(calls);
  });
});

describe('the list’s CV preview dialog', () => {
  it('frees every address opened in a new tab when the admin leaves, without waiting for its timer', async () => {
    // jsdom has no object URLs and no windows to open: these three stand in for the browser's.
    const created: string[] = [];
    const revoked: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: () => {
          created.push(`blob:http://localhost/${created.length + 1}`);
          return created.at(-1)!;
        },
        revokeObjectURL: (url: string) => void revoked.push(url),
      }),
    );
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const user = userEvent.setup();
    const preview = {
      applicationId: 'a1',
      name: 'Jane Doe',
      bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]),
    };
    const { unmount } = renderScreen(
      <CvPreviewDialog preview={preview} onClose={() => undefined} onDownload={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    await user.click(screen.getByRole('button', { name: 'Open in new tab' }));
    expect(window.open).toHaveBeenCalledTimes(2);
    expect(created).toHaveLength(2);
    expect(revoked).toEqual([]);

    unmount();

    expect(revoked.sort()).toEqual([...created].sort());
  });
});

describe('the Download Complete toast', () => {
  afterEach(() => vi.useRealTimers());

  it('closes after the application screens’ 1500 ms, not the general 2000 ms', async () => {
    vi.useFakeTimers();
    let save: ((name: string, bytes: Uint8Array) => Promise<void>) | undefined;
    function SaveButton() {
      save = useSaveCv();
      return null;
    }
    const { platform } = memoryPlatform();
    renderScreen(<SaveButton />, { platform });
    await act(() => save!('Jane Doe', new Uint8Array([0x25, 0x50, 0x44, 0x46])));
    expect(platform.saveCv).toHaveBeenCalledWith('Jane Doe_resume.pdf', expect.any(Uint8Array));
    expect(screen.getByText(messages.downloadCompleteTitle)).toBeInTheDocument();

    // On screen for its whole time, then gone after its slide-out, while a 2000 ms toast would
    // still be showing.
    const advance = async (ms: number) => {
      for (let elapsed = 0; elapsed < ms; elapsed += 20) {
        await act(async () => {
          vi.advanceTimersByTime(20);
        });
      }
    };
    await advance(TOAST_DURATION_MS.applicationSuccess - 100);
    expect(screen.getByText(messages.downloadCompleteTitle)).toBeInTheDocument();
    await advance(800);
    expect(screen.queryByText(messages.downloadCompleteTitle)).toBeNull();
  });
});

describe('the application screen’s CV', () => {
  afterEach(() => vi.useRealTimers());

  it('quick Show Preview clicks while the CV is still being read fetch it once', async () => {
    // Above 2 MiB the CV is decoded in steps, one task each: the window a second click can hit.
    const size = 3 * 1024 * 1024;
    const pdfFile = `data:application/pdf;base64,${Buffer.from(`%PDF-1.4\n${' '.repeat(size)}`).toString('base64')}`;
    const detail = {
      ...row({ name: 'Quinn Quick', email: 'quinn@example.com' }),
      pdfFileSize: size,
      fileSize: size,
      about: 'Fast typist.',
      privacyNoticeVersion: null,
      privacyAcknowledgedAt: null,
      retentionHold: false,
      purgeAfter: '2025-09-04',
    };
    const cvFetches: string[] = [];
    const { platform } = memoryPlatform(
      fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) }),
    );
    const store = createAppStore(platform);
    await store.dispatch(restoreSession());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes('/pdf?')) {
          cvFetches.push(url);
          return jsonResponse(200, { pdfFile, fileSize: size });
        }
        if (url.endsWith('/notes') || url.endsWith('/audit')) return jsonResponse(200, []);
        // The application itself; the screen's other calls (interview, scorecards...) find nothing.
        return url.includes(`/applications/${detail._id}`) && !url.includes(`${detail._id}/`)
          ? jsonResponse(200, detail)
          : jsonResponse(404, { message: 'Not found.' });
      }),
    );
    renderScreen(<ApplicationDetailPage />, {
      store,
      route: `/dashboard/application/${detail._id}`,
      path: '/dashboard/application/:id',
    });
    const show = await screen.findByRole('button', { name: 'Show Preview' });

    // The decoding steps wait for the test's clock; everything else runs as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));
    act(() => show.click());
    const cvAnswered = () =>
      Object.values(store.getState().api.mutations).some(
        (entry) => entry?.endpointName === 'getApplicationCv' && entry.status === 'fulfilled',
      );
    for (let tries = 0; tries < 500 && !cvAnswered(); tries++) await act(nextTask);
    expect(cvAnswered()).toBe(true);
    await act(nextTask);

    // The answer is in and being decoded: Hide, then Show again.
    act(() => screen.getByRole('button', { name: 'Hide Preview' }).click());
    act(() => screen.getByRole('button', { name: 'Show Preview' }).click());
    for (let tries = 0; tries < 20; tries++) await act(nextTask);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    vi.useRealTimers();

    expect(cvFetches).toHaveLength(1);
  });
});

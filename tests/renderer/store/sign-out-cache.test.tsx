import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationSummary } from '../../../src/shared/applications/application-contract';
import { createAppStore, type AppStore } from '../../../src/renderer/store/store';
import { restoreSession, signOut } from '../../../src/renderer/store/session-slice';
import { applicationAdminApi } from '../../../src/renderer/entities/application-admin-api';
import { ApplicationsListPage } from '../../../src/renderer/features/applications/applications-list-page';
import { notesApi } from '../../../src/renderer/features/applications/notes-api';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../support/test-utils';

const summary = (name: string, email: string): ApplicationSummary => ({
  _id: crypto.randomUUID(),
  name,
  email,
  phone: '01604 123456',
  number: '01604 123456',
  jobId: null,
  jobTitle: 'Claims Handler',
  jobName: 'Claims Handler',
  applyDate: '2025-03-04T10:00:00.000Z',
  createdAt: '2025-03-04T10:00:00.000Z',
  hasResume: true,
  pdfFileSize: 2048,
  fileSize: 2048,
  duplicateOf: null,
  stage: 'new',
  stageChangedAt: '2025-03-04T10:00:00.000Z',
});

const adaToken = () => fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) });
const bobToken = () => fakeToken({ email: 'bob@example.com', name: 'Bob', exp: inSeconds(3600) });

/** Every cached answer of the admin endpoints, by endpoint name. */
const cachedAdminData = (store: AppStore) =>
  Object.values(store.getState().api.queries)
    .filter((entry) => entry?.data !== undefined && entry.endpointName !== 'getJobs')
    .map((entry) => entry!.endpointName);

/** A store signed in as Ada with her applications list and one application's notes cached. */
async function storeWithAdminData(answer: (url: string) => Response | Promise<Response>) {
  const memory = memoryPlatform(adaToken());
  const store = createAppStore(memory.platform);
  await store.dispatch(restoreSession());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      return answer(request.url);
    }),
  );
  return { store, memory };
}

const secret = summary('Priya Secret', 'priya@example.com');

afterEach(() => vi.unstubAllGlobals());

describe('signing out forgets the admin data', () => {
  it('Log Out empties the cache: applications and notes are gone at once', async () => {
    const { store } = await storeWithAdminData((url) =>
      url.endsWith('/notes') ? jsonResponse(200, []) : jsonResponse(200, [secret]),
    );
    const list = store.dispatch(applicationAdminApi.endpoints.getApplications.initiate());
    const notes = store.dispatch(notesApi.endpoints.getNotes.initiate(secret._id));
    await Promise.all([list, notes]);
    expect(cachedAdminData(store).sort()).toEqual(['getApplications', 'getNotes']);

    await store.dispatch(signOut());

    expect(cachedAdminData(store)).toEqual([]);
    list.unsubscribe();
    notes.unsubscribe();
  });

  it('the next admin to sign in never sees the previous one’s rows, not even for a moment', async () => {
    const { store, memory } = await storeWithAdminData(() => jsonResponse(200, [secret]));
    await store.dispatch(
      applicationAdminApi.endpoints.getApplications.initiate(undefined, { subscribe: false }),
    );
    await store.dispatch(signOut());

    // Bob signs in on the same console; his list is still on its way when the screen opens.
    let answerBob: ((response: Response) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answerBob = resolve))),
    );
    await memory.platform.tokenStore.set(bobToken());
    await store.dispatch(restoreSession());
    renderScreen(<ApplicationsListPage />, { store, route: '/dashboard/applications' });

    expect(screen.getByText('Loading applications...')).toBeInTheDocument();
    expect(screen.queryByText('Priya Secret')).toBeNull();
    await waitFor(() => expect(answerBob).toBeDefined());
    await act(async () => answerBob!(jsonResponse(200, [summary('Tom Baker', 'tom@example.net')])));
    expect(await screen.findByText('Tom Baker')).toBeInTheDocument();
    expect(screen.queryByText('Priya Secret')).toBeNull();
  });

  it('a session the server refuses (401) empties the cache too, after handing the caller its error', async () => {
    const { store, memory } = await storeWithAdminData((url) =>
      url.endsWith('/notes')
        ? jsonResponse(401, { message: 'Your session has expired. Please log in again.' })
        : jsonResponse(200, [secret]),
    );
    const list = store.dispatch(applicationAdminApi.endpoints.getApplications.initiate());
    await list;
    expect(cachedAdminData(store)).toEqual(['getApplications']);

    const refused = await store.dispatch(
      notesApi.endpoints.getNotes.initiate(secret._id, { subscribe: false }),
    );

    // The caller still gets the server's answer, not an aborted request.
    expect(refused.error).toMatchObject({
      status: 401,
      data: { message: 'Your session has expired. Please log in again.' },
    });
    expect(memory.state.token).toBeNull();
    await waitFor(() => expect(cachedAdminData(store)).toEqual([]));
    list.unsubscribe();
  });

  it('a 403 on an admin call forgets the cache as well', async () => {
    const { store } = await storeWithAdminData((url) =>
      url.endsWith('/notes')
        ? jsonResponse(403, { message: 'Administrators only.' })
        : jsonResponse(200, [secret]),
    );
    await store.dispatch(
      applicationAdminApi.endpoints.getApplications.initiate(undefined, { subscribe: false }),
    );
    expect(cachedAdminData(store)).toEqual(['getApplications']);
    await store.dispatch(notesApi.endpoints.getNotes.initiate(secret._id, { subscribe: false }));
    await waitFor(() => expect(cachedAdminData(store)).toEqual([]));
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_EXPORT_BYTES, MAX_RESPONSE_BYTES } from '../../../src/shared/limits';
import { createAppStore } from '../../../src/renderer/store/store';
import { sessionApi } from '../../../src/renderer/store/session-api';
import { errorMessage } from '../../../src/renderer/store/api-error';
import { restoreSession } from '../../../src/renderer/store/session-slice';
import { jobsApi } from '../../../src/renderer/features/jobs/jobs-api';
import { teamApi } from '../../../src/renderer/features/team/team-api';
import { privacyAdminApi } from '../../../src/renderer/features/privacy/privacy-admin-api';
import { messages } from '../../../src/shared/messages';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform, renderScreen } from '../support/test-utils';

/** Only this unit test stubs fetch: the base query's behaviour is what is under test. */
function stubFetch(answer: (request: Request) => Response | Promise<Response>) {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      calls.push(request);
      return answer(request);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

async function signedInStore(route = '/dashboard/applications') {
  const token = fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) });
  const memory = memoryPlatform(token);
  const store = createAppStore(memory.platform);
  renderScreen(<p>screen</p>, { route, store });
  await act(() => store.dispatch(restoreSession()));
  return { store, memory, token };
}

describe('the base query', () => {
  it('sends the stored token as a bearer header', async () => {
    const calls = stubFetch(() => jsonResponse(200, []));
    const { store, token } = await signedInStore('/');
    await store.dispatch(jobsApi.endpoints.getJobs.initiate());
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]!.url).toBe('http://localhost/api/all');
  });

  it.each([401, 403])(
    'on %i signs out, goes to /login remembering the page, and still returns the error',
    async (status) => {
      stubFetch(() => jsonResponse(status, { message: 'Your session has expired. Please log in again.' }));
      const { store, memory } = await signedInStore('/dashboard/applications');
      expect(store.getState().session.user).not.toBeNull();

      const result = await act(() =>
        store.dispatch(sessionApi.endpoints.accountRole.initiate('ada@example.com')),
      );

      expect(result.error).toMatchObject({
        status,
        data: { message: 'Your session has expired. Please log in again.' },
      });
      expect(memory.state.token).toBeNull();
      expect(store.getState().session.user).toBeNull();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
      expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toMatchObject({
        from: { pathname: '/dashboard/applications' },
      });
    },
  );

  it('a 401 for a token replaced while the call was out (a new password) goes again with the new token, signed in', async () => {
    const { store, memory, token } = await signedInStore('/dashboard/account');
    const renewed = fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(7200), gen: 1 });
    const calls = stubFetch((request) => {
      if (request.headers.get('authorization') === `Bearer ${token}`) {
        // The new token is stored while the refusal of the old one is on its way back.
        memory.state.token = renewed;
        return jsonResponse(401, {
          message: 'You have been signed out on this device. Please log in again.',
        });
      }
      return jsonResponse(200, { admin: true, role: 'admin' });
    });
    const result = await act(() =>
      store.dispatch(sessionApi.endpoints.accountRole.initiate('ada@example.com')),
    );
    expect(result.data).toBe('admin');
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([
      `Bearer ${token}`,
      `Bearer ${renewed}`,
    ]);
    expect(memory.state.token).toBe(renewed);
    expect(store.getState().session.user).not.toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/account');
  });

  it('a 401 for the token still stored signs out at once, without a second try', async () => {
    const calls = stubFetch(() => jsonResponse(401, { message: 'You have been signed out on this device.' }));
    const { store, memory } = await signedInStore('/dashboard/account');
    await act(() => store.dispatch(sessionApi.endpoints.accountRole.initiate('ada@example.com')));
    expect(calls).toHaveLength(1);
    expect(memory.state.token).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('a refused login on /login stays there and hands the server message to the login form', async () => {
    stubFetch(() => jsonResponse(403, { message: 'This account exists but is not an administrator.' }));
    const memory = memoryPlatform(null);
    const store = createAppStore(memory.platform);
    renderScreen(<p>login</p>, { route: '/login', store });
    const outcome = await act(() =>
      store
        .dispatch(sessionApi.endpoints.login.initiate({ email: 'bob@example.com', password: 'secret1' }))
        .unwrap()
        .catch((error: unknown) => errorMessage(error)),
    );
    expect(outcome).toBe('This account exists but is not an administrator.');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(store.getState().session).toMatchObject({ user: null });
    // The form is not left busy: no login is still under way.
    expect(
      Object.values(store.getState().api.mutations).filter((call) => call?.status === 'pending'),
    ).toEqual([]);
  });

  it("a team call's 403 about the record (a closed job, a stage not allowed) keeps the session and returns the message", async () => {
    stubFetch(() => jsonResponse(403, { message: messages.teamAccessEnded }));
    const { store, memory, token } = await signedInStore('/team/application/a1');
    const result = await act(() => store.dispatch(teamApi.endpoints.getTeamApplication.initiate('a1')));
    expect(result.error).toMatchObject({ status: 403, data: { message: messages.teamAccessEnded } });
    expect(memory.state.token).toBe(token);
    expect(store.getState().session.user).not.toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/team/application/a1');
  });

  it('a team call refused by the team guard (the account is no team member now) still signs out', async () => {
    stubFetch(() => jsonResponse(403, { message: messages.teamRequired }));
    const { store, memory } = await signedInStore('/team');
    await act(() => store.dispatch(teamApi.endpoints.getTeamJobs.initiate()));
    expect(memory.state.token).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('leaves other errors alone', async () => {
    stubFetch(() => jsonResponse(404, { message: 'Job post not found.' }));
    const { store, memory, token } = await signedInStore('/apply/x');
    const result = await store.dispatch(jobsApi.endpoints.getJob.initiate('x'));
    expect(result.error).toMatchObject({ status: 404 });
    expect(memory.state.token).toBe(token);
    expect(screen.getByTestId('location')).toHaveTextContent('/apply/x');
  });

  it('refuses an answer larger than 10 MiB by its declared length', async () => {
    stubFetch(() => jsonResponse(200, [], { 'content-length': String(MAX_RESPONSE_BYTES + 1) }));
    const { store } = await signedInStore('/');
    const result = await store.dispatch(jobsApi.endpoints.getJobs.initiate());
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
  });

  it('refuses an answer that grows past 10 MiB while it is read', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    stubFetch(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(chunk);
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    const { store } = await signedInStore('/');
    const result = await store.dispatch(jobsApi.endpoints.getJobs.initiate());
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
  });

  it("reads an applicant's export past 10 MiB (its CVs and evidence inside), up to the export's own limit", async () => {
    // Two 5 MiB files as base64: about 14 MiB of JSON.
    const file = 'A'.repeat(7 * 1024 * 1024);
    const exported = {
      subjectEmail: 'hana.hire@example.com',
      applications: [{ cv: { base64: file } }],
      rightToWork: [{ evidenceFile: { base64: file } }],
    };
    stubFetch(() => jsonResponse(200, exported));
    const { store } = await signedInStore('/dashboard/application/x');
    const request = store.dispatch(
      privacyAdminApi.endpoints.exportApplicant.initiate('hana.hire@example.com'),
    );
    const answer = await request.unwrap().finally(() => request.reset());
    expect(answer.rightToWork[0]!.evidenceFile!.base64).toHaveLength(file.length);

    stubFetch(() => jsonResponse(200, {}, { 'content-length': String(MAX_EXPORT_BYTES + 1) }));
    const tooLarge = store.dispatch(
      privacyAdminApi.endpoints.exportApplicant.initiate('hana.hire@example.com'),
    );
    const refused = await tooLarge;
    tooLarge.reset();
    expect(refused.error).toMatchObject({
      status: 'CUSTOM_ERROR',
      error: "The server's answer is larger than 200 MiB.",
    });
  });
});

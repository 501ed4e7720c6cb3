import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../src/renderer/store/store';
import { sessionApi } from '../../../src/renderer/store/session-api';
import { restoreSession, signOut } from '../../../src/renderer/store/session-slice';
import { fakeToken, inSeconds, jsonResponse, memoryPlatform } from '../support/test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('session start-up', () => {
  it('is loading until the stored token has been read', () => {
    const store = createAppStore(memoryPlatform().platform);
    expect(store.getState().session).toMatchObject({ loading: true, user: null });
  });

  it('restores the user from a token whose expiry is ahead', async () => {
    const token = fakeToken({ email: 'ada@example.com', name: 'Ada Admin', exp: inSeconds(3600) });
    const { platform, state } = memoryPlatform(token);
    const store = createAppStore(platform);
    await store.dispatch(restoreSession());
    expect(store.getState().session).toMatchObject({
      loading: false,
      user: { email: 'ada@example.com', name: 'Ada Admin' },
    });
    expect(state.token).toBe(token);
  });

  it('removes an expired token and leaves no user', async () => {
    const { platform, state } = memoryPlatform(
      fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(-5) }),
    );
    const store = createAppStore(platform);
    await store.dispatch(restoreSession());
    expect(store.getState().session).toMatchObject({ loading: false, user: null });
    expect(state.token).toBeNull();
    expect(platform.tokenStore.clear).toHaveBeenCalled();
  });

  it.each([['not-a-jwt'], ['a.b.c'], [fakeToken({ email: 'ada@example.com', name: 'Ada' })]])(
    'removes an undecodable or incomplete token (%s)',
    async (garbage) => {
      const { platform, state } = memoryPlatform(garbage);
      const store = createAppStore(platform);
      await store.dispatch(restoreSession());
      expect(store.getState().session).toMatchObject({ loading: false, user: null });
      expect(state.token).toBeNull();
    },
  );

  it('starts signed out when nothing is stored', async () => {
    const { platform } = memoryPlatform(null);
    const store = createAppStore(platform);
    await store.dispatch(restoreSession());
    expect(store.getState().session).toMatchObject({ loading: false, user: null });
    expect(platform.tokenStore.clear).not.toHaveBeenCalled();
  });

  it('signing out clears the token and the user', async () => {
    const { platform, state } = memoryPlatform(
      fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(60) }),
    );
    const store = createAppStore(platform);
    await store.dispatch(restoreSession());
    await store.dispatch(signOut());
    expect(store.getState().session.user).toBeNull();
    expect(state.token).toBeNull();
  });

  it('a login that answers a token starts the session by itself, whoever sent it', async () => {
    const token = fakeToken({ email: 'ada@example.com', name: 'Ada', exp: inSeconds(3600) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { token })),
    );
    const { platform, state } = memoryPlatform(null);
    const store = createAppStore(platform);
    await store.dispatch(restoreSession());
    await store
      .dispatch(sessionApi.endpoints.login.initiate({ email: 'ada@example.com', password: 'secret1' }))
      .unwrap();
    await vi.waitFor(() =>
      expect(store.getState().session.user).toEqual({ email: 'ada@example.com', name: 'Ada' }),
    );
    expect(state.token).toBe(token);
  });

  it('a login that asks for a second step starts nothing yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { twoFactorRequired: true, challenge: 'c' })),
    );
    const { platform, state } = memoryPlatform(null);
    const store = createAppStore(platform);
    await store.dispatch(restoreSession());
    await store
      .dispatch(sessionApi.endpoints.login.initiate({ email: 'ada@example.com', password: 'secret1' }))
      .unwrap();
    expect(store.getState().session.user).toBeNull();
    expect(state.token).toBeNull();
    expect(platform.tokenStore.set).not.toHaveBeenCalled();
  });
});

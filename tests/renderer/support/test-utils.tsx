import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, type MemoryRouterProps } from 'react-router-dom';
import { vi } from 'vitest';
import { NavigatorBridge } from '../../../src/renderer/app/navigator-bridge';
import { createAppStore, type AppStore } from '../../../src/renderer/store/store';
import { FluentScope } from '../../../src/renderer/components/fluent-scope';
import { ToastProvider } from '../../../src/renderer/feedback/toast-provider';
import { PlatformContext, type Platform } from '../../../src/renderer/platform/platform';

/** A Platform whose token lives in a variable; jsdom's fetch needs an absolute API address. */
export function memoryPlatform(token: string | null = null) {
  const state = { token };
  const platform: Platform = {
    kind: 'web',
    apiBaseUrl: 'http://localhost/api',
    tokenStore: {
      get: vi.fn(async () => state.token),
      set: vi.fn(async (value: string) => {
        state.token = value;
      }),
      clear: vi.fn(async () => {
        state.token = null;
      }),
    },
    saveCv: vi.fn(async () => 'saved' as const),
    saveApplicantExport: vi.fn(async () => 'saved' as const),
    saveEvidence: vi.fn(async () => 'saved' as const),
    saveReportCsv: vi.fn(async () => 'saved' as const),
    saveQrCode: vi.fn(async () => 'saved' as const),
  };
  return { platform, state };
}

/** A JWT with the given claims; the client only decodes tokens, so the signature is irrelevant. */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

function LocationProbe() {
  const location = useLocation();
  return (
    <output
      data-testid="location"
      data-search={location.search}
      data-state={JSON.stringify(location.state ?? null)}
    >
      {location.pathname}
    </output>
  );
}

export interface RenderOptions {
  /** The address, or the address with its history state (`{ pathname, state }`). */
  route?: NonNullable<MemoryRouterProps['initialEntries']>[number];
  path?: string;
  store?: AppStore;
  platform?: Platform;
  /**
   * Renders the screen as the server prerenders it, hands its markup to this callback (the
   * visitor's part before the app arrives: typing, choosing) and then hydrates it, as the web
   * entry does (src/web/start-app.tsx).
   */
  beforeHydration?: (container: HTMLElement) => void;
}

/** Renders a screen inside the app's providers at `route`, with a probe showing the current path. */
export function renderScreen(
  ui: ReactElement,
  { route = '/', path = '*', store, platform, beforeHydration }: RenderOptions = {},
) {
  const appStore = store ?? createAppStore(platform ?? memoryPlatform().platform);
  const wrap = (children: ReactNode) => (
    <Provider store={appStore}>
      <PlatformContext value={appStore.platform}>
        <FluentScope>
          <ToastProvider>
            <MemoryRouter initialEntries={[route]}>
              <NavigatorBridge navigator={appStore.navigator} />
              <Routes>
                <Route path={path} element={children} />
              </Routes>
              <LocationProbe />
            </MemoryRouter>
          </ToastProvider>
        </FluentScope>
      </PlatformContext>
    </Provider>
  );
  if (!beforeHydration) return { ...render(wrap(ui)), store: appStore };
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(wrap(ui));
  beforeHydration(container);
  return { ...render(wrap(ui), { container, hydrate: true }), store: appStore };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

// jsdom has no layout; Fluent's MessageBar watches its size to reflow.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

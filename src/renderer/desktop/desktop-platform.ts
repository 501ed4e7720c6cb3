import type {
  ConnectionCheck,
  DesktopBridge,
  DesktopSettings,
  TokenStorageKind,
} from '../../shared/desktop/desktop-bridge';
import type { Platform } from '../platform/platform';

/** Where the session token lives, as last reported by the main process; screens subscribe to it. */
export interface TokenStorageState {
  current(): TokenStorageKind;
  subscribe(listener: () => void): () => void;
}

/** The console-only capabilities the desktop screens (settings, the frame) use besides the Platform. */
export interface DesktopConsole {
  /** The settings as they were when the console started: the CSP and the API base URL follow them. */
  settings: DesktopSettings;
  saveSettings(settings: DesktopSettings): Promise<DesktopSettings>;
  checkConnection(apiServerUrl: string): Promise<ConnectionCheck>;
  tokenStorage: TokenStorageState;
}

export interface DesktopPlatform extends Platform {
  kind: 'desktop';
  console: DesktopConsole;
}

function createTokenStorageState(initial: TokenStorageKind): TokenStorageState & {
  set(kind: TokenStorageKind): void;
} {
  let kind = initial;
  const listeners = new Set<() => void>();
  return {
    current: () => kind,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === kind) return;
      kind = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/**
 * The desktop Platform: the only code that touches `window.desktop` (the preload's bridge). The
 * API address is read once at start, so the base URL always matches the address main's CSP allows
 * (a new address takes effect on reload). The main process falls back to memory when the keychain
 * fails, which it may discover on any token call, so the storage kind is re-read after each one.
 */
export async function createDesktopPlatform(
  bridge: DesktopBridge | undefined = window.desktop,
): Promise<DesktopPlatform> {
  if (!bridge) throw new Error('The console bridge is missing: open this page from the Careers Console app.');
  const [settings, initialStorage] = await Promise.all([bridge.getSettings(), bridge.tokenStorage()]);
  const tokenStorage = createTokenStorageState(initialStorage);
  // Only informs the notice: a failure here must not fail the token call itself.
  const refreshStorage = () =>
    bridge.tokenStorage().then(tokenStorage.set, (error: unknown) => console.error('token storage', error));

  return {
    kind: 'desktop',
    apiBaseUrl: `${settings.apiServerUrl}/api`,
    tokenStore: {
      async get() {
        try {
          return await bridge.getToken();
        } finally {
          await refreshStorage();
        }
      },
      async set(token) {
        tokenStorage.set(await bridge.setToken(token));
      },
      async clear() {
        try {
          await bridge.clearToken();
        } finally {
          await refreshStorage();
        }
      },
    },
    saveCv: (fileName, pdf) => bridge.saveCv(fileName, pdf),
    saveApplicantExport: (fileName, json) => bridge.saveApplicantExport(fileName, json),
    notifyNewApplications: (count) => bridge.notifyNewApplications(count),
    onOpenNewApplications: (listener) => bridge.onOpenNewApplications(listener),
    console: {
      settings,
      saveSettings: (next) => bridge.setSettings(next),
      checkConnection: (apiServerUrl) => bridge.checkConnection(apiServerUrl),
      tokenStorage,
    },
  };
}

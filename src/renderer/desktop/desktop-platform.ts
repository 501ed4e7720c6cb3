import type {
  ConnectionCheck,
  ConsoleUpdate,
  DesktopBridge,
  DesktopSettings,
  RestartOutcome,
  TokenStorageKind,
} from '../../shared/desktop/desktop-bridge';
import type { Platform } from '../platform/platform';

/** Where the session token lives, as last reported by the main process; screens subscribe to it. */
export interface TokenStorageState {
  current(): TokenStorageKind;
  subscribe(listener: () => void): () => void;
}

/** The console's own update as main last reported it; the frame's notice subscribes to it. */
export interface UpdateState {
  current(): ConsoleUpdate;
  subscribe(listener: () => void): () => void;
  /** Closes the console (the leave prompt asks first about unsaved work) and installs the update. */
  restart(): Promise<RestartOutcome>;
}

/** The console-only capabilities the desktop screens (settings, the frame) use besides the Platform. */
export interface DesktopConsole {
  /** The settings as they were when the console started: the CSP and the API base URL follow them. */
  settings: DesktopSettings;
  saveSettings(settings: DesktopSettings): Promise<DesktopSettings>;
  checkConnection(apiServerUrl: string): Promise<ConnectionCheck>;
  tokenStorage: TokenStorageState;
  updates: UpdateState;
}

export interface DesktopPlatform extends Platform {
  kind: 'desktop';
  console: DesktopConsole;
}

/** A value screens read with useSyncExternalStore: the latest one, and who to tell when it changes. */
function createObservable<T>(initial: T, same: (a: T, b: T) => boolean = Object.is) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    current: () => value,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: T) {
      if (same(next, value)) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const sameUpdate = (a: ConsoleUpdate, b: ConsoleUpdate) =>
  a.state === 'ready' && b.state === 'ready' ? a.version === b.version : a.state === b.state;

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
  const [settings, initialStorage, initialUpdate] = await Promise.all([
    bridge.getSettings(),
    bridge.tokenStorage(),
    bridge.getUpdateStatus(),
  ]);
  const tokenStorage = createObservable<TokenStorageKind>(initialStorage);
  const update = createObservable<ConsoleUpdate>(initialUpdate, sameUpdate);
  // Main announces a ready update with a bare signal; what is ready is read back from main.
  bridge.onUpdateReady(() => {
    bridge.getUpdateStatus().then(update.set, (error: unknown) => console.error('update status', error));
  });
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
    saveEvidence: (fileName, bytes) => bridge.saveEvidence(fileName, bytes),
    saveReportCsv: (fileName, csv) => bridge.saveReportCsv(fileName, csv),
    saveQrCode: (fileName, bytes) => bridge.saveQrCode(fileName, bytes),
    notifyNewApplications: (count) => bridge.notifyNewApplications(count),
    onOpenNewApplications: (listener) => bridge.onOpenNewApplications(listener),
    notifyScorecardDue: (jobTitle) => bridge.notifyScorecardDue({ jobTitle }),
    notifyOverdueApplications: (count) => bridge.notifyOverdueApplications(count),
    notifyHiringNews: (news, jobTitle) => bridge.notifyHiringNews({ news, jobTitle }),
    console: {
      settings,
      saveSettings: (next) => bridge.setSettings(next),
      checkConnection: (apiServerUrl) => bridge.checkConnection(apiServerUrl),
      tokenStorage,
      updates: {
        current: update.current,
        subscribe: update.subscribe,
        restart: () => bridge.restartToUpdate(),
      },
    },
  };
}

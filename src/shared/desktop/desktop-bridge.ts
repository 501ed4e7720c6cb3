import { z } from 'zod';
import { trimEnd } from '../format/trim-end';

/** IPC channel names, `domain:action`, shared by the main process and the preload. */
export const IPC_CHANNELS = {
  tokenGet: 'token:get',
  tokenSet: 'token:set',
  tokenClear: 'token:clear',
  tokenStorage: 'token:storage',
  cvSave: 'cv:save',
  exportSave: 'export:save',
  settingsGet: 'settings:get',
  settingsSet: 'settings:set',
  settingsCheck: 'settings:check',
  applicationsNotify: 'applications:notify',
  updateStatus: 'update:status',
  updateRestart: 'update:restart',
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

/** Messages the main process sends to the console's page (`send`/`on`, no answer). */
export const IPC_EVENTS = {
  /** The admin clicked the new-applications notification: show the New applications. */
  applicationsOpenNew: 'applications:open-new',
  /** A newer console has been downloaded and verified: offer "Restart to update". */
  updateReady: 'update:ready',
} as const;

export type IpcEvent = (typeof IPC_EVENTS)[keyof typeof IPC_EVENTS];

/** The most applications one notification may announce (anything above is a bad message). */
export const MAX_NOTIFIED_APPLICATIONS = 100_000;

export const DEFAULT_API_SERVER_URL = 'http://localhost:3000';

/** What the settings screen (and main, refusing a stored or sent address) says about a server address. */
export const API_SERVER_URL_MESSAGES = {
  invalid: 'Enter the server address, for example https://careers.example.co.uk',
  userInfo: 'Leave out any user name or password: the address must not contain an @ before the server name.',
  plainHttp:
    'Use an https:// address: your sign-in and applicants’ details must not cross a network unencrypted. Plain http:// is only for a server on this computer (localhost).',
} as const;

/**
 * This computer's own addresses, as the URL parser writes them (lower case, IPv4 in dotted
 * decimal, IPv6 in brackets): localhost, 127.0.0.0/8 and ::1. Traffic to them never leaves the
 * machine, so they are the only ones plain http may reach.
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The careers server the console sends its bearer token and applicants' data to: https, or http
 * to this computer only, and no user info (`https://careers.example.co.uk@evil.test` is a request
 * to evil.test). Stored as the parser reads it, so what was checked is what is used.
 */
export const apiServerUrlSchema = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: API_SERVER_URL_MESSAGES.invalid }))
  .transform((value, context) => {
    const url = new URL(value);
    if (url.username || url.password) {
      context.addIssue({ code: 'custom', message: API_SERVER_URL_MESSAGES.userInfo });
      return z.NEVER;
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      context.addIssue({ code: 'custom', message: API_SERVER_URL_MESSAGES.plainHttp });
      return z.NEVER;
    }
    return trimEnd(url.href, '/');
  });

export const desktopSettingsSchema = z.object({ apiServerUrl: apiServerUrlSchema });
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;

/**
 * Where the session token lives: the OS keychain; else a file in the user-data folder encrypted
 * with Electron's safeStorage (its key held by the OS); else (fail-closed) this run's memory only.
 */
export type TokenStorageKind = 'keychain' | 'encrypted-file' | 'memory';

/** The console's own update: none waiting, or a newer version downloaded, verified and ready to install. */
export type ConsoleUpdate = { state: 'none' } | { state: 'ready'; version: string };

/**
 * What asking to restart for an update led to: the console is restarting, the admin chose to stay
 * on a page with unsaved work (nothing changes), or there was no update to install.
 */
export type RestartOutcome = 'restarting' | 'stayed' | 'nothing-to-install';

/** How a save through the browser or the native Save dialog ended. */
export type SaveResult = 'saved' | 'cancelled';

export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

/** What the preload exposes as `window.desktop`: one function per IPC message, nothing else. */
export interface DesktopBridge {
  getToken(): Promise<string | null>;
  setToken(token: string): Promise<TokenStorageKind>;
  clearToken(): Promise<void>;
  tokenStorage(): Promise<TokenStorageKind>;
  saveCv(fileName: string, pdf: Uint8Array): Promise<SaveResult>;
  /** An applicant's data export (a JSON file) through the native Save dialog. */
  saveApplicantExport(fileName: string, json: Uint8Array): Promise<SaveResult>;
  getSettings(): Promise<DesktopSettings>;
  setSettings(settings: DesktopSettings): Promise<DesktopSettings>;
  checkConnection(apiServerUrl: string): Promise<ConnectionCheck>;
  /** One native notification for a batch of `count` new applications. */
  notifyNewApplications(count: number): Promise<void>;
  /** Calls `listener` each time the admin clicks that notification; returns the unsubscribe. */
  onOpenNewApplications(listener: () => void): () => void;
  /** Whether a downloaded, verified update is waiting. */
  getUpdateStatus(): Promise<ConsoleUpdate>;
  /** Closes the console (asking first about unsaved work) and installs the waiting update. */
  restartToUpdate(): Promise<RestartOutcome>;
  /** Calls `listener` when an update becomes ready; returns the unsubscribe. */
  onUpdateReady(listener: () => void): () => void;
}

export const DESKTOP_BRIDGE_FUNCTIONS = [
  'getToken',
  'setToken',
  'clearToken',
  'tokenStorage',
  'saveCv',
  'saveApplicantExport',
  'getSettings',
  'setSettings',
  'checkConnection',
  'notifyNewApplications',
  'onOpenNewApplications',
  'getUpdateStatus',
  'restartToUpdate',
  'onUpdateReady',
] as const satisfies readonly (keyof DesktopBridge)[];

/** An export holds every CV of one applicant as base64: generous, but bounded. */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

/** The desktop renderer's origin (a privileged custom scheme, never file://); the API allows it by default. */
export const DESKTOP_APP_ORIGIN = 'app://careers-console';

import { z } from 'zod';

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
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

export const DEFAULT_API_SERVER_URL = 'http://localhost:3000';

export const apiServerUrlSchema = z
  .string()
  .trim()
  .pipe(
    z.url({
      protocol: /^https?$/,
      error: 'Enter the server address, for example https://careers.example.co.uk',
    }),
  )
  .transform((url) => url.replace(/\/+$/, ''));

export const desktopSettingsSchema = z.object({ apiServerUrl: apiServerUrlSchema });
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;

/** Where the session token lives: the OS keychain, or (fail-closed) this run's memory only. */
export type TokenStorageKind = 'keychain' | 'memory';

export type CvSaveResult = 'saved' | 'cancelled';

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
  saveCv(fileName: string, pdf: Uint8Array): Promise<CvSaveResult>;
  /** An applicant's data export (a JSON file) through the native Save dialog. */
  saveApplicantExport(fileName: string, json: Uint8Array): Promise<CvSaveResult>;
  getSettings(): Promise<DesktopSettings>;
  setSettings(settings: DesktopSettings): Promise<DesktopSettings>;
  checkConnection(apiServerUrl: string): Promise<ConnectionCheck>;
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
] as const satisfies readonly (keyof DesktopBridge)[];

/** An export holds every CV of one applicant as base64: generous, but bounded. */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

/** The desktop renderer's origin (a privileged custom scheme, never file://); the API allows it by default. */
export const DESKTOP_APP_ORIGIN = 'app://careers-console';

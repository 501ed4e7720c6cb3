import path from 'node:path';
import { z } from 'zod';
import { MAX_CV_BYTES } from '../../shared/limits';
import { cvFileName } from '../../shared/applications/cv-file-name';
import {
  API_SERVER_URL_MESSAGES,
  apiServerUrlSchema,
  IPC_CHANNELS,
  IPC_EVENTS,
  MAX_EXPORT_BYTES,
  MAX_NOTIFIED_APPLICATIONS,
  type ConnectionCheck,
  type ConsoleUpdate,
  type RestartOutcome,
  type SaveResult,
  type IpcChannel,
  type IpcEvent,
} from '../../shared/desktop/desktop-bridge';
import type { TokenVault } from '../token-vault';
import type { SettingsStore } from '../settings-store';
import { writeFileAtomically } from '../atomic-file';
import { isTrustedSender, type SenderEvent } from './trusted-sender';

type Handler = (event: SenderEvent, ...args: unknown[]) => unknown;

interface SaveDialog {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
}

export interface NotificationContent {
  title: string;
  body: string;
}

/** Electron's runtime at the boundary: the real modules in the app, stand-ins in tests. */
export interface IpcRuntime {
  ipcMain: { handle(channel: string, handler: Handler): void; removeHandler(channel: string): void };
  showSaveDialog(options: SaveDialog): Promise<{ canceled: boolean; filePath?: string }>;
  /** Shows a native notification (Electron's Notification); `onClick` runs when it is clicked. */
  showNotification(content: NotificationContent, onClick: () => void): void;
  /** Brings the console window to the front, restored if it was minimised. */
  focusWindow(): void;
  /** Sends a message to the console window's page. */
  sendToWindow(channel: IpcEvent): void;
  /** The console window's webContents id (undefined before it exists). */
  windowWebContentsId(): number | undefined;
  trustedOrigins: string[];
  downloadsDir: string;
  fetch: typeof fetch;
}

/** The console's own updates, as far as the page may see and ask (see auto-update.ts). */
export interface UpdateControl {
  status(): ConsoleUpdate;
  restart(): Promise<RestartOutcome>;
}

export interface IpcServices {
  vault: TokenVault;
  settings: SettingsStore;
  /** Absent where the console does not update itself (a development run, a console driven without Electron). */
  updates?: UpdateControl;
}

export class RefusedSenderError extends Error {
  constructor(channel: string) {
    super(`IPC message on ${channel} refused: it did not come from the console window`);
    this.name = 'RefusedSenderError';
  }
}

const tokenSchema = z
  .string()
  .min(10)
  .max(8192)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'not a JWT');
const cvArgsSchema = z.tuple([
  z.string().min(1).max(300),
  z
    .instanceof(Uint8Array)
    .refine((bytes) => bytes.byteLength > 0 && bytes.byteLength <= MAX_CV_BYTES, 'bad size'),
]);

const exportArgsSchema = z.tuple([
  z.string().min(1).max(300),
  z
    .instanceof(Uint8Array)
    .refine((bytes) => bytes.byteLength > 1 && bytes.byteLength <= MAX_EXPORT_BYTES, 'bad size')
    // An export is one JSON object; anything else is not what this channel saves.
    .refine((bytes) => bytes[0] === 0x7b, 'not a JSON object'),
]);

const notifyArgsSchema = z.tuple([z.number().int().min(1).max(MAX_NOTIFIED_APPLICATIONS)]);

/** What the notification says about a batch of new applications. */
export function newApplicationsNotice(count: number): NotificationContent {
  return count === 1
    ? { title: 'New application', body: 'A new application has arrived. Click to see the new applications.' }
    : {
        title: 'New applications',
        body: `${count} new applications have arrived. Click to see the new applications.`,
      };
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/** Registers one handler per channel; every one checks its sender before anything else. */
export function registerIpcHandlers(runtime: IpcRuntime, services: IpcServices): () => void {
  const { vault, settings } = services;
  const handle = (channel: IpcChannel, handler: (...args: unknown[]) => unknown) => {
    runtime.ipcMain.handle(channel, (event, ...args) => {
      if (!isTrustedSender(event, runtime.windowWebContentsId(), runtime.trustedOrigins)) {
        throw new RefusedSenderError(channel);
      }
      return handler(...args);
    });
  };

  handle(IPC_CHANNELS.tokenGet, () => vault.get());
  handle(IPC_CHANNELS.tokenSet, (token) => vault.set(tokenSchema.parse(token)));
  handle(IPC_CHANNELS.tokenClear, () => vault.clear());
  handle(IPC_CHANNELS.tokenStorage, () => vault.storage());

  /** The native Save dialog, then an atomic write: a cancelled dialog writes nothing. */
  const saveWithDialog = async (dialog: SaveDialog, bytes: Uint8Array): Promise<SaveResult> => {
    const choice = await runtime.showSaveDialog(dialog);
    if (choice.canceled || !choice.filePath) return 'cancelled';
    await writeFileAtomically(choice.filePath, bytes);
    return 'saved';
  };

  handle(IPC_CHANNELS.cvSave, (...args) => {
    const [requestedName, bytes] = cvArgsSchema.parse(args);
    if (!isPdf(bytes)) throw new Error('Only PDF files can be saved.');
    // The renderer proposes a name; only its base name, as a PDF name, reaches the dialog.
    const fileName = cvFileName(path.basename(requestedName).replace(/_resume\.pdf$|\.pdf$/i, ''));
    return saveWithDialog(
      {
        title: 'Save CV',
        defaultPath: path.join(runtime.downloadsDir, fileName),
        filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
      },
      bytes,
    );
  });

  handle(IPC_CHANNELS.exportSave, (...args) => {
    const [requestedName, bytes] = exportArgsSchema.parse(args);
    const base = path
      .basename(requestedName)
      .replace(/\.json$/i, '')
      .replace(/[^\w@.-]+/g, '_');
    return saveWithDialog(
      {
        title: 'Save applicant data',
        defaultPath: path.join(runtime.downloadsDir, `${base || 'applicant-data'}.json`),
        filters: [{ name: 'JSON files', extensions: ['json'] }],
      },
      bytes,
    );
  });

  handle(IPC_CHANNELS.settingsGet, () => settings.get());
  handle(IPC_CHANNELS.settingsSet, async (value) => {
    const before = await settings.get();
    const saved = await settings.set(value);
    // A token is only ever sent to the server that issued it: a new address means a new sign-in.
    if (saved.apiServerUrl !== before.apiServerUrl) await vault.clear();
    return saved;
  });
  handle(IPC_CHANNELS.settingsCheck, (url) => checkConnection(runtime.fetch, url));

  // One notification per message: the page sends one for each batch of new applications it
  // finds. A click brings the console forward and asks the page to show the New applications.
  handle(IPC_CHANNELS.applicationsNotify, (...args) => {
    const [count] = notifyArgsSchema.parse(args);
    runtime.showNotification(newApplicationsNotice(count), () => {
      runtime.focusWindow();
      runtime.sendToWindow(IPC_EVENTS.applicationsOpenNew);
    });
  });

  // Takes no arguments: the page can only ask whether an update waits, and to restart for it.
  handle(IPC_CHANNELS.updateStatus, (): ConsoleUpdate => services.updates?.status() ?? { state: 'none' });
  handle(
    IPC_CHANNELS.updateRestart,
    (): Promise<RestartOutcome> => services.updates?.restart() ?? Promise.resolve('nothing-to-install'),
  );

  return () => Object.values(IPC_CHANNELS).forEach((channel) => runtime.ipcMain.removeHandler(channel));
}

/** Contacts only an address the settings would take: https, or http to this computer, no user info. */
async function checkConnection(fetchImpl: typeof fetch, url: unknown): Promise<ConnectionCheck> {
  const parsed = apiServerUrlSchema.safeParse(url);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? API_SERVER_URL_MESSAGES.invalid };
  try {
    const response = await fetchImpl(`${parsed.data}/api/health`, {
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json().catch(() => undefined)) as { status?: string } | undefined;
    return response.ok && body?.status === 'ok'
      ? { ok: true, message: 'Connected: the careers server answered.' }
      : {
          ok: false,
          message: `The address answered, but not as a careers server (HTTP ${response.status}).`,
        };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      ok: false,
      message: timedOut ? 'No answer within 5 seconds.' : 'Could not reach the server at that address.',
    };
  }
}

import path from 'node:path';
import { cvFileName } from '../../shared/applications/cv-file-name';
import {
  API_SERVER_URL_MESSAGES,
  apiServerUrlSchema,
  type ConnectionCheck,
  type ConsoleUpdate,
  type DesktopEventChannel,
  type HiringNews,
  type RestartOutcome,
  type SaveResult,
} from '../../shared/desktop/desktop-bridge';
import type { TokenVault } from '../token-vault';
import type { SettingsStore } from '../settings-store';
import { writeFileAtomically } from '../atomic-file';
import { handleDesktopMessages, type IpcGate } from './handle-desktop-messages';
import { EVIDENCE_EXTENSIONS, evidenceTypeOf } from '../../shared/right-to-work/evidence-type';

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
export interface IpcRuntime extends IpcGate {
  showSaveDialog(options: SaveDialog): Promise<{ canceled: boolean; filePath?: string }>;
  /** Shows a native notification (Electron's Notification); `onClick` runs when it is clicked. */
  showNotification(content: NotificationContent, onClick: () => void): void;
  /** Brings the console window to the front, restored if it was minimised. */
  focusWindow(): void;
  /** Sends a message to the console window's page. */
  sendToWindow(channel: DesktopEventChannel): void;
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

/** What the notification says about a batch of new applications. */
export function newApplicationsNotice(count: number): NotificationContent {
  return count === 1
    ? { title: 'New application', body: 'A new application has arrived. Click to see the new applications.' }
    : {
        title: 'New applications',
        body: `${count} new applications have arrived. Click to see the new applications.`,
      };
}

/** What the notification says about a batch of applications newly past their time limit. */
export function overdueApplicationsNotice(count: number): NotificationContent {
  return count === 1
    ? {
        title: 'Application overdue',
        body: 'An application is past its stage’s time limit. Click to open the console.',
      }
    : {
        title: 'Applications overdue',
        body: `${count} applications are past their stage’s time limit. Click to open the console.`,
      };
}

/** What the notification says when an interviewer's scorecard is due. */
export function scorecardDueNotice(jobTitle: string): NotificationContent {
  return {
    title: 'Scorecard due',
    body: `Your interview for ${jobTitle} has started: your scorecard is due. Click to open the console.`,
  };
}

/** What the notification says to a hiring manager: the job only, never an applicant. */
export function hiringNewsNotice(news: HiringNews, jobTitle: string): NotificationContent {
  return news === 'job-given'
    ? {
        title: 'A job for you',
        body: `You are now hiring for ${jobTitle}. Click to open the console.`,
      }
    : {
        title: 'Interview booked',
        body: `An interview for ${jobTitle} has been booked. Click to open the console.`,
      };
}

/** A QR code's file type by its bytes: PNG's signature, or SVG text (the page names neither). */
function qrExtensionOf(bytes: Uint8Array): 'png' | 'svg' | undefined {
  const head = Buffer.from(bytes.subarray(0, 256)).toString('latin1');
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return 'png';
  return /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(head) ? 'svg' : undefined;
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/** Registers one handler per call; handle-desktop-messages.ts checks sender and arguments first. */
export function registerIpcHandlers(runtime: IpcRuntime, services: IpcServices): () => void {
  const { vault, settings } = services;

  /** The native Save dialog, then an atomic write: a cancelled dialog writes nothing. */
  const saveWithDialog = async (dialog: SaveDialog, bytes: Uint8Array): Promise<SaveResult> => {
    const choice = await runtime.showSaveDialog(dialog);
    if (choice.canceled || !choice.filePath) return 'cancelled';
    await writeFileAtomically(choice.filePath, bytes);
    return 'saved';
  };

  /**
   * The renderer proposes a name; only its base name, without the extension the bytes decide and
   * with nothing but letters, digits, spaces and `@._-`, reaches the dialog.
   */
  const proposedBase = (requestedName: string, extension: RegExp, fallback: string) =>
    path
      .basename(requestedName)
      .replace(extension, '')
      .replace(/[^\p{L}\p{N} @._-]+/gu, '_') || fallback;

  return handleDesktopMessages(runtime, {
    'token:get': () => vault.get(),
    'token:set': (token) => vault.set(token),
    'token:clear': () => vault.clear(),
    'token:storage': () => vault.storage(),

    'cv:save': (requestedName, bytes) => {
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
    },

    'evidence:save': (requestedName, bytes) => {
      const type = evidenceTypeOf(bytes);
      if (!type) throw new Error('Only PDF, PNG or JPEG evidence can be saved.');
      const extension = EVIDENCE_EXTENSIONS[type];
      const base = proposedBase(requestedName, /\.(pdf|png|jpe?g)$/i, 'right_to_work');
      return saveWithDialog(
        {
          title: 'Save right-to-work evidence',
          defaultPath: path.join(runtime.downloadsDir, `${base}.${extension}`),
          filters: [
            { name: type === 'application/pdf' ? 'PDF documents' : 'Images', extensions: [extension] },
          ],
        },
        bytes,
      );
    },

    'qr:save': (requestedName, bytes) => {
      const extension = qrExtensionOf(bytes);
      if (!extension) throw new Error('Only an SVG or PNG QR code can be saved.');
      const base = proposedBase(requestedName, /\.(svg|png)$/i, 'qr-code');
      return saveWithDialog(
        {
          title: 'Save QR code',
          defaultPath: path.join(runtime.downloadsDir, `${base}.${extension}`),
          filters: [{ name: extension === 'svg' ? 'SVG images' : 'PNG images', extensions: [extension] }],
        },
        bytes,
      );
    },

    'export:save': (requestedName, bytes) => {
      const base = proposedBase(requestedName, /\.json$/i, 'applicant-data');
      return saveWithDialog(
        {
          title: 'Save applicant data',
          defaultPath: path.join(runtime.downloadsDir, `${base}.json`),
          filters: [{ name: 'JSON files', extensions: ['json'] }],
        },
        bytes,
      );
    },

    'report:save': (requestedName, bytes) => {
      const base = proposedBase(requestedName, /\.csv$/i, 'hiring-report');
      return saveWithDialog(
        {
          title: 'Save report',
          defaultPath: path.join(runtime.downloadsDir, `${base}.csv`),
          filters: [{ name: 'CSV files', extensions: ['csv'] }],
        },
        bytes,
      );
    },

    'settings:get': () => settings.get(),
    'settings:set': async (value) => {
      const before = await settings.get();
      const saved = await settings.set(value);
      // A token is only ever sent to the server that issued it: a new address means a new sign-in.
      if (saved.apiServerUrl !== before.apiServerUrl) await vault.clear();
      return saved;
    },
    'settings:check': (url) => checkConnection(runtime.fetch, url),

    // One notification per message: the page sends one for each batch of new applications it
    // finds. A click brings the console forward and asks the page to show the New applications.
    'applications:notify': (count) => {
      runtime.showNotification(newApplicationsNotice(count), () => {
        runtime.focusWindow();
        runtime.sendToWindow('applications:open-new');
      });
    },

    // One per batch the page finds newly overdue; a click brings the console forward, where the
    // applications list and the pipeline mark them.
    'overdue:notify': (count) => {
      runtime.showNotification(overdueApplicationsNotice(count), () => runtime.focusWindow());
    },

    // The page sends one per application whose interview has started without the interviewer's
    // scorecard; a click brings the console forward, where their list shows it.
    'scorecards:notify': ({ jobTitle }) => {
      runtime.showNotification(scorecardDueNotice(jobTitle), () => runtime.focusWindow());
    },

    // The page sends one per job newly given to a hiring manager, and one per job with a newly
    // booked interview; a click brings the console forward, where their list shows it.
    'hiring:notify': ({ news, jobTitle }) => {
      runtime.showNotification(hiringNewsNotice(news, jobTitle), () => runtime.focusWindow());
    },

    // Takes no arguments: the page can only ask whether an update waits, and to restart for it.
    'update:status': (): ConsoleUpdate => services.updates?.status() ?? { state: 'none' },
    'update:restart': (): Promise<RestartOutcome> =>
      services.updates?.restart() ?? Promise.resolve('nothing-to-install'),
  });
}

/** Contacts only an address the settings would take: https, or http to this computer, no user info. */
async function checkConnection(fetchImpl: typeof fetch, url: string): Promise<ConnectionCheck> {
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

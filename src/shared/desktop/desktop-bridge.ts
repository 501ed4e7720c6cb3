import { z } from 'zod';
import { trimEnd } from '../format/trim-end';
import { MAX_CV_BYTES, MAX_EXPORT_BYTES, MAX_REPORT_CSV_BYTES } from '../limits';

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

/** The desktop renderer's origin (a privileged custom scheme, never file://); the API allows it by default. */
export const DESKTOP_APP_ORIGIN = 'app://careers-console';

/**
 * Where the session token lives: the OS keychain; else a file in the user-data folder encrypted
 * with Electron's safeStorage (its key held by the OS); else (fail-closed) this run's memory only.
 */
const tokenStorageKindSchema = z.enum(['keychain', 'encrypted-file', 'memory']);
export type TokenStorageKind = z.infer<typeof tokenStorageKindSchema>;

/** The console's own update: none waiting, or a newer version downloaded, verified and ready to install. */
const consoleUpdateSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('ready'), version: z.string() }),
]);
export type ConsoleUpdate = z.infer<typeof consoleUpdateSchema>;

/**
 * What asking to restart for an update led to: the console is restarting, the admin chose to stay
 * on a page with unsaved work (nothing changes), or there was no update to install.
 */
const restartOutcomeSchema = z.enum(['restarting', 'stayed', 'nothing-to-install']);
export type RestartOutcome = z.infer<typeof restartOutcomeSchema>;

/** How a save through the browser or the native Save dialog ended. */
const saveResultSchema = z.enum(['saved', 'cancelled']);
export type SaveResult = z.infer<typeof saveResultSchema>;

const connectionCheckSchema = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

/** A session token as the API issues it (a JWT): the vault stores nothing else. */
const tokenSchema = z
  .string()
  .min(10)
  .max(8192)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'not a JWT');

/** The name the page proposes for a saved file; main keeps only its base name. */
const proposedFileNameSchema = z.string().min(1).max(300);

/** Bytes from the page, whatever buffer backs them (z.instanceof would type them ArrayBuffer-backed only). */
const bytesSchema = z.custom<Uint8Array>(
  (value) => value instanceof Uint8Array,
  'Input not instance of Uint8Array',
);

const cvBytesSchema = bytesSchema.refine(
  (bytes) => bytes.byteLength > 0 && bytes.byteLength <= MAX_CV_BYTES,
  'bad size',
);

const exportBytesSchema = bytesSchema
  .refine((bytes) => bytes.byteLength > 1 && bytes.byteLength <= MAX_EXPORT_BYTES, 'bad size')
  // An export is one JSON object; anything else is not what this channel saves.
  .refine((bytes) => bytes[0] === 0x7b, 'not a JSON object');

const reportCsvBytesSchema = bytesSchema
  .refine((bytes) => bytes.byteLength > 0 && bytes.byteLength <= MAX_REPORT_CSV_BYTES, 'bad size')
  // A report's CSV is text: a NUL byte means it is something else (a PDF, an image).
  .refine((bytes) => !bytes.includes(0), 'not text');
/** A tracking link's QR code: an SVG or PNG image of a few KB, never more than this. */
const MAX_QR_BYTES = 1024 * 1024;
const qrBytesSchema = bytesSchema.refine(
  (bytes) => bytes.byteLength > 0 && bytes.byteLength <= MAX_QR_BYTES,
  'bad size',
);

/** What a hiring manager's console tells them of: a job given them, an interview booked on their job. */
export const HIRING_NEWS = ['job-given', 'interview-booked'] as const;
export type HiringNews = (typeof HIRING_NEWS)[number];

/** A call from the page that main answers (`invoke`/`handle`). */
interface InvokeMessage {
  kind: 'invoke';
  /** Its function on `window.desktop`. */
  bridge: string;
  /** What the page sends, as a tuple: main parses it before the handler runs. */
  args: z.ZodTuple;
  /** What main answers: main parses it too, so nothing outside the contract reaches the page. */
  answer: z.ZodType;
}

/**
 * A bare signal from main to the page (`webContents.send`); its `window.desktop` function
 * subscribes a listener, called with no arguments, and returns the unsubscribe.
 */
interface EventMessage {
  kind: 'event';
  bridge: string;
}

const call = <const Bridge extends string, Args extends z.ZodTuple, Answer extends z.ZodType>(
  bridge: Bridge,
  args: Args,
  answer: Answer,
) => ({ kind: 'invoke' as const, bridge, args, answer });

const signal = <const Bridge extends string>(bridge: Bridge) => ({ kind: 'event' as const, bridge });

/**
 * Every message between the console's page and its main process, by channel (`domain:action`).
 * The bridge type, the preload's functions and main's handler registration are all derived from
 * this map: a new message is one entry here plus its handler in main
 * (docs/architecture.md#ipc-channels).
 */
export const DESKTOP_MESSAGES = {
  'token:get': call('getToken', z.tuple([]), z.string().nullable()),
  'token:set': call('setToken', z.tuple([tokenSchema]), tokenStorageKindSchema),
  'token:clear': call('clearToken', z.tuple([]), z.void()),
  'token:storage': call('tokenStorage', z.tuple([]), tokenStorageKindSchema),
  'cv:save': call('saveCv', z.tuple([proposedFileNameSchema, cvBytesSchema]), saveResultSchema),
  /** A right-to-work evidence file (PDF, PNG or JPEG, named by its bytes) through the Save dialog. */
  'evidence:save': call('saveEvidence', z.tuple([proposedFileNameSchema, cvBytesSchema]), saveResultSchema),
  /** A tracking link's QR code (SVG or PNG, named by its bytes) through the Save dialog. */
  'qr:save': call('saveQrCode', z.tuple([proposedFileNameSchema, qrBytesSchema]), saveResultSchema),
  /** An applicant's data export (a JSON file) through the native Save dialog. */
  'export:save': call(
    'saveApplicantExport',
    z.tuple([proposedFileNameSchema, exportBytesSchema]),
    saveResultSchema,
  ),
  /** A hiring report's CSV (docs/behaviour.md#reports) through the native Save dialog. */
  'report:save': call(
    'saveReportCsv',
    z.tuple([proposedFileNameSchema, reportCsvBytesSchema]),
    saveResultSchema,
  ),
  'settings:get': call('getSettings', z.tuple([]), desktopSettingsSchema),
  'settings:set': call('setSettings', z.tuple([desktopSettingsSchema]), desktopSettingsSchema),
  /** Any text: an address the settings would refuse is answered as a failed check, never contacted. */
  'settings:check': call('checkConnection', z.tuple([z.string()]), connectionCheckSchema),
  /** One native notification for a batch of `count` new applications. */
  'applications:notify': call(
    'notifyNewApplications',
    z.tuple([z.number().int().min(1).max(MAX_NOTIFIED_APPLICATIONS)]),
    z.void(),
  ),
  /**
   * One native notification telling an interviewer that a scorecard is due, naming the job only
   * (a notification can show on a locked screen; the applicant's name stays in the console).
   */
  'scorecards:notify': call(
    'notifyScorecardDue',
    z.tuple([z.object({ jobTitle: z.string().trim().min(1).max(200) }).strict()]),
    z.void(),
  ),
  /**
   * One native notification telling a hiring manager a job is theirs to hire for, or an interview
   * on their job was booked, naming the job only (never the applicant, as above).
   */
  'hiring:notify': call(
    'notifyHiringNews',
    z.tuple([z.object({ news: z.enum(HIRING_NEWS), jobTitle: z.string().trim().min(1).max(200) }).strict()]),
    z.void(),
  ),
  /**
   * One native notification for a batch of `count` applications newly past their stage's time
   * limit (docs/behaviour.md#response-times); no applicant is named.
   */
  'overdue:notify': call(
    'notifyOverdueApplications',
    z.tuple([z.number().int().min(1).max(MAX_NOTIFIED_APPLICATIONS)]),
    z.void(),
  ),
  /** The admin clicked that notification: show the New applications. */
  'applications:open-new': signal('onOpenNewApplications'),
  /** Whether a downloaded, verified update is waiting. */
  'update:status': call('getUpdateStatus', z.tuple([]), consoleUpdateSchema),
  /** Closes the console (asking first about unsaved work) and installs the waiting update. */
  'update:restart': call('restartToUpdate', z.tuple([]), restartOutcomeSchema),
  /** A newer console has been downloaded and verified: offer "Restart to update". */
  'update:ready': signal('onUpdateReady'),
} as const satisfies Record<`${string}:${string}`, InvokeMessage | EventMessage>;

type Messages = typeof DESKTOP_MESSAGES;
export type DesktopChannel = keyof Messages;
/** The channels the page calls and main answers. */
export type DesktopInvokeChannel = {
  [C in DesktopChannel]: Messages[C] extends InvokeMessage ? C : never;
}[DesktopChannel];
/** The signals main sends to the page. */
export type DesktopEventChannel = Exclude<DesktopChannel, DesktopInvokeChannel>;

/** The arguments of a call as its handler in main receives them: parsed against the contract. */
export type DesktopArgs<C extends DesktopInvokeChannel> = z.output<Messages[C]['args']>;
/** What a handler in main returns for a call, before main parses it against the contract. */
export type DesktopAnswerIn<C extends DesktopInvokeChannel> = z.input<Messages[C]['answer']>;

type BridgeFunction<M> = M extends {
  args: infer Args extends z.ZodTuple;
  answer: infer Answer extends z.ZodType;
}
  ? (...args: z.input<Args>) => Promise<z.output<Answer>>
  : (listener: () => void) => () => void;

/** What the preload exposes as `window.desktop`: one function per message, nothing else. */
export type DesktopBridge = {
  [C in DesktopChannel as Messages[C]['bridge']]: BridgeFunction<Messages[C]>;
};

const channels = Object.keys(DESKTOP_MESSAGES) as DesktopChannel[];
const isInvoke = (channel: DesktopChannel): channel is DesktopInvokeChannel =>
  DESKTOP_MESSAGES[channel].kind === 'invoke';

export const DESKTOP_INVOKE_CHANNELS: readonly DesktopInvokeChannel[] = channels.filter(isInvoke);
export const DESKTOP_EVENT_CHANNELS: readonly DesktopEventChannel[] = channels.filter(
  (channel): channel is DesktopEventChannel => !isInvoke(channel),
);
export const DESKTOP_BRIDGE_FUNCTIONS: readonly (keyof DesktopBridge)[] = channels.map(
  (channel) => DESKTOP_MESSAGES[channel].bridge,
);

import { readFile } from 'node:fs/promises';
import type { AppUpdater, UpdateDownloadedEvent, UpdateInfo } from 'electron-updater';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { ConsoleUpdate, RestartOutcome } from '../shared/desktop/desktop-bridge';

/** How often a running console looks for a newer version, besides once at start. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/**
 * electron-updater's own network session (its ElectronHttpExecutor asks Electron for this
 * partition): plain-http requests in it are cancelled, redirects included (see refusePlainHttp).
 */
export const UPDATER_SESSION_PARTITION = 'electron-updater';

export interface UpdateLog {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

/** Why an update feed address is refused, or undefined when it is a plain https address. */
export function feedUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it is not an address';
  }
  if (parsed.protocol !== 'https:') return `updates travel over https only, not ${parsed.protocol}`;
  if (parsed.username || parsed.password) return 'it must not carry a user name or password';
  return undefined;
}

const feedConfigSchema = z.object({
  provider: z.literal('generic', { error: 'the console updates only from the company’s own (generic) feed' }),
  url: z.string({ error: 'it names no address' }).superRefine((url, context) => {
    const problem = feedUrlProblem(url);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  channel: z.string().min(1).optional(),
});

export type UpdateFeed = z.infer<typeof feedConfigSchema>;

/**
 * The feed electron-builder wrote into the installed console (resources/app-update.yml, from the
 * build's publish setting), checked before electron-updater is given it: only the generic provider
 * over https. Anything else means no updates, and a line in the log saying why.
 */
export async function readUpdateFeed(
  configPath: string,
): Promise<{ feed: UpdateFeed } | { refused: string }> {
  let text: string;
  try {
    text = await readFile(configPath, 'utf8');
  } catch {
    return { refused: `no update feed: ${configPath} cannot be read` };
  }
  let config: unknown;
  try {
    config = parseYaml(text);
  } catch {
    return { refused: `no update feed: ${configPath} is not YAML` };
  }
  const parsed = feedConfigSchema.safeParse(config);
  if (!parsed.success) {
    const url = (config as { url?: unknown } | null)?.url;
    return {
      refused: `update feed ${typeof url === 'string' ? url : '(none)'} refused: ${parsed.error.issues[0]?.message}`,
    };
  }
  return { feed: parsed.data };
}

/** The part of Electron's WebRequest API the guard uses. */
export interface UpdaterWebRequest {
  onBeforeRequest(
    listener: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void,
  ): void;
}

/**
 * Cancels every request of electron-updater's session that is not https: a feed that redirects
 * its update information or its installer to plain http is refused, not followed.
 */
export function refusePlainHttp(webRequest: UpdaterWebRequest, log: UpdateLog): void {
  webRequest.onBeforeRequest((details, callback) => {
    const https = details.url.startsWith('https:');
    if (!https) log.error(`update request to ${details.url} refused: updates travel over https only`);
    callback({ cancel: !https });
  });
}

export interface AutoUpdateOptions {
  /** electron-updater's updater for this platform (its own classes: they check and verify). */
  updater: AppUpdater;
  /** app-update.yml inside the installed console. */
  configPath: string;
  log: UpdateLog;
  /** Tells the console's page that an update is ready. */
  announce(): void;
  /**
   * Closes the console's window the way the admin would, so a page with unsaved work asks first:
   * true once the window is gone, false if the admin chose to stay.
   */
  closeWindow(): Promise<boolean>;
  /** Runs `check` every `ms`; returns the cancel. A plain interval in the app. */
  every?: (check: () => void, ms: number) => () => void;
}

export interface AutoUpdate {
  /** Reads and checks the feed, looks for an update now and then every few hours. */
  start(): Promise<void>;
  /** One look at the feed; settles when electron-updater has answered (a download goes on after). */
  check(): Promise<void>;
  status(): ConsoleUpdate;
  /** True from the moment a restart to update is under way (the window closing is part of it). */
  restarting(): boolean;
  restart(): Promise<RestartOutcome>;
  stop(): void;
}

const plainInterval = (check: () => void, ms: number) => {
  const timer = setInterval(check, ms);
  timer.unref?.();
  return () => clearInterval(timer);
};

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The console keeping itself up to date: it checks at start and every few hours, downloads in the
 * background, and only offers "Restart to update". Nothing restarts by itself; a downloaded update
 * that is never chosen is installed when the admin next quits (electron-updater's install on quit).
 * electron-updater installs a file only when its sha512 matches the feed's latest*.yml (and, on
 * Windows, its publisher signature when the build names one); a file that does not is refused.
 */
export function createAutoUpdate(options: AutoUpdateOptions): AutoUpdate {
  const { updater, log } = options;
  let current: ConsoleUpdate = { state: 'none' };
  let feed: UpdateFeed | undefined;
  let restarting = false;
  let cancelTimer: (() => void) | undefined;

  const offer = (version: string) => {
    if (current.state === 'ready' && current.version === version) return;
    current = { state: 'ready', version };
    log.info(`update ${version} downloaded and verified: offering "Restart to update"`);
    options.announce();
  };

  /** Every file of the update comes from https, whatever the feed's latest*.yml says. */
  const plainHttpFile = (info: UpdateInfo) =>
    info.files
      .map((file) => new URL(file.url, feed!.url.endsWith('/') ? feed!.url : `${feed!.url}/`))
      .find((url) => url.protocol !== 'https:');

  updater.on('update-available', (info) => {
    if (current.state === 'ready' && current.version === info.version) return;
    const insecure = plainHttpFile(info);
    if (insecure) {
      log.error(`update ${info.version} refused: ${insecure.href} is not served over https`);
      return;
    }
    log.info(`update ${info.version} found: downloading in the background`);
    updater.downloadUpdate().catch((error: unknown) => {
      const code = (error as { code?: string }).code;
      log.error(
        code === 'ERR_CHECKSUM_MISMATCH'
          ? `update ${info.version} refused: the downloaded file does not match the feed's checksum (${reason(error)})`
          : `update ${info.version} not downloaded: ${reason(error)}`,
      );
    });
  });
  updater.on('update-downloaded', (event: UpdateDownloadedEvent) => offer(event.version));

  const check = async () => {
    if (!feed) return;
    try {
      await updater.checkForUpdates();
    } catch (error) {
      log.warn(`update check failed: ${reason(error)}`);
    }
  };

  return {
    async start() {
      const found = await readUpdateFeed(options.configPath);
      if ('refused' in found) {
        log.error(`${found.refused}; this console will not update itself`);
        return;
      }
      feed = found.feed;
      // electron-updater's own account (it logs each failure it emits as an error) goes to the same log.
      updater.logger = {
        info: (message: unknown) => log.info(`updater: ${String(message)}`),
        warn: (message: unknown) => log.warn(`updater: ${String(message)}`),
        error: (message: unknown) => log.error(`updater: ${String(message)}`),
      };
      // The console decides when to download (after checking where the files come from) and never
      // goes back to an older version.
      updater.autoDownload = false;
      updater.allowDowngrade = false;
      updater.allowPrerelease = false;
      updater.autoInstallOnAppQuit = true;
      updater.setFeedURL({ ...feed });
      log.info(
        `checking for updates at ${feed.url} now and every ${UPDATE_CHECK_INTERVAL_MS / 3_600_000} hours`,
      );
      cancelTimer = (options.every ?? plainInterval)(() => void check(), UPDATE_CHECK_INTERVAL_MS);
      await check();
    },
    check,
    status: () => current,
    restarting: () => restarting,
    async restart() {
      if (current.state !== 'ready') return 'nothing-to-install';
      if (restarting) return 'restarting';
      restarting = true;
      const closed = await options.closeWindow();
      if (!closed) {
        restarting = false;
        log.info('restart to update put off: the admin stayed on a page with unsaved changes');
        return 'stayed';
      }
      log.info(`restarting to install update ${current.version}`);
      // Silent installer, then the console starts again on the new version.
      updater.quitAndInstall(true, true);
      return 'restarting';
    },
    stop() {
      cancelTimer?.();
    },
  };
}

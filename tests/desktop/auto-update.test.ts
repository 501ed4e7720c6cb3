import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  createAutoUpdate,
  refusePlainHttp,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATER_SESSION_PARTITION,
} from '../../src/main/auto-update';
import {
  electronForUpdater,
  linuxRelease,
  provideElectronToRequire,
  startFeed,
  testCertificate,
  type FeedEntry,
  type LocalFeed,
} from './update-feed';

/**
 * The console's update logic against a local release server, with electron-updater's own classes
 * (AppImageUpdater: it fetches latest-linux.yml, compares versions, downloads and checks the
 * sha512). Only Electron's runtime is replaced: its app, its network stack (Node's https, trusting
 * this test's certificate only) and the installing itself (quitAndInstall).
 */

const INSTALLED = '1.4.0';
const appImage = randomBytes(64 * 1024);
let tls: { key: string; cert: string };
const work = mkdtempSync(path.join(os.tmpdir(), 'console-updates-'));
const saved = {
  resourcesPath: process.resourcesPath,
  APPIMAGE: process.env.APPIMAGE,
  XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
};

beforeAll(async () => {
  tls = await testCertificate();
}, 60_000);

afterAll(() => {
  Object.assign(process, { resourcesPath: saved.resourcesPath });
  for (const name of ['APPIMAGE', 'XDG_CACHE_HOME'] as const) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  rmSync(work, { recursive: true, force: true });
});

afterEach(() => vi.restoreAllMocks());

/** Files of any update the updater downloaded, anywhere in its cache. */
function cachedAppImages(cacheDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.AppImage')) found.push(full);
    }
  };
  walk(cacheDir);
  return found;
}

/**
 * An installed console (version 1.4.0) whose app-update.yml names `feedUrl`, its updates started
 * as main starts them: the plain-http guard on electron-updater's session, then the first check.
 */
async function installedConsole(feedUrl: string) {
  const dir = mkdtempSync(path.join(work, 'console-'));
  const resources = path.join(dir, 'resources');
  const userData = path.join(dir, 'user-data');
  const cache = path.join(dir, 'cache');
  for (const folder of [resources, userData, cache]) mkdirSync(folder);
  const configPath = path.join(resources, 'app-update.yml');
  writeFileSync(
    configPath,
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: careers-console-updater\n`,
  );
  // Where Electron and the AppImage runtime tell electron-updater the app and its caches live.
  Object.assign(process, { resourcesPath: resources });
  process.env.APPIMAGE = path.join(dir, `Careers-Console-${INSTALLED}.AppImage`);
  writeFileSync(process.env.APPIMAGE, 'the installed console');
  process.env.XDG_CACHE_HOME = cache;

  const electron = electronForUpdater({ version: INSTALLED, userData, ca: tls.cert });
  onTestFinished(provideElectronToRequire(electron));
  const { AppImageUpdater } = await import('electron-updater');
  const updater = new AppImageUpdater();
  // Installing replaces the running AppImage and starts it: that is the running system's part.
  const quitAndInstall = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined);

  const log: string[] = [];
  const record = (level: string) => (line: string) => void log.push(`${level} ${line}`);
  const updateLog = { info: record('info'), warn: record('warn'), error: record('error') };
  const scheduled: { check: () => void; ms: number }[] = [];
  const announced: number[] = [];
  const closeWindow = vi.fn(async () => true);
  refusePlainHttp(electron.session.fromPartition(UPDATER_SESSION_PARTITION).webRequest, updateLog);
  const updates = createAutoUpdate({
    updater,
    configPath,
    log: updateLog,
    announce: () => void announced.push(Date.now()),
    closeWindow,
    every: (check, ms) => {
      scheduled.push({ check, ms });
      return () => undefined;
    },
  });
  onTestFinished(() => updates.stop());
  await updates.start();
  return { updates, updater, log, scheduled, announced, closeWindow, quitAndInstall, cache };
}

async function feed(files: Record<string, FeedEntry>, overTls = true): Promise<LocalFeed> {
  const server = await startFeed(files, overTls ? tls : undefined);
  onTestFinished(() => server.close());
  return server;
}

describe('an installed console keeping itself up to date', () => {
  it('finds a newer version at start, downloads it in the background and offers it once verified', async () => {
    const server = await feed(linuxRelease('1.5.0', appImage));
    const installed = await installedConsole(server.url);

    await vi.waitFor(() => expect(installed.announced).toHaveLength(1), { timeout: 15_000 });
    expect(installed.updates.status()).toEqual({ state: 'ready', version: '1.5.0' });
    expect(server.requests).toEqual([
      '/careers-console/latest-linux.yml',
      '/careers-console/Careers-Console-1.5.0.AppImage',
    ]);
    const [downloaded] = cachedAppImages(installed.cache);
    expect(readFileSync(downloaded!).equals(appImage)).toBe(true);
    // Offered, never forced: nothing closes or installs until the admin asks.
    expect(installed.closeWindow).not.toHaveBeenCalled();
    expect(installed.quitAndInstall).not.toHaveBeenCalled();

    // Checked again every few hours; the same version is not offered twice.
    expect(installed.scheduled.map(({ ms }) => ms)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(4 * 60 * 60 * 1000);
    installed.scheduled[0]!.check();
    await vi.waitFor(() =>
      expect(server.requests.filter((request) => request.endsWith('latest-linux.yml'))).toHaveLength(2),
    );
    await installed.updates.check();
    expect(installed.announced).toHaveLength(1);
  });

  for (const version of ['1.3.9', INSTALLED]) {
    it(`does not offer version ${version} to a console on ${INSTALLED}`, async () => {
      const server = await feed(linuxRelease(version, appImage));
      const installed = await installedConsole(server.url);

      expect(server.requests).toEqual(['/careers-console/latest-linux.yml']);
      expect(installed.updates.status()).toEqual({ state: 'none' });
      expect(installed.announced).toEqual([]);
      expect(await installed.updates.restart()).toBe('nothing-to-install');
      expect(installed.closeWindow).not.toHaveBeenCalled();
    });
  }

  it('refuses a downloaded file whose sha512 is not the one latest-linux.yml names, and says so in the log', async () => {
    const tampered = Buffer.from(appImage);
    tampered[tampered.length - 1]! ^= 0xff;
    const server = await feed(linuxRelease('1.5.0', appImage, tampered));
    const installed = await installedConsole(server.url);

    await vi.waitFor(
      () => expect(installed.log.join('\n')).toMatch(/error update 1\.5\.0 refused: .*checksum/),
      { timeout: 15_000 },
    );
    expect(server.requests).toContain('/careers-console/Careers-Console-1.5.0.AppImage');
    expect(installed.announced).toEqual([]);
    expect(installed.updates.status()).toEqual({ state: 'none' });
    expect(cachedAppImages(installed.cache)).toEqual([]);
    expect(await installed.updates.restart()).toBe('nothing-to-install');
    expect(installed.quitAndInstall).not.toHaveBeenCalled();
  });

  it('refuses a feed over plain http before electron-updater is given it', async () => {
    const server = await feed(linuxRelease('1.5.0', appImage), false);
    expect(server.url).toMatch(/^http:/);
    const installed = await installedConsole(server.url);

    expect(installed.log).toContainEqual(
      `error update feed ${server.url} refused: updates travel over https only, not http:; this console will not update itself`,
    );
    expect(server.requests).toEqual([]);
    expect(installed.scheduled).toEqual([]);
    await installed.updates.check();
    expect(server.requests).toEqual([]);
    expect(installed.updates.status()).toEqual({ state: 'none' });
  });

  it('does not follow a feed that redirects its update information to plain http', async () => {
    const insecure = await feed(linuxRelease('1.5.0', appImage), false);
    const server = await feed({
      'careers-console/latest-linux.yml': { redirect: `${insecure.url}latest-linux.yml` },
    });
    const installed = await installedConsole(server.url);

    expect(server.requests).toEqual(['/careers-console/latest-linux.yml']);
    expect(insecure.requests).toEqual([]);
    expect(installed.log).toContainEqual(
      `error update request to ${insecure.url}latest-linux.yml refused: updates travel over https only`,
    );
    expect(installed.updates.status()).toEqual({ state: 'none' });
    expect(installed.announced).toEqual([]);
  });

  it('refuses an update whose latest-linux.yml sends the download to plain http', async () => {
    const insecure = await feed(linuxRelease('1.5.0', appImage), false);
    const release = linuxRelease('1.5.0', appImage);
    const latest = String(release['careers-console/latest-linux.yml']).replaceAll(
      'url: Careers-Console-1.5.0.AppImage',
      `url: ${insecure.url}Careers-Console-1.5.0.AppImage`,
    );
    const server = await feed({ ...release, 'careers-console/latest-linux.yml': latest });
    const installed = await installedConsole(server.url);

    expect(installed.log).toContainEqual(
      `error update 1.5.0 refused: ${insecure.url}Careers-Console-1.5.0.AppImage is not served over https`,
    );
    expect(insecure.requests).toEqual([]);
    expect(installed.updates.status()).toEqual({ state: 'none' });
  });

  it('installs only when the admin chooses Restart, and only once the window has let go', async () => {
    const server = await feed(linuxRelease('1.5.0', appImage));
    const installed = await installedConsole(server.url);
    await vi.waitFor(() => expect(installed.updates.status().state).toBe('ready'), { timeout: 15_000 });

    // The admin stays on a page with unsaved changes: nothing installs, the offer stands.
    installed.closeWindow.mockResolvedValueOnce(false);
    expect(await installed.updates.restart()).toBe('stayed');
    expect(installed.quitAndInstall).not.toHaveBeenCalled();
    expect(installed.updates.restarting()).toBe(false);
    expect(installed.updates.status()).toEqual({ state: 'ready', version: '1.5.0' });

    expect(await installed.updates.restart()).toBe('restarting');
    expect(installed.closeWindow).toHaveBeenCalledTimes(2);
    expect(installed.quitAndInstall).toHaveBeenCalledWith(true, true);
    expect(installed.updates.restarting()).toBe(true);
  });
});

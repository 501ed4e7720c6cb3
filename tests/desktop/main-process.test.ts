import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import electronUpdater from 'electron-updater';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  electronForUpdater,
  linuxRelease,
  provideElectronToRequire,
  startFeed,
  testCertificate,
  type LocalFeed,
} from './update-feed';

type Listener = (...args: unknown[]) => unknown;

/**
 * Electron's runtime replaced at the boundary, as far as the console's main module uses it: the
 * real src/main/index.ts starts against it, registering its real IPC handlers, creating its window
 * and wiring its events, and the test plays Electron's part (sending messages, clicking the
 * notification, unloading the page, closing the window). electron-updater is the real one, reaching
 * a local release server through the stand-in's network stack (see update-feed.ts).
 */
const electron = vi.hoisted(() => {
  const userData = { dir: '' };
  const handlers = new Map<string, Listener>();
  const windows: FakeWindow[] = [];
  const notifications: FakeNotification[] = [];
  const messageBoxes: { options: { buttons: string[] }; answer: number }[] = [];
  /** What main handed to the system browser. */
  const opened: string[] = [];
  let nextAnswer = 1;

  class FakeContents {
    id = 41;
    listeners = new Map<string, Listener[]>();
    sent: unknown[][] = [];
    on(name: string, listener: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    emit(name: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(name) ?? []) listener(...args);
    }
    send(...args: unknown[]) {
      this.sent.push(args);
    }
    openHandler: Listener = () => undefined;
    setWindowOpenHandler(handler: Listener) {
      this.openHandler = handler;
    }
  }

  const appListeners = new Map<string, Listener[]>();
  const quits = { count: 0 };

  class FakeWindow {
    webContents = new FakeContents();
    listeners = new Map<string, Listener[]>();
    minimized = true;
    focused = 0;
    shown = 0;
    destroyed = false;
    /** The page refuses to unload, as one with unsaved work does (its beforeunload prevented). */
    unsaved = false;
    constructor() {
      windows.push(this);
    }
    on(name: string, listener: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    once(name: string, listener: Listener) {
      const once: Listener = (...args) => {
        this.off(name, once);
        return listener(...args);
      };
      (once as Listener & { original?: Listener }).original = listener;
      return this.on(name, once);
    }
    off(name: string, listener: Listener) {
      this.listeners.set(
        name,
        (this.listeners.get(name) ?? []).filter(
          (entry) =>
            entry !== listener && (entry as Listener & { original?: Listener }).original !== listener,
        ),
      );
      return this;
    }
    emit(name: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(name) ?? []) listener(...args);
    }
    /** As Electron closes a window: a page that refuses to unload stays unless will-prevent-unload is prevented. */
    close() {
      if (this.unsaved) {
        let leave = false;
        this.webContents.emit('will-prevent-unload', { preventDefault: () => (leave = true) });
        if (!leave) return;
      }
      this.destroyed = true;
      windows.splice(windows.indexOf(this), 1);
      this.emit('closed');
      if (windows.length === 0)
        for (const listener of appListeners.get('window-all-closed') ?? []) listener();
    }
    loadURL = async () => undefined;
    isMinimized = () => this.minimized;
    restore = () => void (this.minimized = false);
    show = () => void (this.shown += 1);
    focus = () => void (this.focused += 1);
    static getAllWindows = () => windows;
  }

  class FakeNotification {
    listeners = new Map<string, Listener>();
    shown = false;
    closed = false;
    constructor(readonly options: { title: string; body: string }) {
      notifications.push(this);
    }
    static isSupported = () => true;
    on(name: string, listener: Listener) {
      this.listeners.set(name, listener);
    }
    show() {
      this.shown = true;
    }
    close() {
      this.closed = true;
    }
    click() {
      this.listeners.get('click')?.();
    }
  }

  let ready: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  return {
    userData,
    handlers,
    windows,
    notifications,
    messageBoxes,
    opened,
    quits,
    answerMessageBox: (answer: number) => (nextAnswer = answer),
    start: () => ready(),
    module: {
      app: {
        requestSingleInstanceLock: () => true,
        quit: () => void (quits.count += 1),
        getPath: () => userData.dir,
        getAppPath: () => userData.dir,
        on: (name: string, listener: Listener) =>
          void appListeners.set(name, [...(appListeners.get(name) ?? []), listener]),
        once: (name: string, listener: Listener) =>
          void appListeners.set(name, [...(appListeners.get(name) ?? []), listener]),
        whenReady: () => whenReady,
        isPackaged: true,
        getName: () => 'Careers Console',
        getVersion: () => '1.4.0',
        relaunch: () => undefined,
      },
      protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
      session: {
        defaultSession: {
          setPermissionRequestHandler: () => undefined,
          setPermissionCheckHandler: () => undefined,
        },
        fromPartition: (_name: string): unknown => undefined,
      },
      safeStorage: { isAsyncEncryptionAvailable: async () => false },
      autoUpdater: {},
      ipcMain: {
        handle: (channel: string, handler: Listener) => handlers.set(channel, handler),
        removeHandler: (channel: string) => handlers.delete(channel),
      },
      dialog: {
        showSaveDialog: async () => ({ canceled: true }),
        showMessageBoxSync: (...args: unknown[]) => {
          const options = args.at(-1) as { buttons: string[] };
          messageBoxes.push({ options, answer: nextAnswer });
          return nextAnswer;
        },
      },
      net: { fetch: async () => new Response('{}'), request: (_options: unknown): unknown => undefined },
      Menu: { setApplicationMenu: () => undefined, buildFromTemplate: (template: unknown) => template },
      BrowserWindow: FakeWindow,
      Notification: FakeNotification,
      shell: {
        openExternal: async (url: string) => {
          opened.push(url);
        },
      },
    },
  };
});

vi.mock('electron', () => ({ ...electron.module, default: electron.module }));

interface FakeWindowShape {
  webContents: {
    id: number;
    emit(name: string, ...args: unknown[]): void;
    sent: unknown[][];
    openHandler(details: { url: string }): unknown;
  };
  minimized: boolean;
  focused: number;
  destroyed: boolean;
  unsaved: boolean;
}

/** Holds the release server's answers until the test lets the console's first update check through. */
let releaseFeed: () => void = () => undefined;
let feed: LocalFeed;

/**
 * Starts the installed console (1.4.0): its app-update.yml names a local https release server
 * offering 1.5.0, which answers only once the test calls releaseFeed().
 */
async function startConsole(): Promise<FakeWindowShape> {
  electron.userData.dir = mkdtempSync(path.join(os.tmpdir(), 'console-main-'));
  const tls = await testCertificate();
  const held = new Promise<void>((resolve) => (releaseFeed = resolve));
  feed = await startFeed(linuxRelease('1.5.0', randomBytes(32 * 1024)), tls, held);
  const resources = path.join(electron.userData.dir, 'resources');
  mkdirSync(resources);
  writeFileSync(
    path.join(resources, 'app-update.yml'),
    `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: careers-console-updater\n`,
  );
  Object.assign(process, { resourcesPath: resources });
  process.env.APPIMAGE = path.join(electron.userData.dir, 'Careers-Console-1.4.0.AppImage');
  writeFileSync(process.env.APPIMAGE, 'the installed console');
  process.env.XDG_CACHE_HOME = electron.userData.dir;
  const network = electronForUpdater({ version: '1.4.0', userData: electron.userData.dir, ca: tls.cert });
  Object.assign(electron.module.net, network.net);
  Object.assign(electron.module.session, { fromPartition: network.session.fromPartition });
  Object.assign(electron.module, { autoUpdater: network.autoUpdater });
  provideElectronToRequire(electron.module);

  await import('../../src/main/index');
  electron.start();
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
  return electron.windows[0] as unknown as FakeWindowShape;
}

/** A message from the console's own page, as Electron describes its sender. */
const fromConsole = (window: FakeWindowShape) => ({
  senderFrame: { url: 'app://careers-console/index.html#/dashboard', parent: null },
  sender: { id: window.webContents.id },
});

describe('the console main process', () => {
  let window: FakeWindowShape;
  const saved = { APPIMAGE: process.env.APPIMAGE, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };
  afterAll(async () => {
    vi.resetModules();
    releaseFeed();
    await feed?.close();
    for (const name of ['APPIMAGE', 'XDG_CACHE_HOME'] as const) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('raises one notification per batch; a click brings the window forward and opens the New applications', async () => {
    window = await startConsole();
    const notify = electron.handlers.get('applications:notify')!;
    expect(notify).toBeDefined();

    await notify(fromConsole(window), 4);
    expect(electron.notifications).toHaveLength(1);
    const [first] = electron.notifications as unknown as {
      options: { title: string; body: string };
      shown: boolean;
      closed: boolean;
      click(): void;
    }[];
    expect(first!.options.body).toMatch(/^4 new applications/);
    expect(first!.shown).toBe(true);
    expect(window.webContents.sent).toEqual([]);

    first!.click();
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(1);
    expect(window.webContents.sent).toEqual([['applications:open-new']]);

    // A later batch replaces the notice still on screen: one from the console at a time.
    await notify(fromConsole(window), 1);
    expect(electron.notifications).toHaveLength(2);
    expect(first!.closed).toBe(true);

    // Only the console's own page may ask.
    await expect(
      Promise.resolve().then(() =>
        notify(
          {
            senderFrame: { url: 'https://evil.example/', parent: null },
            sender: { id: window.webContents.id },
          },
          2,
        ),
      ),
    ).rejects.toThrow(/refused/);
    expect(electron.notifications).toHaveLength(2);
  });

  it('asks Leave / Stay when a page with unsaved work refuses to unload, and keeps it unless Leave', async () => {
    const unload = () => {
      const event = { preventDefault: vi.fn() };
      window.webContents.emit('will-prevent-unload', event);
      return event.preventDefault.mock.calls.length > 0;
    };
    electron.answerMessageBox(1);
    expect(unload()).toBe(false);
    expect(electron.messageBoxes.at(-1)!.options.buttons).toEqual(['Leave', 'Stay']);
    electron.answerMessageBox(0);
    expect(unload()).toBe(true);
    expect(electron.messageBoxes).toHaveLength(2);
  });

  it('hands a mail link to the system mail program only as a bare address, with at most a subject', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      /** What main decided for a link the page opens: handed on, or blocked (and said so). */
      const decide = async (url: string) => {
        const before = electron.opened.length;
        expect(window.webContents.openHandler({ url })).toEqual({ action: 'deny' });
        await vi.waitFor(() =>
          expect(
            electron.opened.length > before ||
              warn.mock.calls.some(([line]) => String(line).startsWith(`blocked opening ${url}:`)),
          ).toBe(true),
        );
        return electron.opened.length > before ? 'opened' : 'blocked';
      };
      for (const url of [
        'mailto:careers@example.co.uk',
        'mailto:jane.applicant@example.com?subject=Your%20application',
        'tel:+441604000000',
      ])
        expect(await decide(url), url).toBe('opened');
      for (const url of [
        'mailto:jane@example.com?attach=/etc/passwd',
        'mailto:jane@example.com?bcc=evil@example.net',
        'mailto:jane@example.com?cc=evil@example.net',
        'mailto:jane@example.com?body=Please%20wire%20the%20money',
        'mailto:jane@example.com?subject=Hi&body=x',
        'mailto:jane@example.com?subject=Hi&subject=again',
        'mailto:jane@example.com?subject=Hi%0D%0ABcc:%20evil@example.net',
        'mailto:jane@example.com,evil@example.net',
        'mailto:?to=evil@example.net',
        'mailto:not-an-address',
      ])
        expect(await decide(url), url).toBe('blocked');
    } finally {
      warn.mockRestore();
    }
  });
  // Last: restarting to update closes the console's window for good.
  it('offers a downloaded update to the page, and restarts for it only when the admin lets the page go', async () => {
    const status = electron.handlers.get('update:status')!;
    const restart = electron.handlers.get('update:restart')!;
    // Electron's session of electron-updater refuses plain http, redirects included.
    const guard = (
      electron.module.session.fromPartition('electron-updater') as {
        beforeRequest?: (details: { url: string }, callback: (answer: { cancel: boolean }) => void) => void;
      }
    ).beforeRequest;
    const verdict = (url: string) => {
      let cancel: boolean | undefined;
      guard?.({ url }, (answer) => (cancel = answer.cancel));
      return cancel;
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect([
      verdict('http://downloads.example.co.uk/x.AppImage'),
      verdict('https://downloads.example.co.uk/'),
    ]).toEqual([true, false]);
    error.mockRestore();

    expect(await status(fromConsole(window))).toEqual({ state: 'none' });
    releaseFeed();
    await vi.waitFor(() => expect(window.webContents.sent).toContainEqual(['update:ready']), {
      timeout: 15_000,
    });
    expect(await status(fromConsole(window))).toEqual({ state: 'ready', version: '1.5.0' });
    const install = vi
      .spyOn(electronUpdater.autoUpdater, 'quitAndInstall')
      .mockImplementation(() => undefined);

    // Only the console's own page may ask for a restart.
    await expect(
      Promise.resolve().then(() =>
        restart({
          senderFrame: { url: 'https://evil.example/', parent: null },
          sender: { id: window.webContents.id },
        }),
      ),
    ).rejects.toThrow(/refused/);

    // A job form with unsaved changes: the leave prompt asks, and Stay keeps the page and its work.
    window.unsaved = true;
    const asked = electron.messageBoxes.length;
    electron.answerMessageBox(1);
    expect(await restart(fromConsole(window))).toBe('stayed');
    expect(electron.messageBoxes).toHaveLength(asked + 1);
    expect(electron.messageBoxes.at(-1)!.options.buttons).toEqual(['Leave', 'Stay']);
    expect(window.destroyed).toBe(false);
    expect(install).not.toHaveBeenCalled();
    expect(await status(fromConsole(window))).toEqual({ state: 'ready', version: '1.5.0' });

    // Leave: the window goes, then the update installs and the console starts again on it.
    electron.answerMessageBox(0);
    expect(await restart(fromConsole(window))).toBe('restarting');
    expect(window.destroyed).toBe(true);
    expect(install).toHaveBeenCalledWith(true, true);
    // The last window closing does not quit the console before the installer is under way.
    expect(electron.quits.count).toBe(0);
  });
});

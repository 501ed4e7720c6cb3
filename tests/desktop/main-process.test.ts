import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS, IPC_EVENTS } from '../../src/shared/desktop/desktop-bridge';

type Listener = (...args: unknown[]) => unknown;

/**
 * Electron's runtime replaced at the boundary, as far as the console's main module uses it: the
 * real src/main/index.ts starts against it, registering its real IPC handlers, creating its window
 * and wiring its events, and the test plays Electron's part (sending messages, clicking the
 * notification, unloading the page).
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

  class FakeWindow {
    webContents = new FakeContents();
    minimized = true;
    focused = 0;
    shown = 0;
    constructor() {
      windows.push(this);
    }
    once() {}
    on() {}
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
    answerMessageBox: (answer: number) => (nextAnswer = answer),
    start: () => ready(),
    module: {
      app: {
        requestSingleInstanceLock: () => true,
        quit: () => undefined,
        getPath: () => userData.dir,
        on: () => undefined,
        whenReady: () => whenReady,
        isPackaged: true,
        getName: () => 'Careers Console',
      },
      protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
      session: {
        defaultSession: {
          setPermissionRequestHandler: () => undefined,
          setPermissionCheckHandler: () => undefined,
        },
      },
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
      net: { fetch: async () => new Response('{}') },
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
}

async function startConsole(): Promise<FakeWindowShape> {
  electron.userData.dir = mkdtempSync(path.join(os.tmpdir(), 'console-main-'));
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
  afterAll(() => vi.resetModules());

  it('raises one notification per batch; a click brings the window forward and opens the New applications', async () => {
    window = await startConsole();
    const notify = electron.handlers.get(IPC_CHANNELS.applicationsNotify)!;
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
    expect(window.webContents.sent).toEqual([[IPC_EVENTS.applicationsOpenNew]]);

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
});

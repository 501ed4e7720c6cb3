import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BrowserWindow,
  Menu,
  Notification,
  app,
  dialog,
  ipcMain,
  net,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import electronUpdater from 'electron-updater';
import { DESKTOP_APP_ORIGIN, type DesktopEventChannel } from '../shared/desktop/desktop-bridge';
import { appMenuTemplate } from './app-menu';
import { createAutoUpdate, refusePlainHttp, UPDATER_SESSION_PARTITION, type UpdateLog } from './auto-update';
import { isAllowedExternalUrl } from './external-links';
import { attachLeavePrompt } from './leave-prompt';
import { registerIpcHandlers } from './ipc/register-ipc-handlers';
import { originOf } from './ipc/trusted-sender';
import { createRendererHandler } from './renderer-protocol';
import { createSettingsStore } from './settings-store';
import { createTokenVault, loadEncryptedFileStore, loadKeytar } from './token-vault';

const APP_SCHEME = 'app';
const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '../renderer');
const appOrigin = devServerUrl ? originOf(devServerUrl)! : DESKTOP_APP_ORIGIN;

// A standard, secure scheme gives the renderer a real origin (app://careers-console) instead of file://.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
]);

// A second launch hands over to the running console (see 'second-instance') and quits.
const isPrimaryInstance = app.requestSingleInstanceLock();
if (!isPrimaryInstance) app.quit();

let mainWindow: BrowserWindow | null = null;
// The notification on screen, kept referenced: one that is garbage-collected loses its click handler.
let notice: Notification | null = null;
const settings = createSettingsStore(app.getPath('userData'));
// The keychain first; then a safeStorage-encrypted file; else memory for this run (token-vault.ts).
const vault = createTokenVault(
  loadKeytar,
  (reason, now) =>
    console.warn(
      `token storage: ${reason}; the token is now kept in ${now === 'memory' ? 'memory only' : now}`,
    ),
  () => loadEncryptedFileStore(safeStorage, path.join(app.getPath('userData'), 'session-token.bin')),
);

const updateLog: UpdateLog = {
  info: (line) => console.info(`[update] ${line}`),
  warn: (line) => console.warn(`[update] ${line}`),
  error: (line) => console.error(`[update] ${line}`),
};
/** Called once when the admin answers the leave prompt while a restart to update waits on the window. */
let onLeaveChoice: ((choice: 'leave' | 'stay') => void) | undefined;

/**
 * Closes the window as its close button would, so a page with unsaved work asks Leave / Stay first:
 * true once the window is gone, false if the admin stayed (the page and its work are untouched).
 */
function closeWindowForUpdate(): Promise<boolean> {
  const window = mainWindow;
  if (!window) return Promise.resolve(true);
  return new Promise((resolve) => {
    const closed = () => {
      onLeaveChoice = undefined;
      resolve(true);
    };
    onLeaveChoice = (choice) => {
      if (choice === 'leave') return;
      onLeaveChoice = undefined;
      window.off('closed', closed);
      resolve(false);
    };
    window.once('closed', closed);
    window.close();
  });
}

/** A signal to the console's page (the contract's events carry nothing). */
const sendToWindow = (channel: DesktopEventChannel) => mainWindow?.webContents.send(channel);

// Only an installed console updates itself: a development run has no feed and nothing to replace.
const updates = app.isPackaged
  ? createAutoUpdate({
      updater: electronUpdater.autoUpdater,
      configPath: path.join(process.resourcesPath, 'app-update.yml'),
      log: updateLog,
      announce: () => sendToWindow('update:ready'),
      closeWindow: closeWindowForUpdate,
    })
  : undefined;

const serveRenderer = createRendererHandler(rendererDir, async () => (await settings.get()).apiServerUrl);

/** The one way out to the system browser: only addresses on the allow-list, anything else is dropped. */
async function openExternal(url: string): Promise<void> {
  const { apiServerUrl } = await settings.get();
  if (isAllowedExternalUrl(url, apiServerUrl)) await shell.openExternal(url);
  else console.warn(`blocked opening ${url}: not on the allow-list`);
}

async function createWindow(): Promise<void> {
  mainWindow = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Careers Console',
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // Defence in depth: the console has no use for middle-click (auxclick) events on its links.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
    },
  });
  const contents = mainWindow.webContents;
  contents.on('will-navigate', (event, url) => {
    if (originOf(url) !== appOrigin) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (originOf(url) !== appOrigin) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    void openExternal(url);
    return { action: 'deny' };
  });
  // Closing or reloading a page with unsaved work asks, as a browser would.
  attachLeavePrompt(
    contents,
    (options) =>
      mainWindow ? dialog.showMessageBoxSync(mainWindow, options) : dialog.showMessageBoxSync(options),
    (choice) => onLeaveChoice?.(choice),
  );
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  await mainWindow.loadURL(devServerUrl ?? `${DESKTOP_APP_ORIGIN}/index.html`);
}

/** Brings the console forward: a second launch, a click on its notification. */
function focusWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

app.on('second-instance', focusWindow);

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

app.whenReady().then(async () => {
  if (!isPrimaryInstance) return;
  protocol.handle(APP_SCHEME, serveRenderer);
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  registerIpcHandlers(
    {
      ipcMain,
      showSaveDialog: (options) =>
        mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options),
      showNotification: ({ title, body }, onClick) => {
        if (!Notification.isSupported()) return;
        // One notice from the console at a time: a newer batch replaces the one still shown.
        notice?.close();
        notice = new Notification({ title, body });
        notice.on('click', onClick);
        notice.show();
      },
      focusWindow,
      sendToWindow,
      windowWebContentsId: () => mainWindow?.webContents.id,
      trustedOrigins: [appOrigin],
      downloadsDir: app.getPath('downloads'),
      fetch: (input, init) => net.fetch(String(input), init),
    },
    { vault, settings, updates },
  );

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        isMac: process.platform === 'darwin',
        isDev: !app.isPackaged,
        appName: app.getName(),
        openWebsite: () => void settings.get().then(({ apiServerUrl }) => openExternal(apiServerUrl)),
      }),
    ),
  );
  await createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow();
  });

  if (updates) {
    refusePlainHttp(session.fromPartition(UPDATER_SESSION_PARTITION, { cache: false }).webRequest, updateLog);
    updates.start().catch((error: unknown) => updateLog.error(`updates could not start: ${String(error)}`));
  }
});

app.on('window-all-closed', () => {
  // A restart to update closes the window first; the updater quits once its installer is under way.
  if (process.platform !== 'darwin' && !updates?.restarting()) app.quit();
});

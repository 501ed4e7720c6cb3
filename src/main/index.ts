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
  session,
  shell,
} from 'electron';
import { DESKTOP_APP_ORIGIN } from '../shared/desktop/desktop-bridge';
import { appMenuTemplate } from './app-menu';
import { isAllowedExternalUrl } from './external-links';
import { attachLeavePrompt } from './leave-prompt';
import { registerIpcHandlers } from './ipc/register-ipc-handlers';
import { originOf } from './ipc/trusted-sender';
import { createRendererHandler } from './renderer-protocol';
import { createSettingsStore } from './settings-store';
import { createTokenVault, loadKeytar } from './token-vault';

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
const vault = createTokenVault(loadKeytar, (reason) =>
  console.warn(`keychain unavailable, token kept in memory: ${reason}`),
);

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
  attachLeavePrompt(contents, (options) =>
    mainWindow ? dialog.showMessageBoxSync(mainWindow, options) : dialog.showMessageBoxSync(options),
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
      sendToWindow: (channel) => mainWindow?.webContents.send(channel),
      windowWebContentsId: () => mainWindow?.webContents.id,
      trustedOrigins: [appOrigin],
      downloadsDir: app.getPath('downloads'),
      fetch: (input, init) => net.fetch(String(input), init),
    },
    { vault, settings },
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
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

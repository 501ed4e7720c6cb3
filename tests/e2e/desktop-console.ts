import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { registerIpcHandlers, type NotificationContent } from '../../src/main/ipc/register-ipc-handlers';
import { createRendererHandler } from '../../src/main/renderer-protocol';
import { createSettingsStore, type SettingsStore } from '../../src/main/settings-store';
import { createTokenVault, loadKeytar, type TokenVault } from '../../src/main/token-vault';
import { createRuntimeStub } from '../desktop/electron-runtime-stub';
import { projectDir } from '../support/server-process';

/**
 * The console's renderer origin in this test. Chromium cannot serve a custom scheme like
 * app://careers-console to Playwright, so the renderer gets the origin it has under
 * `npm run dev:desktop` (electron-vite's dev server, http://localhost:5173): main trusts that
 * origin in development, and the tests' API servers allow it through CORS_ORIGINS (global-setup.ts)
 * as a production server allows any origin it is told to. No server listens there: page.route
 * answers every request with main's own app:// handler (src/main/renderer-protocol.ts), CSP
 * header included.
 */
export const CONSOLE_ORIGIN = 'http://localhost:5173';
export const CONSOLE_URL = `${CONSOLE_ORIGIN}/index.html`;

const outDir = path.join(projectDir, 'out');

function newestUnder(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newestUnder(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** `electron-vite build` when out/ is missing or older than the sources (it needs no Electron binary). */
export function buildConsoleIfStale(): void {
  const outputs = ['renderer/index.html', 'preload/index.cjs', 'main/index.js'].map((file) =>
    path.join(outDir, file),
  );
  const builtAt = outputs.every(existsSync) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
  const sourcesAt = Math.max(
    newestUnder(path.join(projectDir, 'src')),
    statSync(path.join(projectDir, 'electron.vite.config.ts')).mtimeMs,
  );
  if (builtAt > sourcesAt) return;
  console.info('[e2e] desktop build missing or older than the sources: npx electron-vite build');
  execSync('npx electron-vite build', { cwd: projectDir, stdio: 'inherit' });
}

/** Where the page's stand-in for Electron takes main's messages (see preloadInitScript). */
const DELIVER = '__consoleIpcDeliver';

/** The built preload, run in the page with `electron` replaced by the IPC binding below. */
function preloadInitScript(bindingName: string): string {
  const preload = readFileSync(path.join(outDir, 'preload/index.cjs'), 'utf8');
  return `(() => {
    const ipc = globalThis[${JSON.stringify(bindingName)}];
    // Like the isolated world of a real preload: the page itself never sees the raw channel.
    delete globalThis[${JSON.stringify(bindingName)}];
    // Structured clone carries a Uint8Array over Electron's IPC; a Playwright binding carries JSON.
    const encode = (value) => {
      if (!(value instanceof Uint8Array)) return value;
      let binary = '';
      for (let i = 0; i < value.length; i += 0x8000) binary += String.fromCharCode(...value.subarray(i, i + 0x8000));
      return { __bytes: btoa(binary) };
    };
    // Main's messages to the page (webContents.send): the test delivers them through a hidden
    // function, standing in for Electron's own channel into the preload's world.
    const listeners = new Map();
    Object.defineProperty(globalThis, ${JSON.stringify(DELIVER)}, {
      value: (channel) => (listeners.get(channel) ?? []).forEach((listener) => listener({})),
    });
    const electron = {
      contextBridge: {
        exposeInMainWorld(key, api) {
          Object.defineProperty(globalThis, key, { value: Object.freeze({ ...api }), enumerable: true });
        },
      },
      ipcRenderer: {
        invoke: (channel, ...args) => ipc(channel, args.map(encode)),
        on: (channel, listener) => listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
        removeListener: (channel, listener) =>
          listeners.set(channel, (listeners.get(channel) ?? []).filter((entry) => entry !== listener)),
      },
    };
    const require = (name) => {
      if (name === 'electron') return electron;
      throw new Error('a sandboxed preload cannot require ' + name);
    };
    const module = { exports: {} };
    (function (require, module, exports) {
${preload}
    })(require, module, module.exports);
  })();`;
}

const decode = (value: unknown): unknown =>
  value && typeof value === 'object' && '__bytes' in value
    ? new Uint8Array(Buffer.from(String((value as { __bytes: string }).__bytes), 'base64'))
    : value;

export interface SaveAnswer {
  canceled: boolean;
  filePath?: string;
}

export interface DesktopConsole {
  vault: TokenVault;
  settings: SettingsStore;
  userData: string;
  downloads: string;
  /** What the next native Save dialogs answer (the default: cancelled). */
  answerSaveDialog(answer: SaveAnswer): void;
  dialogCalls: { defaultPath: string }[];
  /** The native notifications main showed, each with the click Electron would report. */
  notifications: { content: NotificationContent; click(): void }[];
  /** Messages on channels the main process refused, and CSP violations the page reported. */
  refused: string[];
  cspViolations: string[];
}

/**
 * The console as Electron would run it, short of Electron: the real main-process IPC handlers
 * (Electron's runtime replaced at the boundary, as in tests/desktop), the real token vault (the
 * OS keychain when a session bus is there, else fail-closed memory, or `keychain: false`), the
 * real settings store in a temporary user-data folder, the real preload exposing window.desktop,
 * and the built renderer served by main's app:// handler with its CSP.
 */
export async function openDesktopConsole(
  page: Page,
  options: { apiServerUrl: string; keychain?: boolean },
): Promise<DesktopConsole> {
  const userData = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-user-data-'));
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-downloads-'));
  let nextAnswer: SaveAnswer = { canceled: true };
  const stub = createRuntimeStub({
    downloadsDir: downloads,
    saveAnswer: () => nextAnswer,
    trustedOrigins: [CONSOLE_ORIGIN],
    onSendToWindow: (channel) =>
      void page
        .evaluate(({ deliver, name }) => (globalThis as Record<string, any>)[deliver](name), {
          deliver: DELIVER,
          name: channel,
        })
        .catch((error: unknown) => console.error('message to the console page', error)),
  });
  const useKeychain = (options.keychain ?? true) && Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
  const vault = createTokenVault(useKeychain ? loadKeytar : async () => undefined);
  const settings = createSettingsStore(userData);
  await settings.set({ apiServerUrl: options.apiServerUrl });
  const unregister = registerIpcHandlers(stub.runtime, { vault, settings });
  page.once('close', unregister);

  const refused: string[] = [];
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (process.env.DEBUG_CONSOLE) console.info(`[console] ${message.type()} ${message.text()}`);
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  const serve = createRendererHandler(
    path.join(outDir, 'renderer'),
    async () => (await settings.get()).apiServerUrl,
  );
  await page.route(`${CONSOLE_ORIGIN}/**`, async (route) => {
    const response = await serve(new Request(route.request().url()));
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });

  const bindingName = '__consoleIpc';
  await page.exposeBinding(bindingName, async (source, channel: string, args: unknown[]) => {
    // The sender as Electron's IpcMainInvokeEvent describes it: the calling frame and its page.
    const event = {
      senderFrame: { url: source.frame.url(), parent: source.frame.parentFrame() ? {} : null },
      sender: { id: source.page === page ? stub.windowId : -1 },
    };
    try {
      return await stub.invoke(channel, event, ...args.map(decode));
    } catch (error) {
      if (error instanceof Error && error.name === 'RefusedSenderError') refused.push(channel);
      throw error;
    }
  });
  await page.addInitScript({ content: preloadInitScript(bindingName) });

  return {
    vault,
    settings,
    userData,
    downloads,
    answerSaveDialog: (answer) => {
      nextAnswer = answer;
    },
    dialogCalls: stub.dialogCalls,
    notifications: stub.notifications,
    refused,
    cspViolations,
  };
}

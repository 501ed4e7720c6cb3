import type { IpcRuntime, NotificationContent } from '../../src/main/ipc/register-ipc-handlers';
import type { SenderEvent } from '../../src/main/ipc/trusted-sender';

type Handler = (event: SenderEvent, ...args: unknown[]) => unknown;

/**
 * Electron's runtime replaced at the boundary only: ipcMain keeps the registered handlers so a
 * test can invoke them as a renderer would, the Save dialog answers what the test says, and
 * notifications are recorded for the test to read and click.
 */
export function createRuntimeStub(options: {
  downloadsDir: string;
  saveAnswer?: () =>
    { canceled: boolean; filePath?: string } | Promise<{ canceled: boolean; filePath?: string }>;
  /** The console's origin: app://careers-console in the app, the served origin in the e2e test. */
  trustedOrigins?: string[];
  /** Delivers main's messages to a page (the e2e console); they are recorded either way. */
  onSendToWindow?: (channel: string) => void;
}) {
  const handlers = new Map<string, Handler>();
  const dialogCalls: Parameters<IpcRuntime['showSaveDialog']>[0][] = [];
  const notifications: { content: NotificationContent; click(): void }[] = [];
  const sentToWindow: string[] = [];
  const windowFocus = { count: 0 };
  const WINDOW_ID = 7;
  const runtime: IpcRuntime = {
    ipcMain: {
      handle: (channel, handler) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, handler);
      },
      removeHandler: (channel) => handlers.delete(channel),
    },
    showSaveDialog: async (dialogOptions) => {
      dialogCalls.push(dialogOptions);
      return (await options.saveAnswer?.()) ?? { canceled: true };
    },
    showNotification: (content, onClick) => void notifications.push({ content, click: onClick }),
    focusWindow: () => void (windowFocus.count += 1),
    sendToWindow: (channel) => {
      sentToWindow.push(channel);
      options.onSendToWindow?.(channel);
    },
    windowWebContentsId: () => WINDOW_ID,
    trustedOrigins: options.trustedOrigins ?? ['app://careers-console'],
    downloadsDir: options.downloadsDir,
    fetch: globalThis.fetch,
  };
  const consoleFrame: SenderEvent = {
    senderFrame: { url: 'app://careers-console/index.html#/dashboard', parent: null },
    sender: { id: WINDOW_ID },
  };
  return {
    runtime,
    windowId: WINDOW_ID,
    handlers,
    dialogCalls,
    notifications,
    sentToWindow,
    windowFocus,
    consoleFrame,
    /** Calls a channel the way ipcRenderer.invoke would, from the given frame. */
    invoke(channel: string, event: SenderEvent, ...args: unknown[]) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`no handler for ${channel}`);
      return Promise.resolve().then(() => handler(event, ...args));
    },
  };
}

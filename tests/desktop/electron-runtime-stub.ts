import type { IpcRuntime } from '../../src/main/ipc/register-ipc-handlers';
import type { SenderEvent } from '../../src/main/ipc/trusted-sender';

type Handler = (event: SenderEvent, ...args: unknown[]) => unknown;

/**
 * Electron's runtime replaced at the boundary only: ipcMain keeps the registered handlers so a
 * test can invoke them as a renderer would, and the Save dialog answers what the test says.
 */
export function createRuntimeStub(options: {
  downloadsDir: string;
  saveAnswer?: () =>
    { canceled: boolean; filePath?: string } | Promise<{ canceled: boolean; filePath?: string }>;
  /** The console's origin: app://careers-console in the app, the served origin in the e2e test. */
  trustedOrigins?: string[];
}) {
  const handlers = new Map<string, Handler>();
  const dialogCalls: { defaultPath: string }[] = [];
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
    consoleFrame,
    /** Calls a channel the way ipcRenderer.invoke would, from the given frame. */
    invoke(channel: string, event: SenderEvent, ...args: unknown[]) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`no handler for ${channel}`);
      return Promise.resolve().then(() => handler(event, ...args));
    },
  };
}

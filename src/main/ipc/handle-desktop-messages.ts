import { z } from 'zod';
import {
  DESKTOP_INVOKE_CHANNELS,
  DESKTOP_MESSAGES,
  type DesktopAnswerIn,
  type DesktopArgs,
  type DesktopInvokeChannel,
} from '../../shared/desktop/desktop-bridge';
import { isTrustedSender, type SenderEvent } from './trusted-sender';

/** What Electron's ipcMain hands a handler: the event, then whatever the page sent. */
export type IpcMainHandler = (event: SenderEvent, ...args: unknown[]) => unknown;

/** The part of Electron's runtime a message passes through: ipcMain, and who may send. */
export interface IpcGate {
  ipcMain: { handle(channel: string, handler: IpcMainHandler): void; removeHandler(channel: string): void };
  /** The console window's webContents id (undefined before it exists). */
  windowWebContentsId(): number | undefined;
  trustedOrigins: string[];
}

/**
 * One handler per call in the contract (src/shared/desktop/desktop-bridge.ts), each taking the
 * arguments as the contract parsed them and returning what the contract answers. A call missing
 * here, or a handler of the wrong shape, does not compile.
 */
export type DesktopHandlers = {
  [C in DesktopInvokeChannel]: (...args: DesktopArgs<C>) => DesktopAnswerIn<C> | Promise<DesktopAnswerIn<C>>;
};

export class RefusedSenderError extends Error {
  constructor(channel: string) {
    super(`IPC message on ${channel} refused: it did not come from the console window`);
    this.name = 'RefusedSenderError';
  }
}

export class RefusedArgumentsError extends Error {
  constructor(channel: string, error: z.ZodError) {
    super(
      `IPC message on ${channel} refused: its arguments do not match the contract.\n${z.prettifyError(error)}`,
    );
    this.name = 'RefusedArgumentsError';
  }
}

/** The contract of one call, seen without its channel's own types (they are the handler's). */
interface CallContract {
  args: z.ZodType<unknown[]>;
  answer: z.ZodType;
}

/**
 * Registers the handlers with ipcMain. Each message is checked in this order before its handler
 * runs: its sender (only the console's own top-level page), then its arguments against the
 * contract; the answer is parsed against the contract too, so the page gets only what it lists.
 */
export function handleDesktopMessages(gate: IpcGate, handlers: DesktopHandlers): () => void {
  for (const channel of DESKTOP_INVOKE_CHANNELS) {
    const contract: CallContract = DESKTOP_MESSAGES[channel];
    // Typed per channel by DesktopHandlers; here every channel goes through the same steps.
    const handler = handlers[channel] as (...args: unknown[]) => unknown;
    gate.ipcMain.handle(channel, async (event, ...sent) => {
      if (!isTrustedSender(event, gate.windowWebContentsId(), gate.trustedOrigins)) {
        throw new RefusedSenderError(channel);
      }
      const args = contract.args.safeParse(sent);
      if (!args.success) throw new RefusedArgumentsError(channel, args.error);
      return contract.answer.parse(await handler(...args.data));
    });
  }
  return () => DESKTOP_INVOKE_CHANNELS.forEach((channel) => gate.ipcMain.removeHandler(channel));
}

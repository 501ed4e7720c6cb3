/** The parts of an IPC event the sender check reads (Electron's IpcMainInvokeEvent has them). */
export interface SenderEvent {
  senderFrame: { url: string; parent: unknown } | null;
  sender: { id: number };
}

/** `new URL().origin` is "null" for custom schemes, so compare scheme and host directly. */
export const originOf = (url: string): string | undefined => {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
};

/**
 * Only the console's own top-level page may call the main process: a message from another
 * window, an iframe, or a page that navigated elsewhere is refused.
 */
export function isTrustedSender(
  event: SenderEvent,
  windowWebContentsId: number | undefined,
  origins: string[],
): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  if (windowWebContentsId === undefined || event.sender.id !== windowWebContentsId) return false;
  const origin = originOf(frame.url);
  return origin !== undefined && origins.includes(origin);
}

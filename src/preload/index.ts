import { contextBridge, ipcRenderer } from 'electron';
import { DESKTOP_MESSAGES, type DesktopBridge, type DesktopChannel } from '../shared/desktop/desktop-bridge';

/** Relays one of main's messages as a plain call: never the IPC event, whose `sender` reaches into main. */
function subscribe(channel: DesktopChannel, listener: () => void): () => void {
  const relay = () => listener();
  ipcRenderer.on(channel, relay);
  return () => void ipcRenderer.removeListener(channel, relay);
}

// One function per message of the contract; ipcRenderer itself never reaches the page. Main
// parses every call's arguments, so the page gains nothing by calling one with others.
const bridge = Object.fromEntries(
  Object.entries(DESKTOP_MESSAGES).map(([channel, message]) => [
    message.bridge,
    message.kind === 'invoke'
      ? (...args: unknown[]) => ipcRenderer.invoke(channel, ...args)
      : (listener: () => void) => subscribe(channel as DesktopChannel, listener),
  ]),
  // Object.fromEntries loses the keys' types; DesktopBridge is derived from the same map.
) as DesktopBridge;

contextBridge.exposeInMainWorld('desktop', bridge);

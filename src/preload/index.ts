import { contextBridge, ipcRenderer } from 'electron';
import {
  IPC_CHANNELS,
  IPC_EVENTS,
  type DesktopBridge,
  type IpcEvent,
} from '../shared/desktop/desktop-bridge';

/** Relays one of main's messages as a plain call: never the IPC event, whose `sender` reaches into main. */
function subscribe(channel: IpcEvent, listener: () => void): () => void {
  const relay = () => listener();
  ipcRenderer.on(channel, relay);
  return () => void ipcRenderer.removeListener(channel, relay);
}

// One typed function per message; ipcRenderer itself never reaches the page.
const bridge: DesktopBridge = {
  getToken: () => ipcRenderer.invoke(IPC_CHANNELS.tokenGet),
  setToken: (token) => ipcRenderer.invoke(IPC_CHANNELS.tokenSet, token),
  clearToken: () => ipcRenderer.invoke(IPC_CHANNELS.tokenClear),
  tokenStorage: () => ipcRenderer.invoke(IPC_CHANNELS.tokenStorage),
  saveCv: (fileName, pdf) => ipcRenderer.invoke(IPC_CHANNELS.cvSave, fileName, pdf),
  saveApplicantExport: (fileName, json) => ipcRenderer.invoke(IPC_CHANNELS.exportSave, fileName, json),
  getSettings: () => ipcRenderer.invoke(IPC_CHANNELS.settingsGet),
  setSettings: (settings) => ipcRenderer.invoke(IPC_CHANNELS.settingsSet, settings),
  checkConnection: (apiServerUrl) => ipcRenderer.invoke(IPC_CHANNELS.settingsCheck, apiServerUrl),
  notifyNewApplications: (count) => ipcRenderer.invoke(IPC_CHANNELS.applicationsNotify, count),
  onOpenNewApplications: (listener) => subscribe(IPC_EVENTS.applicationsOpenNew, listener),
  getUpdateStatus: () => ipcRenderer.invoke(IPC_CHANNELS.updateStatus),
  restartToUpdate: () => ipcRenderer.invoke(IPC_CHANNELS.updateRestart),
  onUpdateReady: (listener) => subscribe(IPC_EVENTS.updateReady, listener),
};

contextBridge.exposeInMainWorld('desktop', bridge);

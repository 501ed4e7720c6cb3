import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_BRIDGE_FUNCTIONS, IPC_CHANNELS, IPC_EVENTS } from '../../src/shared/desktop/desktop-bridge';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async (..._args: unknown[]) => undefined);
type Listener = (event: unknown, ...args: unknown[]) => void;
const listeners = new Map<string, Set<Listener>>();
/** What main's webContents.send does: every listener on the channel hears an event. */
const sendFromMain = (channel: string, ...args: unknown[]) =>
  listeners.get(channel)?.forEach((listener) => listener({ sender: 'the IPC event' }, ...args));

// Electron replaced at the boundary: the real preload runs against these two objects.
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: {
    invoke,
    send: vi.fn(),
    on: (channel: string, listener: Listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener: (channel: string, listener: Listener) => listeners.get(channel)?.delete(listener),
  },
}));

describe('preload', () => {
  it('exposes window.desktop with exactly the listed functions and nothing raw', async () => {
    await import('../../src/preload/index');
    expect(Object.keys(exposed)).toEqual(['desktop']);
    const bridge = exposed.desktop as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual([...DESKTOP_BRIDGE_FUNCTIONS].sort());
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
  });

  it('sends each function on its own domain:action channel', async () => {
    await import('../../src/preload/index');
    const bridge = exposed.desktop as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const pdf = new Uint8Array([37, 80, 68, 70, 45]);
    const calls: [string, unknown[], unknown[]][] = [
      ['getToken', [], [IPC_CHANNELS.tokenGet]],
      ['setToken', ['t'], [IPC_CHANNELS.tokenSet, 't']],
      ['clearToken', [], [IPC_CHANNELS.tokenClear]],
      ['tokenStorage', [], [IPC_CHANNELS.tokenStorage]],
      ['saveCv', ['a_resume.pdf', pdf], [IPC_CHANNELS.cvSave, 'a_resume.pdf', pdf]],
      ['saveApplicantExport', ['a.json', pdf], [IPC_CHANNELS.exportSave, 'a.json', pdf]],
      ['getSettings', [], [IPC_CHANNELS.settingsGet]],
      [
        'setSettings',
        [{ apiServerUrl: 'http://x' }],
        [IPC_CHANNELS.settingsSet, { apiServerUrl: 'http://x' }],
      ],
      ['checkConnection', ['http://x'], [IPC_CHANNELS.settingsCheck, 'http://x']],
      ['notifyNewApplications', [3], [IPC_CHANNELS.applicationsNotify, 3]],
      ['getUpdateStatus', [], [IPC_CHANNELS.updateStatus]],
      ['restartToUpdate', [], [IPC_CHANNELS.updateRestart]],
    ];
    for (const [name, args, expected] of calls) {
      invoke.mockClear();
      await bridge[name]!(...args);
      expect(invoke).toHaveBeenCalledWith(...expected);
    }
    for (const channel of Object.values(IPC_CHANNELS)) expect(channel).toMatch(/^[a-z]+:[a-z]+$/);
    for (const channel of Object.values(IPC_EVENTS)) expect(channel).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/);
  });

  const subscriptions = [
    ['onOpenNewApplications', IPC_EVENTS.applicationsOpenNew],
    ['onUpdateReady', IPC_EVENTS.updateReady],
  ] as const;
  for (const [name, channel] of subscriptions) {
    it(`relays main's ${channel} message through ${name} as a plain call, until unsubscribed`, async () => {
      await import('../../src/preload/index');
      const bridge = exposed.desktop as Record<
        string,
        (listener: (...args: unknown[]) => void) => () => void
      >;
      const heard: unknown[][] = [];
      const unsubscribe = bridge[name]!((...args) => heard.push(args));
      sendFromMain(channel);
      sendFromMain(channel);
      // The page never receives the IPC event (its sender reaches into main).
      expect(heard).toEqual([[], []]);
      for (const [, other] of subscriptions) if (other !== channel) sendFromMain(other);
      sendFromMain('another:channel');
      expect(heard).toHaveLength(2);
      unsubscribe();
      sendFromMain(channel);
      expect(heard).toHaveLength(2);
      expect(listeners.get(channel)?.size ?? 0).toBe(0);
    });
  }
});

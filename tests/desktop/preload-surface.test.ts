import { describe, expect, it, vi } from 'vitest';
import {
  DESKTOP_BRIDGE_FUNCTIONS,
  DESKTOP_EVENT_CHANNELS,
  DESKTOP_INVOKE_CHANNELS,
} from '../../src/shared/desktop/desktop-bridge';

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
      ['getToken', [], ['token:get']],
      ['setToken', ['t'], ['token:set', 't']],
      ['clearToken', [], ['token:clear']],
      ['tokenStorage', [], ['token:storage']],
      ['saveCv', ['a_resume.pdf', pdf], ['cv:save', 'a_resume.pdf', pdf]],
      ['saveApplicantExport', ['a.json', pdf], ['export:save', 'a.json', pdf]],
      ['saveEvidence', ['a_right_to_work.pdf', pdf], ['evidence:save', 'a_right_to_work.pdf', pdf]],
      ['saveReportCsv', ['funnel.csv', pdf], ['report:save', 'funnel.csv', pdf]],
      ['saveQrCode', ['qr-leeds.png', pdf], ['qr:save', 'qr-leeds.png', pdf]],
      ['getSettings', [], ['settings:get']],
      ['setSettings', [{ apiServerUrl: 'http://x' }], ['settings:set', { apiServerUrl: 'http://x' }]],
      ['checkConnection', ['http://x'], ['settings:check', 'http://x']],
      ['notifyNewApplications', [3], ['applications:notify', 3]],
      ['notifyOverdueApplications', [2], ['overdue:notify', 2]],
      [
        'notifyScorecardDue',
        [{ jobTitle: 'Claims Handler' }],
        ['scorecards:notify', { jobTitle: 'Claims Handler' }],
      ],
      [
        'notifyHiringNews',
        [{ news: 'interview-booked', jobTitle: 'Claims Handler' }],
        ['hiring:notify', { news: 'interview-booked', jobTitle: 'Claims Handler' }],
      ],
      ['getUpdateStatus', [], ['update:status']],
      ['restartToUpdate', [], ['update:restart']],
    ];
    for (const [name, args, expected] of calls) {
      invoke.mockClear();
      await bridge[name]!(...args);
      expect(invoke).toHaveBeenCalledWith(...expected);
    }
    for (const channel of DESKTOP_INVOKE_CHANNELS) expect(channel).toMatch(/^[a-z]+:[a-z]+$/);
    for (const channel of DESKTOP_EVENT_CHANNELS) expect(channel).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/);
  });

  const subscriptions = [
    ['onOpenNewApplications', 'applications:open-new'],
    ['onUpdateReady', 'update:ready'],
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

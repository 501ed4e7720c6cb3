import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_BRIDGE_FUNCTIONS, IPC_CHANNELS } from '../../src/shared/desktop/desktop-bridge';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async (..._args: unknown[]) => undefined);

// Electron replaced at the boundary: the real preload runs against these two objects.
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: { invoke, send: vi.fn(), on: vi.fn() },
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
    ];
    for (const [name, args, expected] of calls) {
      invoke.mockClear();
      await bridge[name]!(...args);
      expect(invoke).toHaveBeenCalledWith(...expected);
    }
    for (const channel of Object.values(IPC_CHANNELS)) expect(channel).toMatch(/^[a-z]+:[a-z]+$/);
  });
});

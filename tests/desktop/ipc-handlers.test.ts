import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_INVOKE_CHANNELS } from '../../src/shared/desktop/desktop-bridge';
import { registerIpcHandlers, type UpdateControl } from '../../src/main/ipc/register-ipc-handlers';
import { createRendererHandler } from '../../src/main/renderer-protocol';
import { createSettingsStore } from '../../src/main/settings-store';
import { createTokenVault, type Keychain } from '../../src/main/token-vault';
import { validPdf } from '../support/pdf-fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import { createRuntimeStub } from './electron-runtime-stub';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jbyJ9.c2lnbmF0dXJl';

/** An in-process keychain standing in for the OS one (the real one is tested in keychain.test.ts). */
const memoryKeychain = (): Keychain & { entries: Map<string, string> } => {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void entries.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  };
};

/** The console's updates as the handlers see them: a version waiting, and each restart asked for. */
const waitingUpdate = () => {
  const restarts: number[] = [];
  const updates: UpdateControl = {
    status: () => ({ state: 'ready', version: '2.0.1' }),
    restart: async () => {
      restarts.push(restarts.length + 1);
      return 'stayed';
    },
  };
  return { updates, restarts };
};

function setUp(
  saveAnswer?: () => { canceled: boolean; filePath?: string },
  updates: UpdateControl | undefined = undefined,
) {
  const userData = mkdtempSync(path.join(os.tmpdir(), 'console-user-data-'));
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'console-downloads-'));
  const stub = createRuntimeStub({ downloadsDir: downloads, saveAnswer });
  const keychain = memoryKeychain();
  const vault = createTokenVault(async () => keychain);
  const settings = createSettingsStore(userData);
  registerIpcHandlers(stub.runtime, { vault, settings, updates });
  return { ...stub, keychain, userData, downloads };
}

describe('token handlers', () => {
  it('stores, returns and clears the token through the keychain', async () => {
    const { invoke, consoleFrame, keychain } = setUp();
    expect(await invoke('token:get', consoleFrame)).toBeNull();
    expect(await invoke('token:set', consoleFrame, JWT)).toBe('keychain');
    expect([...keychain.entries.values()]).toEqual([JWT]);
    expect(await invoke('token:get', consoleFrame)).toBe(JWT);
    await invoke('token:clear', consoleFrame);
    expect(keychain.entries.size).toBe(0);
    expect(await invoke('token:get', consoleFrame)).toBeNull();
  });

  it('refuses something that is not a token', async () => {
    const { invoke, consoleFrame, keychain } = setUp();
    await expect(invoke('token:set', consoleFrame, 'not a token')).rejects.toThrow();
    await expect(invoke('token:set', consoleFrame, { token: JWT })).rejects.toThrow();
    expect(keychain.entries.size).toBe(0);
  });
});

describe('sender checks', () => {
  const strangers = {
    'another origin': { senderFrame: { url: 'https://evil.example/', parent: null }, sender: { id: 7 } },
    'an iframe of the console': {
      senderFrame: { url: 'app://careers-console/index.html', parent: {} },
      sender: { id: 7 },
    },
    'another window': {
      senderFrame: { url: 'app://careers-console/index.html', parent: null },
      sender: { id: 8 },
    },
    'a file:// page': { senderFrame: { url: 'file:///tmp/index.html', parent: null }, sender: { id: 7 } },
    'a destroyed frame': { senderFrame: null, sender: { id: 7 } },
  };

  for (const [name, event] of Object.entries(strangers)) {
    it(`refuses every message from ${name}`, async () => {
      const { updates, restarts } = waitingUpdate();
      const { invoke, keychain } = setUp(undefined, updates);
      keychain.entries.set('x/y', 'kept');
      for (const channel of DESKTOP_INVOKE_CHANNELS) {
        await expect(invoke(channel, event, JWT)).rejects.toThrow(/refused/);
      }
      expect([...keychain.entries.values()]).toEqual(['kept']);
      expect(restarts).toEqual([]);
    });
  }
});

describe('arguments outside the contract', () => {
  it('are refused with the channel named, and nothing is stored, cleared, restarted or contacted', async () => {
    const { updates, restarts } = waitingUpdate();
    const { invoke, consoleFrame, keychain, runtime } = setUp(undefined, updates);
    const contacted: string[] = [];
    runtime.fetch = async (input) => {
      contacted.push(String(input));
      return new Response('{"status":"ok"}', { status: 200 });
    };
    await invoke('token:set', consoleFrame, JWT);
    for (const [channel, args] of [
      ['token:set', [42]],
      ['token:clear', ['everything']],
      ['update:restart', ['now']],
      ['settings:check', [{ url: 'https://careers.example.co.uk' }]],
      ['settings:set', [{ apiServerUrl: 'https://careers.example.co.uk' }, 'extra']],
    ] as const) {
      await expect(invoke(channel, consoleFrame, ...args), channel).rejects.toThrow(
        `IPC message on ${channel} refused: its arguments do not match the contract`,
      );
    }
    expect([...keychain.entries.values()]).toEqual([JWT]);
    expect(restarts).toEqual([]);
    expect(contacted).toEqual([]);
    expect(await invoke('settings:get', consoleFrame)).toEqual({ apiServerUrl: 'http://localhost:3000' });
  });
});

describe('new applications notification', () => {
  it('shows one notification per message, and a click focuses the window and opens the New applications', async () => {
    const { invoke, consoleFrame, notifications, sentToWindow, windowFocus } = setUp();
    expect(await invoke('applications:notify', consoleFrame, 3)).toBeUndefined();
    expect(notifications.map((shown) => shown.content)).toEqual([
      {
        title: 'New applications',
        body: '3 new applications have arrived. Click to see the new applications.',
      },
    ]);
    expect(windowFocus.count).toBe(0);
    expect(sentToWindow).toEqual([]);

    notifications[0]!.click();
    expect(windowFocus.count).toBe(1);
    expect(sentToWindow).toEqual(['applications:open-new']);

    await invoke('applications:notify', consoleFrame, 1);
    expect(notifications).toHaveLength(2);
    expect(notifications[1]!.content.body).toBe(
      'A new application has arrived. Click to see the new applications.',
    );
  });

  it('refuses a count that is not a positive whole number, showing nothing', async () => {
    const { invoke, consoleFrame, notifications } = setUp();
    for (const bad of [0, -2, 1.5, '3', null, 1_000_000, Number.NaN]) {
      await expect(invoke('applications:notify', consoleFrame, bad), String(bad)).rejects.toThrow();
    }
    expect(notifications).toEqual([]);
  });
});

describe('console updates', () => {
  it('tell the page whether an update waits, and pass its Restart on to the updater', async () => {
    const { updates, restarts } = waitingUpdate();
    const { invoke, consoleFrame } = setUp(undefined, updates);
    expect(await invoke('update:status', consoleFrame)).toEqual({
      state: 'ready',
      version: '2.0.1',
    });
    expect(await invoke('update:restart', consoleFrame)).toBe('stayed');
    expect(restarts).toEqual([1]);
  });

  it('answer that nothing waits where the console does not update itself', async () => {
    const { invoke, consoleFrame } = setUp();
    expect(await invoke('update:status', consoleFrame)).toEqual({ state: 'none' });
    expect(await invoke('update:restart', consoleFrame)).toBe('nothing-to-install');
  });
});

describe('CV save', () => {
  it('writes the exact bytes where the user chose, proposing {name}_resume.pdf', async () => {
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'chosen-')), 'cv.pdf');
    const { invoke, consoleFrame, dialogCalls, downloads } = setUp(() => ({
      canceled: false,
      filePath: target,
    }));
    const pdf = await validPdf();
    expect(await invoke('cv:save', consoleFrame, 'Zoë Brontë_resume.pdf', new Uint8Array(pdf))).toBe('saved');
    expect(dialogCalls[0]!.defaultPath).toBe(path.join(downloads, 'Zoë Brontë_resume.pdf'));
    expect(sha256(readFileSync(target))).toBe(sha256(pdf));
    expect(readdirSync(path.dirname(target))).toEqual(['cv.pdf']);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const { invoke, consoleFrame, downloads } = setUp(() => ({ canceled: true }));
    expect(await invoke('cv:save', consoleFrame, 'Jane_resume.pdf', new Uint8Array(await validPdf()))).toBe(
      'cancelled',
    );
    expect(readdirSync(downloads)).toEqual([]);
  });

  it('keeps a proposed name inside the downloads folder and refuses non-PDF bytes', async () => {
    const { invoke, consoleFrame, dialogCalls, downloads } = setUp(() => ({ canceled: true }));
    await invoke('cv:save', consoleFrame, '../../etc/passwd', new Uint8Array(await validPdf()));
    expect(path.dirname(dialogCalls[0]!.defaultPath)).toBe(downloads);
    expect(path.basename(dialogCalls[0]!.defaultPath)).toBe('passwd_resume.pdf');
    await expect(invoke('cv:save', consoleFrame, 'x.pdf', new Uint8Array([1, 2, 3]))).rejects.toThrow();
    expect(dialogCalls).toHaveLength(1);
  });
});

describe('right-to-work evidence save', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  it('saves an image as the image it is, proposing its own extension in the downloads folder', async () => {
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'chosen-')), 'evidence.png');
    const { invoke, consoleFrame, dialogCalls, downloads } = setUp(() => ({
      canceled: false,
      filePath: target,
    }));
    expect(await invoke('evidence:save', consoleFrame, '../Zoë Brontë_right_to_work.pdf', png)).toBe('saved');
    expect(dialogCalls[0]!.defaultPath).toBe(path.join(downloads, 'Zoë Brontë_right_to_work.png'));
    expect(dialogCalls[0]!.filters).toEqual([{ name: 'Images', extensions: ['png'] }]);
    expect(sha256(readFileSync(target))).toBe(sha256(png));
  });

  it('saves a PDF as a PDF, and refuses bytes that are no evidence type', async () => {
    const { invoke, consoleFrame, dialogCalls, downloads } = setUp(() => ({ canceled: true }));
    const pdf = new Uint8Array(await validPdf());
    expect(await invoke('evidence:save', consoleFrame, 'Sam_right_to_work.png', pdf)).toBe('cancelled');
    expect(dialogCalls[0]!.defaultPath).toBe(path.join(downloads, 'Sam_right_to_work.pdf'));
    await expect(
      invoke('evidence:save', consoleFrame, 'x.png', new TextEncoder().encode('{"not":"evidence"}')),
    ).rejects.toThrow();
    expect(dialogCalls).toHaveLength(1);
    expect(readdirSync(downloads)).toEqual([]);
  });
});

describe('QR code save', () => {
  it('saves a tracking link’s QR code as the SVG or PNG it is, through the Save dialog, and nothing else', async () => {
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'chosen-')), 'qr.svg');
    const { invoke, consoleFrame, dialogCalls, downloads } = setUp(() => ({
      canceled: false,
      filePath: target,
    }));
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>',
    );
    expect(await invoke('qr:save', consoleFrame, '../qr-leeds-fair.png', svg)).toBe('saved');
    expect(dialogCalls[0]!.defaultPath).toBe(path.join(downloads, 'qr-leeds-fair.svg'));
    expect(dialogCalls[0]!.filters).toEqual([{ name: 'SVG images', extensions: ['svg'] }]);
    expect(sha256(readFileSync(target))).toBe(sha256(svg));
    await expect(
      invoke('qr:save', consoleFrame, 'x.png', new TextEncoder().encode('%PDF-1.7')),
    ).rejects.toThrow();
    expect(dialogCalls).toHaveLength(1);
  });
});

describe('applicant data export save', () => {
  const json = new TextEncoder().encode(
    JSON.stringify({ subjectEmail: 'sam@example.com', applications: [] }),
  );

  it('writes the exact bytes where the user chose, proposing a .json name in the downloads folder', async () => {
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'chosen-')), 'export.json');
    const { invoke, consoleFrame, dialogCalls, downloads } = setUp(() => ({
      canceled: false,
      filePath: target,
    }));
    expect(await invoke('export:save', consoleFrame, '../applicant-data-sam@example.com.json', json)).toBe(
      'saved',
    );
    expect(dialogCalls[0]!.defaultPath).toBe(path.join(downloads, 'applicant-data-sam@example.com.json'));
    expect(sha256(readFileSync(target))).toBe(sha256(json));
  });

  it('writes nothing when cancelled, and refuses bytes that are not a JSON object', async () => {
    const { invoke, consoleFrame, downloads, dialogCalls } = setUp(() => ({ canceled: true }));
    expect(await invoke('export:save', consoleFrame, 'a.json', json)).toBe('cancelled');
    expect(readdirSync(downloads)).toEqual([]);
    await expect(
      invoke('export:save', consoleFrame, 'a.json', new Uint8Array(await validPdf())),
    ).rejects.toThrow();
    expect(dialogCalls).toHaveLength(1);
  });
});

describe('report CSV save', () => {
  it('proposes a .csv name in the downloads folder, writes the exact bytes, and refuses bytes that are not text', async () => {
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'chosen-')), 'report.csv');
    const { invoke, consoleFrame, dialogCalls, downloads } = setUp(() => ({
      canceled: false,
      filePath: target,
    }));
    const csv = new TextEncoder().encode('step,count\nhired,fewer than 5\n');
    expect(await invoke('report:save', consoleFrame, '../hiring-funnel.csv', csv)).toBe('saved');
    expect(dialogCalls[0]!.defaultPath).toBe(path.join(downloads, 'hiring-funnel.csv'));
    expect(sha256(readFileSync(target))).toBe(sha256(csv));
    await expect(
      invoke('report:save', consoleFrame, 'a.csv', new Uint8Array([0x25, 0x50, 0x00, 0x46])),
    ).rejects.toThrow();
    expect(dialogCalls).toHaveLength(1);
  });
});

describe('settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('defaults to http://localhost:3000 and keeps a new address in the user-data folder', async () => {
    const { invoke, consoleFrame, userData } = setUp();
    expect(await invoke('settings:get', consoleFrame)).toEqual({
      apiServerUrl: 'http://localhost:3000',
    });
    expect(
      await invoke('settings:set', consoleFrame, {
        apiServerUrl: 'https://careers.example.co.uk/',
      }),
    ).toEqual({
      apiServerUrl: 'https://careers.example.co.uk',
    });
    const saved = JSON.parse(readFileSync(path.join(userData, 'settings.json'), 'utf8'));
    expect(saved).toEqual({ apiServerUrl: 'https://careers.example.co.uk' });
    const reopened = createSettingsStore(userData);
    expect(await reopened.get()).toEqual({ apiServerUrl: 'https://careers.example.co.uk' });
  });

  it('forgets the stored sign-in when the address changes, and only then', async () => {
    const { invoke, consoleFrame, keychain } = setUp();
    await invoke('token:set', consoleFrame, JWT);
    await invoke('settings:set', consoleFrame, { apiServerUrl: 'http://localhost:3000/' });
    expect([...keychain.entries.values()]).toEqual([JWT]);
    await invoke('settings:set', consoleFrame, { apiServerUrl: 'https://careers.example.co.uk' });
    expect(keychain.entries.size).toBe(0);
    expect(await invoke('token:get', consoleFrame)).toBeNull();
  });

  it('refuses an address that is not http(s) and keeps the old one', async () => {
    const { invoke, consoleFrame, userData } = setUp();
    await expect(
      invoke('settings:set', consoleFrame, { apiServerUrl: 'javascript:alert(1)' }),
    ).rejects.toThrow();
    expect(existsSync(path.join(userData, 'settings.json'))).toBe(false);
    expect(await invoke('settings:get', consoleFrame)).toEqual({
      apiServerUrl: 'http://localhost:3000',
    });
  });

  it('refuses plain http to anything but this computer, and addresses with user info, keeping the old one', async () => {
    const { invoke, consoleFrame, userData, keychain } = setUp();
    await invoke('token:set', consoleFrame, JWT);
    for (const [address, message] of [
      ['http://careers.example.co.uk', /https:\/\//],
      ['http://192.168.1.20:3000', /https:\/\//],
      ['http://localhost.evil.test', /https:\/\//],
      ['http://127.0.0.1.nip.io', /https:\/\//],
      ['https://careers.example.co.uk@evil.test', /user name or password/],
      ['https://admin:secret@careers.example.co.uk', /user name or password/],
      ['http://user@localhost:3000', /user name or password/],
    ] as const) {
      await expect(invoke('settings:set', consoleFrame, { apiServerUrl: address }), address).rejects.toThrow(
        message,
      );
    }
    expect(existsSync(path.join(userData, 'settings.json'))).toBe(false);
    expect(await invoke('settings:get', consoleFrame)).toEqual({
      apiServerUrl: 'http://localhost:3000',
    });
    expect([...keychain.entries.values()]).toEqual([JWT]);
  });

  it('takes https anywhere, and http on the loopback addresses only', async () => {
    const { invoke, consoleFrame } = setUp();
    for (const [address, stored] of [
      ['https://careers.example.co.uk:8443/', 'https://careers.example.co.uk:8443'],
      ['http://localhost:3000', 'http://localhost:3000'],
      ['http://LOCALHOST:3000', 'http://localhost:3000'],
      ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
      ['http://127.10.20.30', 'http://127.10.20.30'],
      ['http://[::1]:3000', 'http://[::1]:3000'],
    ] as const) {
      expect(await invoke('settings:set', consoleFrame, { apiServerUrl: address })).toEqual({
        apiServerUrl: stored,
      });
    }
  });

  it('a refused address left in the settings file by an older console is not used', async () => {
    const { invoke, consoleFrame, userData } = setUp();
    writeFileSync(
      path.join(userData, 'settings.json'),
      JSON.stringify({ apiServerUrl: 'http://careers.example.co.uk' }),
    );
    expect(await invoke('settings:get', consoleFrame)).toEqual({
      apiServerUrl: 'http://localhost:3000',
    });
    // What the console page is served with: connect-src names only the address in use.
    const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'console-renderer-'));
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Careers Console</title>');
    const settings = createSettingsStore(userData);
    const serve = createRendererHandler(rendererDir, async () => (await settings.get()).apiServerUrl);
    const csp = (await serve(new Request('app://careers-console/index.html'))).headers.get(
      'content-security-policy',
    )!;
    expect(csp).toContain("connect-src 'self' http://localhost:3000");
    expect(csp).not.toContain('careers.example.co.uk');
  });

  it('checks the connection against a real careers server', async () => {
    const { invoke, consoleFrame } = setUp();
    expect(await invoke('settings:check', consoleFrame, server.url)).toMatchObject({ ok: true });
    expect(await invoke('settings:check', consoleFrame, 'http://127.0.0.1:9')).toMatchObject({
      ok: false,
    });
    expect(await invoke('settings:check', consoleFrame, 'ftp://x')).toMatchObject({ ok: false });
  });

  it('never contacts an address the settings would refuse', async () => {
    const { invoke, consoleFrame, runtime } = setUp();
    const contacted: string[] = [];
    runtime.fetch = async (input) => {
      contacted.push(String(input));
      return new Response('{"status":"ok"}', { status: 200 });
    };
    for (const [address, message] of [
      ['http://careers.example.co.uk', /https:\/\//],
      ['https://careers.example.co.uk@evil.test', /user name or password/],
    ] as const) {
      const answer = await invoke('settings:check', consoleFrame, address);
      expect(answer).toMatchObject({ ok: false, message: expect.stringMatching(message) });
    }
    expect(contacted).toEqual([]);
  });
});

describe('scorecard due notification', () => {
  it('names the job only, and a click brings the console forward', async () => {
    const { invoke, consoleFrame, notifications, sentToWindow, windowFocus } = setUp();
    expect(await invoke('scorecards:notify', consoleFrame, { jobTitle: 'Claims Handler' })).toBeUndefined();
    expect(notifications.map((shown) => shown.content)).toEqual([
      {
        title: 'Scorecard due',
        body: 'Your interview for Claims Handler has started: your scorecard is due. Click to open the console.',
      },
    ]);
    notifications[0]!.click();
    expect(windowFocus.count).toBe(1);
    expect(sentToWindow).toEqual([]);
  });

  it('refuses anything but a job title, showing nothing', async () => {
    const { invoke, consoleFrame, notifications } = setUp();
    for (const bad of [
      [],
      ['Claims Handler'],
      [{ jobTitle: '' }],
      [{ jobTitle: 'x'.repeat(201) }],
      [{ jobTitle: 'Claims Handler', applicantName: 'Nina Patel' }],
    ]) {
      await expect(invoke('scorecards:notify', consoleFrame, ...bad), JSON.stringify(bad)).rejects.toThrow(
        'IPC message on scorecards:notify refused: its arguments do not match the contract',
      );
    }
    expect(notifications).toEqual([]);
  });
});

describe('overdue applications notification', () => {
  it('counts the batch, names no one, and a click brings the console forward', async () => {
    const { invoke, consoleFrame, notifications, sentToWindow, windowFocus } = setUp();
    expect(await invoke('overdue:notify', consoleFrame, 1)).toBeUndefined();
    await invoke('overdue:notify', consoleFrame, 3);
    expect(notifications.map((shown) => shown.content)).toEqual([
      {
        title: 'Application overdue',
        body: 'An application is past its stage’s time limit. Click to open the console.',
      },
      {
        title: 'Applications overdue',
        body: '3 applications are past their stage’s time limit. Click to open the console.',
      },
    ]);
    notifications[1]!.click();
    expect(windowFocus.count).toBe(1);
    expect(sentToWindow).toEqual([]);
    await expect(invoke('overdue:notify', consoleFrame, 0)).rejects.toThrow(
      'IPC message on overdue:notify refused: its arguments do not match the contract',
    );
  });
});

describe('hiring manager notifications', () => {
  it('say a job is given or an interview booked, naming the job only; a click brings the console forward', async () => {
    const { invoke, consoleFrame, notifications, sentToWindow, windowFocus } = setUp();
    expect(
      await invoke('hiring:notify', consoleFrame, { news: 'job-given', jobTitle: 'Pricing Analyst' }),
    ).toBeUndefined();
    await invoke('hiring:notify', consoleFrame, { news: 'interview-booked', jobTitle: 'Claims Handler' });
    expect(notifications.map((shown) => shown.content)).toEqual([
      { title: 'A job for you', body: 'You are now hiring for Pricing Analyst. Click to open the console.' },
      {
        title: 'Interview booked',
        body: 'An interview for Claims Handler has been booked. Click to open the console.',
      },
    ]);
    notifications[1]!.click();
    expect(windowFocus.count).toBe(1);
    expect(sentToWindow).toEqual([]);
  });

  it('refuses anything but the news and a job title, showing nothing', async () => {
    const { invoke, consoleFrame, notifications } = setUp();
    for (const bad of [
      [],
      [{ jobTitle: 'Claims Handler' }],
      [{ news: 'scorecard-due', jobTitle: 'Claims Handler' }],
      [{ news: 'job-given', jobTitle: '  ' }],
      [{ news: 'job-given', jobTitle: 'x'.repeat(201) }],
      [{ news: 'interview-booked', jobTitle: 'Claims Handler', applicantName: 'Nina Patel' }],
    ]) {
      await expect(invoke('hiring:notify', consoleFrame, ...bad), JSON.stringify(bad)).rejects.toThrow(
        'IPC message on hiring:notify refused: its arguments do not match the contract',
      );
    }
    expect(notifications).toEqual([]);
  });
});

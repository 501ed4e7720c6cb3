import { describe, expect, expectTypeOf, it, assertType } from 'vitest';
import {
  DESKTOP_BRIDGE_FUNCTIONS,
  DESKTOP_INVOKE_CHANNELS,
  DESKTOP_MESSAGES,
  type DesktopArgs,
  type DesktopBridge,
  type DesktopInvokeChannel,
} from '../../src/shared/desktop/desktop-bridge';
import { handleDesktopMessages, type DesktopHandlers } from '../../src/main/ipc/handle-desktop-messages';
import { createRuntimeStub } from './electron-runtime-stub';

/**
 * Handlers that record each call and answer what the test says: the contract's own checks, in
 * front of any handler, are what these tests watch.
 */
function recordingHandlers(answers: Partial<Record<DesktopInvokeChannel, unknown>> = {}) {
  const ran: [DesktopInvokeChannel, unknown[]][] = [];
  const handlers = Object.fromEntries(
    DESKTOP_INVOKE_CHANNELS.map((channel) => [
      channel,
      (...args: unknown[]) => {
        ran.push([channel, args]);
        return answers[channel];
      },
    ]),
    // Standing in for every handler at once; the real ones are typed (register-ipc-handlers.ts).
  ) as DesktopHandlers;
  return { handlers, ran };
}

function setUp(answers?: Partial<Record<DesktopInvokeChannel, unknown>>) {
  const stub = createRuntimeStub({ downloadsDir: '/nonexistent' });
  const { handlers, ran } = recordingHandlers(answers);
  handleDesktopMessages(stub.runtime, handlers);
  return { ...stub, ran };
}

const refusal = (channel: string) =>
  new RegExp(`^IPC message on ${channel} refused: its arguments do not match the contract`);

describe('the desktop message contract', () => {
  it('registers one handler for each call, and the bridge one function for each message', () => {
    const { handlers } = setUp();
    expect([...handlers.keys()].sort()).toEqual([...DESKTOP_INVOKE_CHANNELS].sort());
    expect(new Set(DESKTOP_BRIDGE_FUNCTIONS).size).toBe(Object.keys(DESKTOP_MESSAGES).length);
  });

  it('refuses a call whose arguments do not match its schema, naming the channel, and its handler never runs', async () => {
    const { invoke, consoleFrame, ran } = setUp();
    const pdf = new TextEncoder().encode('%PDF-1.7');
    const wrong: [DesktopInvokeChannel, unknown[], RegExp][] = [
      ['applications:notify', ['3'], /expected number, received string/],
      ['applications:notify', [], /expected array to have >=1 items/],
      ['token:set', [42], /expected string, received number/],
      ['cv:save', [42, pdf], /expected string, received number/],
      ['cv:save', ['cv.pdf', 'not bytes'], /Uint8Array/],
      ['settings:set', [{ apiServerUrl: 'http://careers.example.co.uk' }], /https:\/\//],
      ['settings:check', [{ url: 'https://careers.example.co.uk' }], /expected string/],
      ['hiring:notify', [{ news: 'applicant-named', jobTitle: 'Claims Handler' }], /job-given/],
      ['hiring:notify', [{ news: 'job-given', jobTitle: 'Claims Handler', applicant: 'Nina' }], /applicant/],
    ];
    for (const [channel, args, reason] of wrong) {
      const refused = invoke(channel, consoleFrame, ...args);
      await expect(refused, channel).rejects.toThrow(refusal(channel));
      await expect(refused, channel).rejects.toThrow(reason);
      await expect(refused, channel).rejects.toMatchObject({ name: 'RefusedArgumentsError' });
    }
    // More arguments than the call takes, on every channel: the contract lists them all.
    for (const channel of DESKTOP_INVOKE_CHANNELS) {
      await expect(invoke(channel, consoleFrame, 'one', 'two', 'three'), channel).rejects.toThrow(
        refusal(channel),
      );
    }
    expect(ran).toEqual([]);
  });

  it('hands the handler the arguments as the contract parsed them', async () => {
    const { invoke, consoleFrame, ran } = setUp({ 'settings:set': { apiServerUrl: 'https://a.example' } });
    await invoke('settings:set', consoleFrame, { apiServerUrl: ' https://a.example/ ', extra: 'dropped' });
    expect(ran).toEqual([['settings:set', [{ apiServerUrl: 'https://a.example' }]]]);
  });

  it('sends the page only what the answer schema lists, and no answer outside it', async () => {
    const { invoke, consoleFrame } = setUp({
      'settings:get': { apiServerUrl: 'https://a.example', token: 'not for the page' },
      'update:status': { state: 'installing' },
    });
    expect(await invoke('settings:get', consoleFrame)).toEqual({ apiServerUrl: 'https://a.example' });
    await expect(invoke('update:status', consoleFrame)).rejects.toThrow();
  });

  it('checks the sender before the arguments', async () => {
    const { invoke, ran } = setUp();
    const stranger = { senderFrame: { url: 'https://evil.example/', parent: null }, sender: { id: 7 } };
    await expect(invoke('token:set', stranger, 42)).rejects.toMatchObject({ name: 'RefusedSenderError' });
    expect(ran).toEqual([]);
  });

  // Held by `npm run typecheck` (tsconfig.node.json covers tests/desktop): each line marked to
  // expect an error must fail to compile, or the typecheck fails.
  it('does not compile a handler or a bridge call of the wrong type', () => {
    const { handlers } = recordingHandlers();
    assertType<DesktopHandlers>({
      ...handlers,
      // @ts-expect-error a count of applications is a number, not text
      'applications:notify': (count: string) => void count,
    });
    assertType<DesktopHandlers>({
      ...handlers,
      // @ts-expect-error the token is text or null, never a number
      'token:get': () => 42,
    });
    // @ts-expect-error every call needs its handler
    assertType<DesktopHandlers>({ ...handlers, 'token:get': undefined });
    expectTypeOf<DesktopArgs<'cv:save'>>().toEqualTypeOf<[string, Uint8Array]>();
    expectTypeOf<DesktopBridge['notifyNewApplications']>().parameters.toEqualTypeOf<[number]>();
    expectTypeOf<DesktopArgs<'hiring:notify'>>().toEqualTypeOf<
      [{ news: 'job-given' | 'interview-booked'; jobTitle: string }]
    >();
    expectTypeOf<DesktopBridge['onUpdateReady']>().toEqualTypeOf<(listener: () => void) => () => void>();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FluentScope } from '../../../src/renderer/components/fluent-scope';
import { createDesktopPlatform } from '../../../src/renderer/desktop/desktop-platform';
import { UpdateNotice } from '../../../src/renderer/desktop/update-notice';
import {
  DESKTOP_BRIDGE_FUNCTIONS,
  type ConsoleUpdate,
  type DesktopBridge,
  type RestartOutcome,
} from '../../../src/shared/desktop/desktop-bridge';

/**
 * The functions a test's console answers, each typed by the contract; any other message fails
 * loudly if called, so a new message needs no change here.
 */
function bridgeAnswering(answers: Partial<DesktopBridge>): DesktopBridge {
  const unexpected = (name: string) => () => {
    throw new Error(`window.desktop.${name} was not expected in this test`);
  };
  // Object.fromEntries loses the keys' types; every name comes from the contract's own list.
  return Object.fromEntries(
    DESKTOP_BRIDGE_FUNCTIONS.map((name) => [name, answers[name] ?? unexpected(name)]),
  ) as DesktopBridge;
}

/**
 * window.desktop as the preload exposes it, answering as main would: `update` is what main says is
 * waiting, `announce` is main's "update ready" message, and each Restart waits for the test.
 */
function consoleBridge(initial: ConsoleUpdate) {
  let update = initial;
  const readyListeners = new Set<() => void>();
  const restarts: ((outcome: RestartOutcome) => void)[] = [];
  const bridge = bridgeAnswering({
    getToken: vi.fn(async () => null),
    setToken: vi.fn(async () => 'keychain' as const),
    clearToken: vi.fn(async () => undefined),
    tokenStorage: vi.fn(async () => 'keychain' as const),
    saveCv: vi.fn(async () => 'saved' as const),
    saveApplicantExport: vi.fn(async () => 'saved' as const),
    saveEvidence: vi.fn(async () => 'saved' as const),
    saveReportCsv: vi.fn(async () => 'saved' as const),
    saveQrCode: vi.fn(async () => 'saved' as const),
    getSettings: vi.fn(async () => ({ apiServerUrl: 'https://careers.example.co.uk' })),
    setSettings: vi.fn(async (settings) => settings),
    checkConnection: vi.fn(async () => ({ ok: true, message: '' })),
    notifyNewApplications: vi.fn(async () => undefined),
    onOpenNewApplications: vi.fn(() => () => undefined),
    getUpdateStatus: vi.fn(async () => update),
    restartToUpdate: vi.fn(() => new Promise<RestartOutcome>((resolve) => restarts.push(resolve))),
    onUpdateReady: vi.fn((listener: () => void) => {
      readyListeners.add(listener);
      return () => void readyListeners.delete(listener);
    }),
  });
  return {
    bridge,
    restarts,
    announce(next: ConsoleUpdate) {
      update = next;
      readyListeners.forEach((listener) => listener());
    },
  };
}

async function renderNotice(initial: ConsoleUpdate) {
  const main = consoleBridge(initial);
  const platform = await createDesktopPlatform(main.bridge);
  render(
    <FluentScope>
      <p>The job form</p>
      <UpdateNotice updates={platform.console.updates} />
    </FluentScope>,
  );
  return main;
}

describe('the console’s "Restart to update" notice', () => {
  it('is not there while no update waits', async () => {
    await renderNotice({ state: 'none' });
    expect(screen.getByText('The job form')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restart to update' })).not.toBeInTheDocument();
  });

  it('appears, announced politely, when main says an update is ready', async () => {
    const main = await renderNotice({ state: 'none' });
    main.announce({ state: 'ready', version: '1.5.0' });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('An update is ready.');
    expect(notice).toHaveTextContent('Careers Console 1.5.0 has been downloaded.');
    expect(screen.getByRole('button', { name: 'Restart to update' })).toBeEnabled();
  });

  it('restarts only when asked; after Stay on unsaved work the page and the offer are as they were', async () => {
    const main = await renderNotice({ state: 'ready', version: '1.5.0' });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Restart to update' });
    expect(main.bridge.restartToUpdate).not.toHaveBeenCalled();

    await user.click(button);
    expect(main.bridge.restartToUpdate).toHaveBeenCalledTimes(1);
    // One restart at a time while main asks the admin about the page.
    expect(button).toBeDisabled();
    await user.click(button);
    expect(main.bridge.restartToUpdate).toHaveBeenCalledTimes(1);

    main.restarts[0]!('stayed');
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.getByText('The job form')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Careers Console 1.5.0');
  });
});

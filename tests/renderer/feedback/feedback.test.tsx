import { useEffect } from 'react';
import type { SnackbarKey } from 'notistack';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_DURATION_MS } from '../../../src/shared/limits';
import { ToastProvider, TOAST_TRANSITION_MS } from '../../../src/renderer/feedback/toast-provider';
import { useToast, type Toast } from '../../../src/renderer/feedback/use-toast';
import { confirmDialog, DIALOG_BUTTON_TEXT, resultDialog } from '../../../src/renderer/feedback/dialogs';

// notistack removes a closed toast after its slide-out, a 125 ms pause and a 175 ms collapse;
// each stage's timer is set only after React commits the previous one, hence the small slack.
const EXIT_SETTLE_MS = TOAST_TRANSITION_MS.exit + 125 + 175 + 100;
const STEP_MS = 20;

function renderToasts(): Toast {
  let captured: Toast | undefined;
  function Capture() {
    const toast = useToast();
    useEffect(() => {
      captured = toast;
    }, [toast]);
    return null;
  }
  render(
    <FluentProvider theme={webLightTheme}>
      <ToastProvider>
        <Capture />
      </ToastProvider>
    </FluentProvider>,
  );
  if (!captured) throw new Error('useToast was not captured');
  return captured;
}

/** Moves the clock in small steps, letting React commit (and set its next timers) in between. */
async function advance(ms: number, step = STEP_MS) {
  for (let elapsed = 0; elapsed < ms; elapsed += step) {
    await act(async () => {
      vi.advanceTimersByTime(Math.min(step, ms - elapsed));
    });
  }
}

const toastCount = () => document.querySelectorAll('[data-toast-variant]').length;

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`keeps at most ${MAX_TOASTS} toasts when 25 are enqueued, showing the newest as old ones leave`, async () => {
    const toast = renderToasts();
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast.info(`Message ${i}`);
    });
    expect(toastCount()).toBe(MAX_TOASTS);
    expect(screen.getByText('Message 1')).toBeInTheDocument();
    expect(screen.queryByText('Message 25')).not.toBeInTheDocument();

    // The oldest are pushed out one by one to make room. At most one more can be on screen at a
    // moment, the one still fading out while the next comes in: it is no longer kept. The clock
    // moves in small steps so the five removals end well before the first toasts time out by
    // themselves (a timed-out toast fades out beside the pushed-out one).
    const started = Date.now();
    while (!screen.queryByText('Message 25') && Date.now() - started < TOAST_DURATION_MS.default) {
      await advance(100);
      expect(toastCount()).toBeLessThanOrEqual(MAX_TOASTS + 1);
    }
    expect(screen.getByText('Message 25')).toBeInTheDocument();
    expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
    await advance(EXIT_SETTLE_MS);
    expect(toastCount()).toBe(MAX_TOASTS);
  });

  it('closes only the toast asked for among several raised in the same millisecond', async () => {
    // Pins what notistack would use for a key (the time plus Math.random()) to one value.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const toast = renderToasts();
      let first: SnackbarKey = '';
      act(() => {
        first = toast.info('First');
        toast.info('Second');
        toast.info('Third');
      });
      await advance(TOAST_TRANSITION_MS.enter + 100);
      act(() => {
        toast.dismiss(first);
      });
      await advance(EXIT_SETTLE_MS);
      expect(screen.queryByText('First')).not.toBeInTheDocument();
      expect(screen.getAllByText('Second')).toHaveLength(1);
      expect(screen.getAllByText('Third')).toHaveLength(1);
      expect(toastCount()).toBe(2);
    } finally {
      random.mockRestore();
    }
  });

  it('closes a success toast after 2000 ms', async () => {
    const toast = renderToasts();
    act(() => {
      toast.success('Saved');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    await advance(1900);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await advance(100 + EXIT_SETTLE_MS);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('closes an error toast after 4000 ms and announces it as an alert', async () => {
    const toast = renderToasts();
    act(() => {
      toast.error('Failed');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    await advance(3900);
    expect(screen.getByText('Failed')).toBeInTheDocument();
    await advance(100 + EXIT_SETTLE_MS);
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('closes info and custom toasts after 4000 ms', async () => {
    const toast = renderToasts();
    act(() => {
      toast.info('Note');
      toast.custom('Custom');
    });
    await advance(3900);
    expect(screen.getByText('Note')).toBeInTheDocument();
    expect(screen.getByText('Custom')).toBeInTheDocument();
    await advance(100 + EXIT_SETTLE_MS);
    expect(screen.queryByText('Note')).not.toBeInTheDocument();
    expect(screen.queryByText('Custom')).not.toBeInTheDocument();
  });

  it('closes an application-screen success toast after 1500 ms, before a normal one', async () => {
    const toast = renderToasts();
    act(() => {
      toast.success('Application step done', { applicationScreen: true });
      toast.success('Normal success');
    });
    await advance(TOAST_DURATION_MS.applicationSuccess - 100);
    expect(screen.getByText('Application step done')).toBeInTheDocument();
    await advance(100 + EXIT_SETTLE_MS);
    expect(screen.queryByText('Application step done')).not.toBeInTheDocument();
    expect(screen.getByText('Normal success')).toBeInTheDocument();
  });

  it('keeps a loading toast until it is dismissed', async () => {
    const toast = renderToasts();
    let key: ReturnType<Toast['loading']> | undefined;
    act(() => {
      key = toast.loading('Working...');
    });
    await advance(60_000);
    expect(screen.getByText('Working...')).toBeInTheDocument();
    act(() => {
      toast.dismiss(key);
    });
    await advance(EXIT_SETTLE_MS);
    expect(screen.queryByText('Working...')).not.toBeInTheDocument();
  });

  it('dismisses every toast when no key is given', async () => {
    const toast = renderToasts();
    act(() => {
      toast.error('One');
      toast.loading('Two');
    });
    act(() => {
      toast.dismiss();
    });
    // Toasts still sliding in close as soon as they have entered.
    await advance(TOAST_TRANSITION_MS.enter + EXIT_SETTLE_MS);
    expect(toastCount()).toBe(0);
  });
});

describe('dialogs', () => {
  beforeEach(() => {
    // jsdom has no matchMedia; sweetalert2 asks it about colour scheme and motion.
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    const { default: Swal } = await import('sweetalert2');
    Swal.close();
  });

  it('confirmDialog resolves true on confirm, with the default button texts', async () => {
    const user = userEvent.setup();
    const answer = confirmDialog({ title: 'Are you sure?', text: "You won't be able to revert this!" });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(dialog).toHaveTextContent("You won't be able to revert this!");
    expect(screen.getByRole('button', { name: DIALOG_BUTTON_TEXT.cancel })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: DIALOG_BUTTON_TEXT.confirm }));
    await expect(answer).resolves.toBe(true);
  });

  it('confirmDialog resolves false on cancel', async () => {
    const user = userEvent.setup();
    const answer = confirmDialog({ title: 'Delete?', text: 'Really?', confirmButtonText: 'Yes, delete it!' });
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Yes, delete it!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resultDialog resolves when closed with OK and returns focus to the opener', async () => {
    const user = userEvent.setup();
    const opener = document.createElement('button');
    opener.textContent = 'Delete';
    document.body.append(opener);
    opener.focus();

    const closed = resultDialog({
      title: 'Deleted!',
      text: 'The post has been deleted successfully.',
      icon: 'success',
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deleted!');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(closed).resolves.toBeUndefined();
    // The promise settles only after focus is back, so a follow-up step starts from the opener.
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

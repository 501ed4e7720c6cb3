/**
 * The loop both outboxes deliver by (the e-mail outbox and the domain events' dispatcher): one
 * pass at a time, run at start, when woken (a pass asked for while one runs follows it at once),
 * and otherwise when the pass says the next delivery is due; a pass that fails is tried again
 * after `retryMs`. Its timer never holds the process open.
 */
export interface DeliveryLoopOptions {
  /** Delivers what is due and answers how long until the next delivery is (in ms). */
  pass: () => Promise<number>;
  retryMs: number;
  /** A failed pass, unless the loop was stopped meanwhile. */
  onError: (error: unknown) => void;
  /** How long `stop` waits for a pass under way. */
  closeGraceMs: number;
}

export interface DeliveryLoop {
  start(): void;
  /** Runs a pass now, or right after the one under way; nothing before `start` or after `stop`. */
  wake(): void;
  /** Whether `stop` was called: a pass checks it between deliveries. */
  readonly stopped: boolean;
  /** Stops the loop; a pass under way is given `closeGraceMs` to finish. */
  stop(): Promise<void>;
}

export function createDeliveryLoop(options: DeliveryLoopOptions): DeliveryLoop {
  let started = false;
  let stopped = false;
  let running: Promise<void> | undefined;
  let woken = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = (): void => {
    clearTimeout(timer);
    timer = undefined;
    woken = false;
    running = (async () => {
      let wait = options.retryMs;
      try {
        wait = await options.pass();
      } catch (error) {
        if (!stopped) options.onError(error);
      }
      running = undefined;
      if (stopped) return;
      if (woken) return run();
      timer = setTimeout(run, wait);
      timer.unref();
    })();
  };

  return {
    start() {
      if (started || stopped) return;
      started = true;
      run();
    },
    wake() {
      if (!started || stopped) return;
      if (running) woken = true;
      else run();
    },
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (!running) return;
      let grace: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => {
          grace = setTimeout(resolve, options.closeGraceMs);
          grace.unref();
        }),
      ]);
      clearTimeout(grace);
    },
  };
}

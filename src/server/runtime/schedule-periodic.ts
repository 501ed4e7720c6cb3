/**
 * The server's periodic work (the retention purge, the rate-limit sweep, interview reminders,
 * right-to-work follow-ups): `run` once `firstMs` after start, then every `everyMs`. The timers
 * never keep the process alive; a run that fails goes to `failed` and the next one goes ahead; a
 * run still going when the next is due is not joined by a second, so slow mail never has two runs
 * choosing the same work. Answers the function that stops it.
 */
export function schedulePeriodic(options: {
  run: () => Promise<unknown>;
  failed: (error: unknown) => void;
  firstMs: number;
  everyMs: number;
}): () => void {
  const { run, failed, firstMs, everyMs } = options;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void run()
      .catch(failed)
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, firstMs);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

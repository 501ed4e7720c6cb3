import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { schedulePeriodic } from '../../../src/server/runtime/schedule-periodic';

/** The purge and the reminders all run on this: when they run, after a failure, and while slow. */
describe('periodic work', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs first after its delay, then every period, and never after it is stopped', async () => {
    const run = vi.fn(async () => undefined);
    const stop = schedulePeriodic({ run, failed: () => undefined, firstMs: 1_000, everyMs: 10_000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('reports a failed run and goes on with the next', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const stop = schedulePeriodic({
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('SMTP down');
      },
      failed: (error) => failures.push(error),
      firstMs: 10,
      everyMs: 100,
    });
    await vi.advanceTimersByTimeAsync(110);
    expect(calls).toBe(2);
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe('SMTP down');
    stop();
  });

  it('does not start a second run while one is still going', async () => {
    let finish: () => void = () => undefined;
    let started = 0;
    const stop = schedulePeriodic({
      run: () => {
        started += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      failed: () => undefined,
      firstMs: 10,
      everyMs: 100,
    });
    await vi.advanceTimersByTimeAsync(510);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    stop();
  });
});

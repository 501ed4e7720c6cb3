import { afterEach, describe, expect, it } from 'vitest';
import { releaseMemoryWhenIdle, releaseUnusedMemory } from '../../../src/server/http/idle-memory';
import { keepNextTickShapes } from '../../../src/server/runtime/next-tick-shapes';

/** The server gives memory back once it is at rest, once per quiet spell, never while busy. */

const CHECK_MS = 100;
/**
 * What counts as at rest here. The tests' work keeps the loop busy nearly all of a check, and
 * their sleeps keep it idle; but this process also runs the test runner, whose messages on a
 * loaded machine can take more than the server's 5% of a 100 ms check (a second release came
 * while the test slept). Half a check tells the two apart there too.
 */
const IDLE_UTILIZATION = 0.5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Waits until `count` releases have been made. The watcher counts checks, not time, and on a busy
 * machine its timer fires late: the release comes after its number of quiet checks, whenever that is.
 */
const releasesReach = (releases: () => number, count: number) =>
  expect.poll(releases, { timeout: CHECK_MS * 100, interval: CHECK_MS / 2 }).toBe(count);
/** Keeps the event loop busy for `ms`, in slices, as a stream of requests would. */
async function work(ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const slice = Date.now() + 20;
    while (Date.now() < slice) {
      // busy
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});
/** Starts the watcher with a counting release; returns how many releases it has made so far. */
function countReleases(quietChecks: number): () => number {
  let releases = 0;
  stops.push(
    releaseMemoryWhenIdle({
      checkEveryMs: CHECK_MS,
      quietMs: CHECK_MS * quietChecks,
      idleUtilization: IDLE_UTILIZATION,
      release: async () => {
        releases++;
      },
    }),
  );
  return () => releases;
}

describe('releasing memory when idle', () => {
  it('releases once after the start, not again while at rest, and again after a busy spell', async () => {
    const releases = countReleases(2);
    await releasesReach(releases, 1);
    await sleep(CHECK_MS * 5);
    expect(releases()).toBe(1);

    await work(CHECK_MS * 4);
    expect(releases()).toBe(1);
    await releasesReach(releases, 2);
  });

  it("gives the start's garbage back soon after the start, and still releases after the first quiet spell", async () => {
    let releases = 0;
    stops.push(
      releaseMemoryWhenIdle({
        checkEveryMs: CHECK_MS,
        quietMs: CHECK_MS * 4,
        idleUtilization: IDLE_UTILIZATION,
        release: async () => {
          releases++;
        },
        releaseAfterStartMs: CHECK_MS / 2,
      }),
    );
    expect(releases).toBe(0);
    // The start's release comes before the quiet spell is over; the quiet spell's then follows.
    await releasesReach(() => releases, 1);
    await releasesReach(() => releases, 2);
    await sleep(CHECK_MS * 8);
    expect(releases).toBe(2);
  });

  it("while busy, hands the C library's free pages back every few checks, and not at rest", async () => {
    let trims = 0;
    stops.push(
      releaseMemoryWhenIdle({
        checkEveryMs: CHECK_MS,
        quietMs: CHECK_MS * 1000,
        idleUtilization: IDLE_UTILIZATION,
        release: async () => {},
        trimWhileBusy: () => trims++,
        trimEveryMs: CHECK_MS * 2,
      }),
    );
    await sleep(CHECK_MS * 5);
    expect(trims).toBe(0);
    await work(CHECK_MS * 8);
    await expect.poll(() => trims, { timeout: CHECK_MS * 100 }).toBeGreaterThanOrEqual(2);
  });

  it('keeps what traffic grew through a lull between bursts shorter than the quiet time', async () => {
    const releases = countReleases(6);
    for (let burst = 0; burst < 3; burst++) {
      await work(CHECK_MS * 2);
      await sleep(CHECK_MS * 3);
    }
    expect(releases()).toBe(0);
    await releasesReach(releases, 1);
  });

  it('the release itself completes in this process (no debugger or port needed)', async () => {
    await expect(releaseUnusedMemory()).resolves.toBeUndefined();
    // What it keeps through every collection is one of the objects process.nextTick queues.
    const kept = await keepNextTickShapes();
    expect(Object.keys(kept)).toEqual(['callback', 'args']);
  });
});

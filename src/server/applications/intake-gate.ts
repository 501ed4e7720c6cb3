import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';

export interface IntakeGateSettings {
  /** Received application bodies checked at once (the CPU-heavy part, in worker threads). */
  slots: number;
  /**
   * Applications in progress at once, from the first byte of the body to the answer: each holds
   * its body (at most 8 MiB) in memory, so this bounds what bodies take.
   */
  uploads: number;
  /** Of those, at most this many for one client address. */
  uploadsPerAddress: number;
  /**
   * A body being received must move at least `minBytesPerWindow` in each window of this length,
   * or it is dropped (408): a sender that stops frees its place at once.
   */
  stallWindowMs: number;
  minBytesPerWindow: number;
  /** A body still arriving after this long is dropped (408), however it moves. */
  maxReceiveMs: number;
  /**
   * When every upload place is taken, a new application takes the place of the slowest body
   * being received, if that one has been arriving for a stall window at under this average rate.
   */
  evictBelowBytesPerSecond: number;
  /** How long a request waits for an upload place, or a received body for a check slot (503). */
  maxWaitMs: number;
}

export const DEFAULT_INTAKE_GATE: IntakeGateSettings = {
  // Checking takes a few hundred milliseconds of CPU per CV on few cores: more at once would not
  // finish sooner, and each check holds its body several times over.
  slots: 3,
  // At most about 50 MB of bodies (6 × 8 MiB), most of them still arriving, which costs the
  // server nothing but their memory. Six phones on a 1 Mbit/s uplink each take under a minute to
  // send the largest CV, so a seventh waits for a place (its body in the network's buffers, not
  // the server's memory) rather than being turned away; twelve places let a burst of fast uploads
  // hold about 10 MB more at the server's peak, with the same CV intake (docs/operations.md#memory).
  uploads: 6,
  uploadsPerAddress: 2,
  // 160 KB in every 10 s is 16 KB/s (128 kbit/s). A phone on a 1 Mbit/s uplink moves about
  // 1.2 MB in 10 s, eight times that, and a few seconds without signal fit inside a window.
  stallWindowMs: 10_000,
  minBytesPerWindow: 160 * 1024,
  // The largest body (8 MiB of JSON, a 5 MiB CV) at 384 kbit/s, a weak 3G uplink. A 4.9 MB CV
  // at 1 Mbit/s is in within about 45 s as the form sends it (a file part), 60 s as JSON.
  maxReceiveMs: 3 * 60_000,
  // Half of a 1 Mbit/s uplink: a phone at that speed never gives up its place, while holding
  // one by trickling costs a sender real bandwidth once the places are in demand.
  evictBelowBytesPerSecond: 64 * 1024,
  // Well inside the server's idle-socket limit, so a waiting sender gets an answer, not a reset.
  maxWaitMs: 60_000,
};

interface Upload {
  address: string;
  /** The body is still arriving (and so may be given up for a faster one). */
  receiving: boolean;
  /** The body's average rate so far, in bytes per second; undefined while too young to tell. */
  rate(): number | undefined;
  /** Gives the place up for a newcomer: answered 503, the connection closed. */
  evict(): void;
}

interface Waiter {
  upload: Upload;
  grant(): void;
}

/** What the gate holds now, and how many it has turned away since the start (for /metrics). */
export interface IntakeStats {
  /** Bodies being received, each in an upload place. */
  receiving: number;
  /** Received bodies in a check slot. */
  checking: number;
  /** Requests waiting for an upload place, their bodies not yet read. */
  waitingForPlace: number;
  /** Received bodies waiting for a check slot. */
  waitingForCheck: number;
  /** Answered 503 after waiting `maxWaitMs` for a place or a slot. */
  refusedBusy: number;
  /** Answered 503 because a newcomer took the place of this slow body. */
  refusedEvicted: number;
  /** Answered 408: the body stopped moving. */
  refusedStalled: number;
  /** Answered 408: the body was still arriving after `maxReceiveMs`. */
  refusedTooSlow: number;
}

/**
 * How many applications are taken at once, in two stages, so that a body that is slow to arrive
 * never holds what the others need:
 *
 * - An **upload place** from the request's arrival to its answer, at most `uploadsPerAddress`
 *   for one client address. While the body arrives it must keep moving (`stallWindowMs`,
 *   `minBytesPerWindow`) and be complete within `maxReceiveMs`, or it is answered 408 and its
 *   connection closed. When every place is taken, a newcomer takes the place of the slowest body
 *   still arriving at under `evictBelowBytesPerSecond`; otherwise it waits, first come first
 *   served, its body still in the network's buffers, at most `maxWaitMs` (then 503).
 * - A **check slot** once the body is complete, for the CPU-heavy checks (`check`): at most
 *   `slots` at once, the others waiting in turn, at most `maxWaitMs` (then 503).
 *
 * So senders trickling from many addresses hold at most upload places, for at most
 * `maxReceiveMs`, and only while nobody faster needs them; the checks never wait for a body.
 */
export function createIntakeGate(settings: IntakeGateSettings = DEFAULT_INTAKE_GATE) {
  const uploads = new Set<Upload>();
  const heldBy = new Map<string, number>();
  const waiting: Waiter[] = [];
  let rebalance: NodeJS.Timeout | undefined;
  // Counted where a refusal is decided, off the path of an application that goes through.
  const refused = { busy: 0, evicted: 0, stalled: 0, tooSlow: 0 };

  const addressMayTake = (address: string) => (heldBy.get(address) ?? 0) < settings.uploadsPerAddress;
  const place = (upload: Upload) => {
    uploads.add(upload);
    heldBy.set(upload.address, (heldBy.get(upload.address) ?? 0) + 1);
  };
  const unplace = (upload: Upload) => {
    if (!uploads.delete(upload)) return;
    const left = (heldBy.get(upload.address) ?? 1) - 1;
    if (left > 0) heldBy.set(upload.address, left);
    else heldBy.delete(upload.address);
    grantWaiting();
  };

  /** The slowest body still arriving that may give its place up, if any. */
  const slowest = () => {
    let found: { upload: Upload; rate: number } | undefined;
    for (const upload of uploads) {
      const rate = upload.receiving ? upload.rate() : undefined;
      if (rate === undefined || rate >= settings.evictBelowBytesPerSecond) continue;
      if (!found || rate < found.rate) found = { upload, rate };
    }
    return found?.upload;
  };

  /** Places `upload` in a free place, or in the slowest upload's; false when there is none. */
  const makeRoom = (upload: Upload) => {
    if (!addressMayTake(upload.address)) return false;
    if (uploads.size >= settings.uploads) {
      const giving = slowest();
      if (!giving) return false;
      unplaceQuietly(giving);
      giving.evict();
    }
    place(upload);
    return true;
  };
  // Giving a place up to a newcomer must not hand it to the queue first.
  let granting = true;
  const unplaceQuietly = (upload: Upload) => {
    granting = false;
    try {
      unplace(upload);
    } finally {
      granting = true;
    }
  };

  const grantWaiting = () => {
    if (!granting) return;
    for (let i = 0; i < waiting.length;) {
      const waiter = waiting[i]!;
      if (makeRoom(waiter.upload)) {
        waiting.splice(i, 1);
        waiter.grant();
      } else i++;
    }
    // Bodies still arriving grow old enough to be given up only with time: look again meanwhile.
    if (waiting.length > 0 && !rebalance) {
      rebalance = setInterval(grantWaiting, Math.min(1000, settings.stallWindowMs));
      rebalance.unref();
    } else if (waiting.length === 0 && rebalance) {
      clearInterval(rebalance);
      rebalance = undefined;
    }
  };

  /** 'placed' once `upload` holds a place; 'gone' if the client left first; 'busy' after maxWaitMs. */
  const waitForPlace = (upload: Upload, reply: FastifyReply) =>
    new Promise<'placed' | 'gone' | 'busy'>((resolve) => {
      if (makeRoom(upload)) {
        resolve('placed');
        return;
      }
      const leave = (outcome: 'gone' | 'busy') => () => {
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
        settle(outcome);
      };
      const onClose = leave('gone');
      const timer = setTimeout(() => {
        refused.busy++;
        leave('busy')();
      }, settings.maxWaitMs);
      const settle = (outcome: 'placed' | 'gone' | 'busy') => {
        clearTimeout(timer);
        reply.raw.off('close', onClose);
        resolve(outcome);
      };
      const waiter: Waiter = { upload, grant: () => settle('placed') };
      reply.raw.once('close', onClose);
      waiting.push(waiter);
      grantWaiting();
    });

  const busy = () =>
    new HttpError(503, messages.intakeBusy, {
      'retry-after': String(Math.ceil(settings.maxWaitMs / 2000)),
      connection: 'close',
    });

  /** Answers a body still arriving with `error` and closes its connection. */
  const drop = (request: FastifyRequest, reply: FastifyReply, error: HttpError) => {
    const socket = request.raw.socket;
    // Fastify stops the request here: a body that still completed reaches no handler. In words
    // through the site's answers, so a browser's plain form gets a page (error-handler.ts).
    if (!reply.sent)
      void request.server.siteAnswers.send(
        request,
        reply,
        error.statusCode,
        { message: error.message },
        { ...error.headers, connection: 'close' },
      );
    // Should the answer itself not get out, the connection goes anyway, and with it the place.
    setTimeout(() => socket.destroy(), settings.stallWindowMs).unref();
  };

  /**
   * Watches a body while it arrives: dropped (408) when it stops moving or takes longer than
   * `maxReceiveMs`. Calls `received` once it is complete.
   */
  const watchReceipt = (request: FastifyRequest, reply: FastifyReply, received: () => void) => {
    const socket = request.raw.socket;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearInterval(progress);
      clearTimeout(deadline);
      request.raw.off('end', onEnd);
    };
    const onEnd = () => {
      stop();
      received();
    };
    let seen = socket.bytesRead;
    let lastLook = Date.now();
    const look = () => {
      if (stopped) return;
      // Fully received: what is left (the checks) is the server's own work.
      if (request.raw.complete) return onEnd();
      const now = Date.now();
      const moved = socket.bytesRead - seen;
      const elapsed = Math.max(now - lastLook, settings.stallWindowMs);
      seen = socket.bytesRead;
      lastLook = now;
      // The floor is a rate: a look that came late, because the server itself was busy, judges
      // the body by all the time since the last one, not by one window.
      if (moved * settings.stallWindowMs >= settings.minBytesPerWindow * elapsed) return;
      stop();
      refused.stalled++;
      request.log.info({ moved, windowMs: elapsed }, 'application upload stalled: dropped');
      drop(request, reply, new HttpError(408, messages.uploadStalled));
    };
    // Timers run before the event loop reads the sockets: after a busy spell the bytes a client
    // sent meanwhile are still unread when the window ends. setImmediate looks once they are read,
    // so a sender is never blamed for the server's own delay.
    const progress = setInterval(() => setImmediate(look), settings.stallWindowMs);
    const deadline = setTimeout(() => {
      if (request.raw.complete) return onEnd();
      stop();
      refused.tooSlow++;
      request.log.info({ receiveMs: settings.maxReceiveMs }, 'application upload too slow: dropped');
      drop(request, reply, new HttpError(408, messages.uploadTooSlow));
    }, settings.maxReceiveMs);
    progress.unref();
    deadline.unref();
    request.raw.once('end', onEnd);
    return stop;
  };

  /** The `onRequest` hook of the application route: an upload place, before the body is read. */
  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const address = request.ip;
    // Not yet arriving, so never given up while it waits or before it is watched.
    const upload: Upload = { address, receiving: false, rate: () => undefined, evict: () => {} };
    const outcome = await waitForPlace(upload, reply);
    if (outcome === 'busy') {
      const refusal = busy();
      // In words through the site's answers: a browser's plain form gets a page (error-handler.ts).
      return request.server.siteAnswers.send(
        request,
        reply,
        503,
        { message: refusal.message },
        refusal.headers,
      );
    }
    if (outcome === 'gone') return undefined;
    const socket = request.raw.socket;
    // Gone before it could wait (its 'close' came and went): the place goes straight back.
    if (reply.sent || socket.destroyed) {
      unplace(upload);
      return undefined;
    }
    // 'close' comes once the answer is sent, or when the client goes away, whichever is first.
    let stopWatching = () => {};
    reply.raw.once('close', () => {
      stopWatching();
      unplace(upload);
    });
    // A request made in-process (Fastify's inject) has its whole body already and no socket to
    // count bytes on or to close: there is nothing to watch, and nothing to give up for another.
    const watchable = typeof socket?.bytesRead === 'number' && typeof socket.destroy === 'function';
    if (!watchable || request.raw.complete) return undefined;
    const startedAt = Date.now();
    const bytesAtStart = socket.bytesRead;
    // Unknown until it has been arriving for a window; a body complete already is never given up.
    upload.rate = () => {
      const elapsed = Date.now() - startedAt;
      return elapsed < settings.stallWindowMs || request.raw.complete
        ? undefined
        : ((socket.bytesRead - bytesAtStart) * 1000) / elapsed;
    };
    upload.evict = () => {
      upload.receiving = false;
      stopWatching();
      refused.evicted++;
      request.log.info({ address }, 'application upload given up for a faster one');
      drop(request, reply, busy());
    };
    upload.receiving = true;
    stopWatching = watchReceipt(request, reply, () => (upload.receiving = false));
    return undefined;
  }

  let checking = 0;
  const checkQueue: (() => void)[] = [];

  /** Waits for a check slot handed over by the check before it; 503 after maxWaitMs. */
  const waitForSlot = (reply: FastifyReply) =>
    new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        reply.raw.off('close', leave);
        resolve();
      };
      const leave = () => {
        const index = checkQueue.indexOf(turn);
        if (index >= 0) checkQueue.splice(index, 1);
        clearTimeout(timer);
        reply.raw.off('close', leave);
        reject(busy());
      };
      const timer = setTimeout(() => {
        refused.busy++;
        leave();
      }, settings.maxWaitMs);
      reply.raw.once('close', leave);
      checkQueue.push(turn);
    });

  /**
   * Runs `work`, the checks of one received body, in a check slot: at once when one is free, or
   * after the bodies received before it. Refused with 503 after `maxWaitMs`.
   */
  async function check<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    if (checking < settings.slots && checkQueue.length === 0) checking++;
    else await waitForSlot(reply);
    try {
      return await work();
    } finally {
      // Handed straight to the next in line, so no newcomer slips in between.
      const next = checkQueue.shift();
      if (next) next();
      else checking--;
    }
  }

  /** Read when metrics are scraped; nothing of it is kept per request. */
  const stats = (): IntakeStats => {
    let receiving = 0;
    for (const upload of uploads) if (upload.receiving) receiving++;
    return {
      receiving,
      checking,
      waitingForPlace: waiting.length,
      waitingForCheck: checkQueue.length,
      refusedBusy: refused.busy,
      refusedEvicted: refused.evicted,
      refusedStalled: refused.stalled,
      refusedTooSlow: refused.tooSlow,
    };
  };

  return { admit, check, stats };
}

export type IntakeGate = ReturnType<typeof createIntakeGate>;

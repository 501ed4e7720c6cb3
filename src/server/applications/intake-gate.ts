import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';

export interface IntakeGateSettings {
  /** Application bodies read and checked at once. */
  slots: number;
  /** Of those, at most this many for one client address, so one sender cannot take them all. */
  slotsPerAddress: number;
  /**
   * A body being read must move at least `minBytesPerWindow` in each window of this length, or
   * it is dropped (408) and its slot goes to the next one: a rate of progress, never a total time.
   */
  stallWindowMs: number;
  minBytesPerWindow: number;
  /** How long a request waits for a slot before it is told to try again (503). */
  maxWaitMs: number;
}

export const DEFAULT_INTAKE_GATE: IntakeGateSettings = {
  slots: 3,
  slotsPerAddress: 2,
  // 160 KB in every 10 s is 16 KB/s (128 kbit/s). A phone on a 1 Mbit/s uplink moves about
  // 1.2 MB in 10 s, eight times that; one that takes two minutes over a 5 MB CV (7 MB of JSON)
  // still moves about 600 KB per window, and a few seconds without signal fit inside a window.
  // A sender that stops, or trickles a few bytes to hold a slot, loses it within 10 to 20 s;
  // the largest body moving at the floor is in within 9 minutes.
  stallWindowMs: 10_000,
  minBytesPerWindow: 160 * 1024,
  // Well inside the server's idle-socket limit, so a waiting sender gets an answer, not a reset.
  maxWaitMs: 60_000,
};

interface Waiter {
  address: string;
  grant(): void;
}

/**
 * How many applications are read and checked at once. Each one in progress holds its body (up to
 * about 7 MB) several times over (the bytes, the text, the decoded CV); the others wait before
 * their bodies are read, so their bytes stay in the network's buffers, not in the server's
 * memory. More at once would not finish sooner: the checks are CPU work on few cores.
 *
 * A slot is taken when a request arrives, before its body is read, so a sender that stops
 * sending would keep it for ever: a body must keep moving at a minimum rate while it is read,
 * and one address holds only part of the slots. Waiting is first come, first served among the
 * addresses that may take a slot.
 */
export function createIntakeGate(settings: IntakeGateSettings = DEFAULT_INTAKE_GATE) {
  let free = settings.slots;
  const heldBy = new Map<string, number>();
  const waiting: Waiter[] = [];

  const mayTake = (address: string) => free > 0 && (heldBy.get(address) ?? 0) < settings.slotsPerAddress;
  const take = (address: string) => {
    free--;
    heldBy.set(address, (heldBy.get(address) ?? 0) + 1);
  };
  const give = (address: string) => {
    free++;
    const left = (heldBy.get(address) ?? 1) - 1;
    if (left > 0) heldBy.set(address, left);
    else heldBy.delete(address);
    for (let i = 0; i < waiting.length && free > 0;) {
      const waiter = waiting[i]!;
      if (mayTake(waiter.address)) {
        waiting.splice(i, 1);
        take(waiter.address);
        waiter.grant();
      } else i++;
    }
  };

  /** 'held' with a slot taken; 'gone' when the client left while waiting; 'busy' after maxWaitMs. */
  const acquire = (address: string, reply: FastifyReply) =>
    new Promise<'held' | 'gone' | 'busy'>((resolve) => {
      if (mayTake(address)) {
        take(address);
        resolve('held');
        return;
      }
      const leave = (outcome: 'gone' | 'busy') => () => {
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
        settle(outcome);
      };
      const onClose = leave('gone');
      const timer = setTimeout(leave('busy'), settings.maxWaitMs);
      const settle = (outcome: 'held' | 'gone' | 'busy') => {
        clearTimeout(timer);
        reply.raw.off('close', onClose);
        resolve(outcome);
      };
      const waiter: Waiter = { address, grant: () => settle('held') };
      reply.raw.once('close', onClose);
      waiting.push(waiter);
    });

  /** Drops a body that has stopped moving: answered 408, and the connection is closed. */
  const watchProgress = (request: FastifyRequest, reply: FastifyReply) => {
    const socket = request.raw.socket;
    // A request made in-process (Fastify's inject) has its whole body already and no socket to
    // count bytes on or to close: there is nothing to watch.
    if (typeof socket?.bytesRead !== 'number' || typeof socket.destroy !== 'function') return () => {};
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      // Fully received: what is left (the checks) is the server's own work.
      if (request.raw.complete) {
        clearInterval(timer);
        return;
      }
      const moved = socket.bytesRead - seen;
      seen = socket.bytesRead;
      if (moved >= settings.minBytesPerWindow) return;
      clearInterval(timer);
      request.log.info({ moved, windowMs: settings.stallWindowMs }, 'application upload stalled: dropped');
      // Fastify stops the request here: a body that still completed reaches no handler.
      if (!reply.sent)
        void reply.code(408).header('connection', 'close').send({ message: messages.uploadStalled });
      // Should the answer itself not get out, the connection goes anyway, and with it the slot.
      setTimeout(() => socket.destroy(), settings.stallWindowMs).unref();
    }, settings.stallWindowMs);
    timer.unref();
    return () => clearInterval(timer);
  };

  return async function intakeGate(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const address = request.ip;
    const outcome = await acquire(address, reply);
    if (outcome === 'busy') {
      return reply
        .code(503)
        .header('retry-after', String(Math.ceil(settings.maxWaitMs / 2000)))
        .header('connection', 'close')
        .send({ message: messages.intakeBusy });
    }
    if (outcome === 'gone') return undefined;
    // Gone before it could wait (its 'close' came and went): the slot goes straight back.
    if (reply.sent || request.raw.socket.destroyed) {
      give(address);
      return undefined;
    }
    const stopWatching = watchProgress(request, reply);
    // 'close' comes once the answer is sent, or when the client goes away, whichever is first.
    reply.raw.once('close', () => {
      stopWatching();
      give(address);
    });
    return undefined;
  };
}

export type IntakeGate = ReturnType<typeof createIntakeGate>;

import { Sema } from 'async-sema';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How many applications are read and checked at once. Each one in progress holds its body (up to
 * about 7 MB) several times over (the bytes, the text, the decoded CV); the others wait before
 * their bodies are read, so their bytes stay in the network's buffers, not in the server's
 * memory. More at once would not finish sooner: the checks are CPU work on few cores.
 */
export function createIntakeGate(slots: number) {
  const sema = new Sema(slots);
  return async function intakeGate(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let held = false;
    let closed = false;
    // 'close' comes once the answer is sent, or when the client goes away, whichever is first.
    reply.raw.once('close', () => {
      closed = true;
      if (held) sema.release();
    });
    await sema.acquire();
    if (closed) sema.release();
    else held = true;
  };
}

import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { errorCodes } from 'fastify';
import { releaseBytes } from '../runtime/release-bytes';

/**
 * Reads an application's JSON body (up to about 7 MB) into one buffer of the size its
 * Content-Length announces, copying each piece in as it arrives. Fastify's own reader keeps
 * every piece until the end and then joins them into a second buffer: twice the body at the
 * peak, for each application being read (see docs/operations.md#memory). The buffer is taken
 * uninitialised, so the system commits its pages only as bytes are written into them: a body
 * that announces 8 MB and trickles in costs about what it has sent. (A buffer grown by doubling
 * would leave about as much again behind for the garbage collector with every body.) Without a
 * Content-Length (a chunked upload), the pieces are joined at the end.
 *
 * The same refusals as Fastify's reader: over `limit` bytes (announced or received) is
 * FST_ERR_CTP_BODY_TOO_LARGE (413), fewer or more bytes than announced is
 * FST_ERR_CTP_INVALID_CONTENT_LENGTH (400).
 */
export function readApplicationBody(
  payload: IncomingMessage,
  limit: number,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  const header = payload.headers['content-length'];
  const announced = header === undefined ? undefined : Number(header);
  if (announced !== undefined && announced > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const sized = announced !== undefined && Number.isInteger(announced) && announced >= 0;
  const whole = sized ? Buffer.allocUnsafeSlow(announced) : undefined;
  const pieces: Buffer[] = [];
  // Node's HTTP server copies each piece of a body into memory of its own (up to 64 KB), which
  // waits for a garbage collection once copied out: 8 bodies arriving at once left tens of
  // megabytes of them behind (docs/operations.md#memory). So each is given back once it is copied.
  // Only from a connection: a request made in-process (Fastify's inject) may hand in bytes its
  // caller still holds.
  const giveBack = payload.socket instanceof Socket ? releaseBytes : () => {};
  let received = 0;
  let finished = false;

  const finish = (error: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    payload.off('data', onData);
    payload.off('end', onEnd);
    payload.off('error', onError);
    done(error, body);
  };
  const onData = (chunk: Buffer) => {
    const next = received + chunk.length;
    if (next > limit) return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    if (whole) {
      if (next > announced!) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      chunk.copy(whole, received);
      giveBack(chunk);
    } else pieces.push(chunk);
    received = next;
  };
  const onEnd = () => {
    if (whole) {
      if (received !== announced) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return finish(null, whole);
    }
    const body = Buffer.concat(pieces, received);
    for (const piece of pieces) giveBack(piece);
    finish(null, body);
  };
  const onError = (error: Error & { statusCode?: number }) => {
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    finish(error);
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.resume();
}

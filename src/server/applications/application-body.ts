import type { IncomingMessage } from 'node:http';
import { errorCodes } from 'fastify';

/** The first buffer for a body; it doubles as the body arrives, up to the size announced. */
const FIRST_BUFFER_BYTES = 64 * 1024;

/**
 * Reads an application's JSON body (up to about 7 MB) into one buffer that ends the size its
 * Content-Length announces, copying each piece in as it arrives. Fastify's own reader keeps
 * every piece until the end and then joins them into a second buffer: twice the body at the
 * peak, for each application being read (see docs/operations.md#memory). The buffer starts small
 * and doubles as bytes arrive, so a body that announces 8 MB and trickles in holds about what it
 * has sent, not 8 MB from its first byte. Without a Content-Length (a chunked upload), the pieces
 * are joined at the end as before.
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
  let whole = sized ? Buffer.allocUnsafeSlow(Math.min(announced, FIRST_BUFFER_BYTES)) : undefined;
  const pieces: Buffer[] = [];
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
      if (next > whole.length) {
        const grown = Buffer.allocUnsafeSlow(Math.min(announced!, Math.max(next, 2 * whole.length)));
        whole.copy(grown, 0, 0, received);
        whole = grown;
      }
      chunk.copy(whole, received);
    } else pieces.push(chunk);
    received = next;
  };
  const onEnd = () => {
    if (whole) {
      if (received !== announced) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return finish(null, whole);
    }
    finish(null, Buffer.concat(pieces, received));
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

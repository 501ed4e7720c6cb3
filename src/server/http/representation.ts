import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One answer body prepared once and sent many times: its bytes, its gzip and brotli forms, and
 * an ETag, so a cached answer costs a lookup and a write, and a revalidation costs a 304.
 */
export type Encoding = 'br' | 'gzip' | 'identity';
const COMPRESSED: Exclude<Encoding, 'identity'>[] = ['br', 'gzip'];

export interface Representation {
  contentType: string;
  etag: string;
  /** The body in one encoding, compressed on first use and kept. */
  body(encoding: Encoding): Buffer;
}

const compress: Record<Exclude<Encoding, 'identity'>, (body: Buffer) => Buffer> = {
  gzip: (body) => gzipSync(body, { level: 6 }),
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
};

export function createRepresentation(
  body: string | Buffer,
  contentType: string,
  /** Encodings already made (off the event loop, for a large body), with the same settings. */
  compressed: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>> = {},
  /** The answer's ETag when its owner names its versions itself; by default a hash of the body. */
  etag?: string,
): Representation {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const encoded = new Map<Encoding, Buffer>([
    ['identity', identity],
    ...(Object.entries(compressed) as Array<[Encoding, Buffer]>),
  ]);
  return {
    contentType,
    // Weak: the gzip and brotli forms are the same content in other bytes.
    etag: etag ?? `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    body(encoding) {
      let bytes = encoded.get(encoding);
      if (!bytes)
        encoded.set(encoding, (bytes = compress[encoding as Exclude<Encoding, 'identity'>](identity)));
      return bytes;
    },
  };
}

/** The best encoding the client accepts (brotli, then gzip, else none), as Accept-Encoding says. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  // Content-coding names are case-insensitive; the negotiator compares them as written.
  return (acceptEncoding && negotiate(acceptEncoding.toLowerCase(), COMPRESSED)) || 'identity';
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

/**
 * Sets an answer's ETag, and Vary for its encodings; true when the client already has that
 * version (its If-None-Match names it), which a 200 answers with a 304.
 */
export function answerHeaders(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  const vary = reply.getHeader('vary');
  reply.header('etag', etag).header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  return matches(request.headers['if-none-match'], etag);
}

/** Sends a prepared answer: 304 when the client has it, else the best encoding it accepts. */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  options: {
    status?: number;
    /** Left out for admin answers: those get the admin scope's own (private-answers.ts). */
    cacheControl?: string;
    /**
     * For a known page every visitor gets alike: the address it is known by, and which
     * representation is current at a later request. Given, the answer to exactly that address
     * may be repeated without Fastify while it stays current (answer-replay.ts).
     */
    replay?: { page: string; current: () => Representation | undefined };
  } = {},
): FastifyReply {
  const current = answerHeaders(request, reply, representation.etag);
  if (options.cacheControl) reply.header('cache-control', options.cacheControl);
  if ((options.status ?? 200) === 200 && current) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (options.replay && (options.status ?? 200) === 200)
    request.server.answerReplay?.offer(
      request,
      options.replay.page,
      representation,
      encoding,
      options.replay.current,
    );
  return reply
    .code(options.status ?? 200)
    .type(representation.contentType)
    .send(representation.body(encoding));
}

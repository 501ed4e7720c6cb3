import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerFactory } from 'fastify';
import { pickEncoding, type Encoding, type Representation } from './representation';

/**
 * The hottest answers (the open jobs, the careers home page) are the same bytes for every visitor
 * until a job changes, yet each request would still walk Fastify's routing, hooks and reply
 * machinery, most of the cost of answering them. So the first time Fastify sends one of them,
 * its exact status line and headers are kept; the same request after that is answered with them
 * straight from the HTTP server, as long as the answer is still current. Fastify decides every
 * header; this only repeats a decision it made for the same address and encoding.
 *
 * Only plain cases are repeated: GET, no Origin (CORS headers depend on it), no If-None-Match
 * (Fastify answers those, with 304), not while the server is closing, and not when requests are
 * logged one by one (debug), so nothing a log reader expects goes missing.
 *
 * Only known pages are kept, each under its own address (`/about`, `/apply/<an open job>`, not
 * `/about//` or a made-up dashboard address), so a stranger cannot fill the store with addresses
 * of their own. The store is bounded, and a full one makes room by dropping what is stale, then
 * what was used longest ago, so a new job's page always gets in.
 */
export interface AnswerReplay {
  /** Tries to answer from a kept answer; false when Fastify must. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /**
   * Marks a request whose answer may be kept: `page` is the address the page is known by (kept
   * only when the request asked for exactly that), `current` says, at each later request, which
   * representation is the one to send now (undefined when it is not at hand).
   */
  offer(
    request: FastifyRequest,
    page: string,
    representation: Representation,
    encoding: Encoding,
    current: () => Representation | undefined,
  ): void;
  /** What the store holds now: entries, and the bytes of their bodies and headers. */
  held(): { entries: number; bytes: number };
  /** Answers sent from the store since the start (Fastify never sees them, so counts them nowhere). */
  replayed(): number;
}

/** Browsers send a handful of distinct Accept-Encoding values; each is worked out once. */
const MAX_ENCODINGS = 64;

declare module 'fastify' {
  interface FastifyInstance {
    answerReplay?: AnswerReplay;
  }
}

/** Every fixed page of the site in each encoding, and a few hundred job pages besides. */
export const DEFAULT_REPLAY_ENTRIES = 512;

interface Offer {
  representation: Representation;
  encoding: Encoding;
  current: () => Representation | undefined;
}

interface Kept extends Offer {
  /** Name, value, name, value...: the form Node writes without looking at each header again. */
  headers: string[];
}

const replayable = (request: IncomingMessage) =>
  request.method === 'GET' && !request.headers.origin && !request.headers['if-none-match'];

const isStale = (entry: Kept) => entry.current() !== entry.representation;

export function createAnswerReplay(options: { enabled: boolean; maxEntries?: number }): AnswerReplay & {
  install(app: FastifyInstance): void;
} {
  const maxEntries = options.maxEntries ?? DEFAULT_REPLAY_ENTRIES;
  // A Map iterates in insertion order: moving an entry to the end on each use keeps the least
  // recently used first.
  const kept = new Map<string, Kept>();
  const offers = new WeakMap<FastifyRequest, Offer>();
  const encodings = new Map<string, Encoding>();
  let open = options.enabled;
  let replayed = 0;
  const keyOf = (url: string, encoding: Encoding) => `${encoding} ${url}`;
  const encodingFor = (acceptEncoding: string | undefined): Encoding => {
    if (acceptEncoding === undefined) return 'identity';
    let encoding = encodings.get(acceptEncoding);
    if (encoding === undefined) {
      encoding = pickEncoding(acceptEncoding);
      if (encodings.size < MAX_ENCODINGS) encodings.set(acceptEncoding, encoding);
    }
    return encoding;
  };
  const makeRoom = () => {
    for (const [key, entry] of kept) if (isStale(entry)) kept.delete(key);
    for (const key of kept.keys()) {
      if (kept.size < maxEntries) break;
      kept.delete(key);
    }
  };

  return {
    serve(request, response) {
      if (!open || !replayable(request) || kept.size === 0) return false;
      const key = keyOf(request.url ?? '', encodingFor(request.headers['accept-encoding']));
      const entry = kept.get(key);
      if (!entry) return false;
      kept.delete(key);
      if (isStale(entry)) return false;
      kept.set(key, entry);
      response.writeHead(200, entry.headers);
      response.end(entry.representation.body(entry.encoding));
      replayed++;
      return true;
    },
    offer(request, page, representation, encoding, current) {
      // Addresses with a query are left to Fastify: anyone can make up endless variants of them.
      if (open && replayable(request.raw) && request.raw.url === page)
        offers.set(request, { representation, encoding, current });
    },
    held() {
      let bytes = 0;
      for (const entry of kept.values()) {
        bytes += entry.representation.body(entry.encoding).length;
        for (const part of entry.headers) bytes += part.length;
      }
      return { entries: kept.size, bytes };
    },
    replayed: () => replayed,
    install(app) {
      app.addHook('onResponse', (request, reply, done) => {
        const offer = offers.get(request);
        if (offer && reply.statusCode === 200 && open) {
          const key = keyOf(request.raw.url ?? '', offer.encoding);
          kept.delete(key);
          if (kept.size >= maxEntries) makeRoom();
          // Per request, whatever it is: a fresh Date comes from Node on each answer.
          const { date: _date, ...headers } = reply.getHeaders();
          kept.set(key, {
            ...offer,
            headers: Object.entries(headers).flatMap(([name, value]) =>
              (Array.isArray(value) ? value : [value]).flatMap((one) => [name, String(one)]),
            ),
          });
        }
        done();
      });
      // A closing server answers 503 through Fastify; nothing is repeated from here on.
      app.addHook('preClose', (done) => {
        open = false;
        kept.clear();
        done();
      });
    },
  };
}

/**
 * Fastify's own HTTP/1 server (see its lib/server.js), with kept answers tried first. Fastify
 * hands in its options, so the timeouts are the ones it would have set.
 */
export function replayingServerFactory(replay: AnswerReplay): FastifyServerFactory {
  // Not an `import`: Node 24's module facade for `node:http` reads its WebSocket export, which
  // loads undici and its web streams for nothing (docs/operations.md#memory).
  const { createServer } = process.getBuiltinModule('node:http');
  return (handler, options) => {
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!replay.serve(request, response)) handler(request, response);
    });
    const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
    const keepAlive = number(options.keepAliveTimeout);
    const request = number(options.requestTimeout);
    const connection = number(options.connectionTimeout);
    const perSocket = number(options.maxRequestsPerSocket);
    if (keepAlive !== undefined) server.keepAliveTimeout = keepAlive;
    if (request !== undefined) server.requestTimeout = request;
    if (connection !== undefined) server.setTimeout(connection);
    if (perSocket !== undefined && perSocket > 0) server.maxRequestsPerSocket = perSocket;
    return server;
  };
}

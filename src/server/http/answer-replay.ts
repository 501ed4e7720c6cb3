import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
 */
export interface AnswerReplay {
  /** Tries to answer from a kept answer; false when Fastify must. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /**
   * Marks a request whose answer may be kept: `current` says, at each later request, which
   * representation is the one to send now (undefined when it is not at hand).
   */
  offer(
    request: FastifyRequest,
    representation: Representation,
    encoding: Encoding,
    current: () => Representation | undefined,
  ): void;
}

/** Browsers send a handful of distinct Accept-Encoding values; each is worked out once. */
const MAX_ENCODINGS = 64;

declare module 'fastify' {
  interface FastifyInstance {
    answerReplay?: AnswerReplay;
  }
}

/** Enough for every page of the site and the job list in each encoding; never grown past it. */
const MAX_KEPT = 512;

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

export function createAnswerReplay(options: { enabled: boolean }): AnswerReplay & {
  install(app: FastifyInstance): void;
} {
  const kept = new Map<string, Kept>();
  const offers = new WeakMap<FastifyRequest, Offer>();
  const encodings = new Map<string, Encoding>();
  let open = options.enabled;
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

  return {
    serve(request, response) {
      if (!open || !replayable(request) || kept.size === 0) return false;
      const key = keyOf(request.url ?? '', encodingFor(request.headers['accept-encoding']));
      const entry = kept.get(key);
      if (!entry) return false;
      if (entry.current() !== entry.representation) {
        kept.delete(key);
        return false;
      }
      response.writeHead(200, entry.headers);
      response.end(entry.representation.body(entry.encoding));
      return true;
    },
    offer(request, representation, encoding, current) {
      // Addresses with a query are left to Fastify: anyone can make up endless variants of them.
      if (open && replayable(request.raw) && !request.raw.url?.includes('?'))
        offers.set(request, { representation, encoding, current });
    },
    install(app) {
      app.addHook('onResponse', (request, reply, done) => {
        const offer = offers.get(request);
        if (offer && reply.statusCode === 200 && open && kept.size < MAX_KEPT) {
          // Per request, whatever it is: a fresh Date comes from Node on each answer.
          const { date: _date, ...headers } = reply.getHeaders();
          kept.set(keyOf(request.raw.url ?? '', offer.encoding), {
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

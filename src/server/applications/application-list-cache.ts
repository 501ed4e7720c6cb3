import { randomBytes } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip as gzipCompress,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationSummary } from '../../shared/applications/application-contract';
import type { ChangeFeed } from '../db/change-feed';
import {
  answerHeaders,
  createRepresentation,
  pickEncoding,
  sendRepresentation,
  type Representation,
} from '../http/representation';
import type { ApplicationRepository } from './application-repository';

/** Rows read at a time; other requests are answered between the reads. */
const CHUNK_ROWS = 1000;
/** How long an answer is trusted without a change heard: a lost change notice is caught then. */
const MAX_AGE_MS = 60_000;
const CONTENT_TYPE = 'application/json; charset=utf-8';

const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } };
const GZIP: ZlibOptions = { level: 6 };
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * GET /api/applications's answer (docs/architecture.md#application-list-cache). It is written as
 * it is read, a thousand rows at a time through the compressor, so what one answer holds is a
 * chunk of rows, not the list: at 10,000 applications the list is 4.6 MB of JSON, and a store
 * growing under traffic grew every answer with it. A version of the list asked for a second time
 * (read while nothing changed) is also kept, up to `keepBytes` of JSON, and sent from memory until
 * an application is added, removed or moves stage on any instance, or a minute passes. Not the
 * first time: where the list changes between reads (applications arriving while an administrator
 * works through them), keeping each version cost a copy of the whole list and its two compressed
 * forms for every read, all of it dropped at the next change
 * (docs/architecture.md#application-list-cache).
 *
 * Its ETag names this process, the count of changes it has heard and the minute, so it is known
 * before a row is read: a client that sends it back gets a 304 without a read, and every answer
 * of one version of the list, kept or read, carries the same one.
 */
export function createApplicationListCache(
  applications: Pick<ApplicationRepository, 'listInChunks'>,
  changes: ChangeFeed,
  serialize: (rows: ApplicationSummary[]) => string,
  keepBytes: number,
) {
  const instance = randomBytes(6).toString('base64url');
  let changesHeard = 0;
  let kept: { etag: string; representation: Representation } | undefined;
  let keeping = false;
  /** The version of the list last read from the store: read again, it is kept. */
  let lastRead: string | undefined;
  changes.subscribe('applications', () => {
    changesHeard++;
    kept = undefined;
  });
  const currentEtag = () => `W/"${instance}.${changesHeard}.${Math.floor(Date.now() / MAX_AGE_MS)}"`;

  /** Keeps a whole answer read while nothing changed, with its compressed forms made off the event loop. */
  const keep = async (etag: string, body: Buffer) => {
    try {
      const [br, gz] = await Promise.all([
        brotli(body, { params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, GZIP),
      ]);
      if (etag !== currentEtag()) return;
      kept = { etag, representation: createRepresentation(body, CONTENT_TYPE, { br, gzip: gz }, etag) };
      // Past its minute it is never sent again (its ETag names the minute): let go of it then,
      // rather than holding several megabytes until the next read or change.
      setTimeout(
        () => {
          if (kept?.etag === etag) kept = undefined;
        },
        MAX_AGE_MS - (Date.now() % MAX_AGE_MS),
      ).unref();
    } finally {
      keeping = false;
    }
  };

  return {
    /** What it keeps now: one answer or none, and its JSON's bytes. */
    held: () => ({ entries: kept ? 1 : 0, bytes: kept?.representation.body('identity').length ?? 0 }),
    async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      const etag = currentEtag();
      if (kept?.etag === etag) return sendRepresentation(request, reply, kept.representation);
      if (answerHeaders(request, reply, etag)) return reply.code(304).send();

      // The first chunk is read before the answer starts, so a failing read is an error answer,
      // not a broken one.
      const chunks = applications.listInChunks(CHUNK_ROWS)[Symbol.asyncIterator]();
      const first = await chunks.next();
      // One answer at a time is collected to be kept, while it stays within `keepBytes`, and only
      // for a version read before.
      const askedBefore = lastRead === etag;
      lastRead = etag;
      let collected: Buffer[] | undefined = askedBefore && !keeping && keepBytes > 0 ? [] : undefined;
      let collectedBytes = 0;
      if (collected) keeping = true;
      const stopCollecting = () => {
        if (collected) keeping = false;
        collected = undefined;
      };
      const piece = (text: string) => {
        const bytes = Buffer.from(text);
        if (collected) {
          collectedBytes += bytes.length;
          if (collectedBytes <= keepBytes) collected.push(bytes);
          else stopCollecting();
        }
        return bytes;
      };
      async function* pieces() {
        try {
          yield piece('[');
          let next = first;
          let separator = '';
          while (!next.done) {
            if (next.value.length > 0) {
              yield piece(separator + serialize(next.value).slice(1, -1));
              separator = ',';
            }
            next = await chunks.next();
          }
          yield piece(']');
          if (collected && etag === currentEtag()) {
            const body = Buffer.concat(collected, collectedBytes);
            collected = undefined;
            void keep(etag, body).catch((error: unknown) =>
              request.log.warn({ err: error }, 'list not kept'),
            );
          } else stopCollecting();
        } finally {
          await chunks.return?.(undefined);
        }
      }
      // One piece ahead at most: a slow reader holds back the reads, not a queue of chunks.
      const source = Readable.from(pieces(), { objectMode: false, highWaterMark: 1 });
      // However the answer ends (sent, failed, or the client gone before a piece was read).
      source.once('close', () => {
        stopCollecting();
        void chunks.return?.(undefined);
      });
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.code(200).type(CONTENT_TYPE);
      if (encoding === 'identity') return reply.send(source);
      reply.header('content-encoding', encoding);
      const compressor = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP);
      // A read that fails once the answer has begun ends the connection: the client sees a broken
      // answer, never a short list.
      return reply.send(
        pipeline(source, compressor, (error) => {
          if (error) request.log.warn({ err: error }, 'application list not sent whole');
        }),
      );
    },
  };
}

export type ApplicationListCache = ReturnType<typeof createApplicationListCache>;

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import type { Refusal } from '../../shared/site/initial-data';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { HttpError } from './http-error';
import { sendRepresentation, type Representation } from './representation';

/** Long enough for a failover or a restart, short enough that a person tries again. */
const DATABASE_RETRY_AFTER_SECONDS = 30;

/** What a refusal says: `{ message }`, with each field's after a validation failure. */
export interface ErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}

/**
 * The site's own page saying why a request was refused, drawn at the address's path (the web
 * build's, site/site-pages.ts): the server has one only when it serves the site.
 */
export type RefusalPage = (pathname: string, refusal: Refusal) => Promise<Representation>;

/**
 * How much a request's Accept header wants a page (text/html, named: browsers name it) and how much
 * JSON (named, or through a wildcard: what fetch and most API clients send).
 */
function preferences(accept: string | undefined) {
  let html = 0;
  let json = 0;
  for (const part of (accept ?? '').split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const q = Number(params.find((param) => param.trim().startsWith('q='))?.split('=')[1] ?? 1);
    const weight = Number.isFinite(q) ? q : 0;
    const type = range.trim();
    if (type === 'text/html') html = Math.max(html, weight);
    if (type === 'application/json' || type === 'application/*' || type === '*/*')
      json = Math.max(json, weight);
  }
  return { html, json };
}

/**
 * A read of a page's address: outside the API, which keeps its own address space in JSON whoever
 * asks (app.ts).
 */
function readsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  return path !== '/api' && !path.startsWith('/api/');
}

/**
 * A plain HTML form sent by a browser (a job alert's sign-up, or an application with its CV as
 * multipart, without the app): wherever it posts, the browser shows what comes back, so a refusal
 * is a page too (docs/behaviour.md#job-alerts, docs/behaviour.md#applying-without-javascript).
 */
function sendsForm(request: FastifyRequest): boolean {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return (
    request.method === 'POST' &&
    (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data')
  );
}

/** A browser opening a page or sending a form: its Accept prefers HTML to JSON. */
export function wantsPage(request: FastifyRequest): boolean {
  const { html, json } = preferences(request.headers.accept);
  return html > 0 && html >= json;
}

/** Long enough for any address of the route table; a longer one is drawn as the home page's frame. */
const MAX_PAGE_PATH = 200;

/** The path a refusal page is drawn at: the address's own, when the app could read it. */
function pagePath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    decodeURIComponent(path);
  } catch {
    return '/';
  }
  return path.length <= MAX_PAGE_PATH ? path : '/';
}

export interface ErrorAnswers {
  /**
   * Answers a refused request: `{ message }` with its status, or, for a browser opening a page
   * while the site is served, the site's page saying the message, with the same status.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: ErrorBody,
    headers?: Record<string, string>,
  ): Promise<FastifyReply>;
  /**
   * Answers a browser's form or opened link with the site's page saying `notice`, with its status;
   * `{ message }` when the site is not served or the page cannot be drawn.
   */
  page(request: FastifyRequest, reply: FastifyReply, notice: Refusal): Promise<FastifyReply>;
  /** Called once the site is served: refusals of pages are drawn by it from then on. */
  useRefusalPage(page: RefusalPage): void;
}

export function createErrorAnswers(): ErrorAnswers {
  let refusalPage: RefusalPage | undefined;
  // A page that cannot be drawn leaves the JSON answer, which still says why.
  const drawn = (request: FastifyRequest, notice: Refusal) =>
    refusalPage?.(pagePath(request.url), notice).catch((error: unknown) => {
      request.log.error({ err: error }, 'the refusal page could not be drawn');
      return undefined;
    });
  return {
    async send(request, reply, status, body, headers = {}) {
      reply.headers(headers);
      if (refusalPage && (readsPage(request) || sendsForm(request))) {
        reply.header('vary', 'Accept');
        const title = request.routeOptions.config?.refusalTitle;
        const link = request.routeOptions.config?.refusalLink?.(request);
        const page = wantsPage(request)
          ? await drawn(request, {
              status,
              message: body.message,
              ...(title ? { title } : {}),
              ...(link ? { link } : {}),
            })
          : undefined;
        if (page) return sendRepresentation(request, reply, page, { status, cacheControl: 'no-store' });
      }
      return reply.code(status).send(body);
    },
    async page(request, reply, notice) {
      reply.header('vary', 'Accept');
      const page = await drawn(request, notice);
      if (page)
        return sendRepresentation(request, reply, page, { status: notice.status, cacheControl: 'no-store' });
      return reply.code(notice.status).send({ message: notice.message });
    },
    useRefusalPage(page) {
      refusalPage = page;
    },
  };
}

/**
 * Every failure answers JSON `{ message }` with a fitting status (a browser opening a page gets the
 * site's page with the message instead: createErrorAnswers); bad input never becomes a 500, and no
 * stack trace leaves the server.
 */
export function installErrorHandling(
  app: FastifyInstance,
  answers: ErrorAnswers = createErrorAnswers(),
): ErrorAnswers {
  app.decorate('siteAnswers', answers);
  app.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
    const answer = (status: number, body: ErrorBody, headers?: Record<string, string>) =>
      answers.send(request, reply, status, body, headers);
    if (error instanceof HttpError) {
      return answer(error.statusCode, { message: error.message }, error.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? 'Invalid value.',
      }));
      return answer(400, { message: errors[0]?.message ?? 'Invalid request.', errors });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return answer(413, {
          message: request.routeOptions.config.bodyTooLargeMessage ?? messages.bodyTooLarge,
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return answer(415, { message: 'Send the request body as application/json.' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return answer(400, { message: messages.badJson });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return answer(400, { message: messages.badJson });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return answer(error.statusCode, { message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return answer(
        503,
        { message: messages.databaseUnavailable },
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return answer(500, { message: messages.serverError });
  });
  return answers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The message a 413 carries on this route (the CV route names the 5MB limit). */
    bodyTooLargeMessage?: string;
    /** The heading of the page a browser's form refused on this route gets (a job alert's sign-up). */
    refusalTitle?: string;
    /** Where that page leads back to, for this request (a refused application's job page). */
    refusalLink?: (request: FastifyRequest) => { href: string; label: string } | undefined;
  }
  interface FastifyInstance {
    /** The answers in words (createErrorAnswers): a route answering a browser's form with a page uses them. */
    siteAnswers: ErrorAnswers;
  }
}

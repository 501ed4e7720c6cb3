import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { MAX_BODY_BYTES } from '../../shared/limits';
import { messages } from '../../shared/messages';
import type { AppContext } from './app-context';
import type { Config } from '../config';
import { createGuards } from '../auth/guards';
import { accountScope, adminScope, documentAsPublic, teamScope } from '../auth/admin-scope';
import { createErrorAnswers, installErrorHandling } from '../http/error-handler';
import { HttpError } from '../http/http-error';
import { JSON_SHAPE_LIMITS, jsonShapeExceeds } from '../http/json-shape';
import { logAddress } from '../http/log-address';
import { installSecurityHeaders } from '../http/security-headers';
import { installPrivateAnswers } from '../http/private-answers';
import { createAnswerReplay, replayingServerFactory } from '../http/answer-replay';
import { rejectNulCharacters } from '../http/reject-nul';
import { schemaSerializerCompiler } from '../http/schema-serializer';
import { collapseSlashes } from '../http/url-path';
import { installMetrics } from '../metrics/metrics-routes';
import { readinessRoutes } from '../metrics/readiness';
import { registerStaticSite } from '../site/static-site';
import { siteRoutes } from '../site/site-routes';
import { serverModules } from './modules';
import type { ScopedRoutes } from '../domain-module/server-module';
import type { Api } from '../domain-module/route-types';
import { apiPaths } from '../../shared/http/api-routes';

export interface AppOptions {
  /** The built web site to serve; none in API-only tests. */
  webDistDir?: string;
  logger?: boolean;
  /** How many answers the replay keeps (tests use a handful); see answer-replay.ts. */
  replayEntries?: number;
  timeouts?: Partial<HttpTimeouts>;
}

export interface HttpTimeouts {
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  // Node's request timeout is the time to receive a whole request, body included. It must let
  // the slowest upload the intake gate keeps finish: up to a minute's wait for a place, then
  // three minutes for the body (see intake-gate.ts). Stalled and overlong uploads are dropped by
  // the gate first; this catches whatever else never finishes.
  requestTimeoutMs: 5 * 60_000,
  // A connection with no traffic at all for this long is closed. A request waiting for an
  // intake place or check slot is answered (503) before: its socket is quiet meanwhile.
  connectionTimeoutMs: 2 * 60_000,
};

const badUrl = 'The request address is not valid.';
const addressTooLong = 'The request address is too long.';
/** Long enough for any e-mail address in GET /api/admin/:email (up to 254 characters). */
const MAX_PARAM_LENGTH = 512;

/**
 * Fastify ignores a bare hop count (it cannot tell a proxy from a client that connects directly),
 * so a count is given as the rule it means: trust the nearest `hops` addresses. The client's
 * address is then the one the outermost trusted proxy appended, whatever it wrote to the left.
 */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** The whole HTTP server, built from a ready context (see `start-server.ts`). */
export async function createApp(context: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = context;
  const logsEachRequest = config.logLevel === 'debug' || config.logLevel === 'trace';
  const replay = createAnswerReplay({
    enabled: !logsEachRequest,
    maxEntries: options.replayEntries ?? config.memoryBounds.answerReplayEntries,
  });
  context.cacheSizes.report('answer_replay', replay.held);
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...options.timeouts };
  const errors = createErrorAnswers();
  const app = Fastify({
    serverFactory: replayingServerFactory(replay),
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.connectionTimeoutMs,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Fastify's own request fields, with secret tokens and a page's search left out.
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: logAddress(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // Per-request lines only when debugging: at info level they would dominate the log and the CPU.
    logController: new LogController({
      disableRequestLogging: !logsEachRequest,
    }),
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Before routing, once: no route then sees a run of slashes (docs/security.md#input-handling).
    rewriteUrl: (request) => collapseSlashes(request.url ?? '/'),
    // Paths refused before routing (bad percent-encoding, over-long parameter) answer `{ message }` too,
    // or a browser opening one the site's page saying it.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void errors.send(request, reply as FastifyReply, tooLong ? 414 : 400, {
        message: tooLong ? addressTooLong : badUrl,
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('answerReplay', replay);
  replay.install(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(schemaSerializerCompiler);
  installErrorHandling(app, errors);
  // The API takes JSON only: a text/plain body is refused with 415 like any other wrong type.
  app.removeContentTypeParser('text/plain');
  // Fastify's own JSON parser, after a look at the body's shape: parsing is where a body of
  // millions of tiny values would cost the server its memory (see http/json-shape.ts).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (jsonShapeExceeds(body, JSON_SHAPE_LIMITS)) done(new HttpError(400, messages.jsonTooComplex));
    else parseJson(request, body.toString('utf8'), done);
  });
  app.addHook('preValidation', rejectNulCharacters);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The CSP's frame-ancestors 'none' says no page may frame the site; the older header agrees.
    xFrameOptions: { action: 'deny' },
  });
  installPrivateAnswers(app);
  // Its timing hook goes before every route, so that every route is timed.
  if (config.metricsToken) installMetrics(app, context, config.metricsToken);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    exposedHeaders: ['content-disposition', 'retry-after'],
    maxAge: 600,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Careers site API',
        version: '1.0.0',
        description: 'Job posts, applications with PDF CVs, and administrator accounts.',
      },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(apiRoutes(app, context), { prefix: '/api' });
  siteRoutes(app.withTypeProvider<ZodTypeProvider>(), context);
  if (options.webDistDir) await registerStaticSite(app, { ...context, errors }, options.webDistDir);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: messages.notFound }));
  return app;
}

/**
 * Everything under `/api`, in four scopes: the public calls, each with its own rate limits and the
 * few optional or partial checks of its own; then three guarded scopes, whose guard runs before
 * every route in them (auth/admin-scope.ts): one's own account (anyone who may sign in), the
 * admin calls, and the hiring team's (`/team/...`). A call is added to one of them and nowhere else.
 * Each scope's calls are the domains' (modules.ts), registered in the order they are listed.
 */
function apiRoutes(app: FastifyInstance, context: AppContext) {
  const guards = createGuards(context);
  const routes = serverModules.map((module) => module.routes?.(context, guards) ?? {});
  /** Each module's calls of one scope, in the list's order. */
  const register = (name: keyof ScopedRoutes) => (scope: Api) => {
    for (const calls of routes) calls[name]?.(scope);
  };
  return async (api: FastifyInstance) => {
    await api.register(async (scope) => {
      const open = scope.withTypeProvider<ZodTypeProvider>();
      // Before the routes: an onRoute hook sees only the routes registered after it.
      open.addHook('onRoute', documentAsPublic);
      open.get(
        apiPaths.health.pattern,
        { schema: { tags: ['ops'], operationId: 'getHealth', summary: 'Liveness and database check' } },
        async () => {
          await context.database.db.execute(sql`select 1`);
          return { status: 'ok', database: context.database.kind, mail: context.mailer.kind };
        },
      );
      readinessRoutes(open, context);
      open.get(apiPaths.docs.pattern, { schema: { hide: true } }, async () => app.swagger());
      // A module's private-link calls before its open ones, as they were first registered.
      for (const calls of routes) {
        calls.applicant?.(open);
        calls.public?.(open);
      }
    });
    await api.register(accountScope(guards, register('account')));
    await api.register(adminScope(guards, register('admin')));
    await api.register(teamScope(guards, register('team')));
    api.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: messages.notFound }));
    // The site's catch-all page route would otherwise answer unknown API reads with its HTML
    // 404 page: the API claims its own address space, so a client always gets JSON here. A
    // segment longer than any parameter may be is still "too long", as the router says when
    // nothing catches it.
    const unknownRead = (request: FastifyRequest, reply: FastifyReply) =>
      (request.url.split('?')[0] ?? '').split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)
        ? reply.code(414).send({ message: addressTooLong })
        : reply.code(404).send({ message: messages.notFound });
    api.get('/', { schema: { hide: true } }, unknownRead);
    api.get('/*', { schema: { hide: true } }, unknownRead);
  };
}

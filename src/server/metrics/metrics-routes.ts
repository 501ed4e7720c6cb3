import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { createMetrics, type MetricsSources } from './metrics';

/** What `/metrics` uses of the server's parts (see app-context.ts). */
export type MetricsRouteDeps = Omit<MetricsSources, 'replayed'>;

const digestOf = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `header` is `Bearer <token>`. Both sides are hashed first, so the comparison takes the
 * same time whatever was sent, and its length tells nothing either.
 */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer +(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digestOf(sent), digestOf(token));
}

/**
 * `GET /metrics` in Prometheus's text format for the operator's scraper, asking for the bearer
 * token `METRICS_TOKEN` (docs/operations.md#monitoring; only installed when one is set), and the
 * hook that times every answer Fastify sends by its route's pattern, so the series stay as few as
 * the routes however many addresses are asked for. Installed before the routes it times.
 */
export function installMetrics(app: FastifyInstance, context: MetricsRouteDeps, token: string): void {
  const metrics = createMetrics({
    ...context,
    replayed: () => app.answerReplay?.replayed() ?? 0,
  });

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Not under /api (Prometheus looks for /metrics by default) and not in the OpenAPI document,
  // the sitemap or robots.txt: it is the operator's, not the public's.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: messages.metricsTokenRequired });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}

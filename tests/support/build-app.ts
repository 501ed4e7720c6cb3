import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppContext } from '../../src/server/root/app-context';
import { createApp } from '../../src/server/root/app';
import { holdDataDir } from '../../src/server/db/data-dir-lock';
import {
  appOptions,
  buildContext,
  closeContext,
  startServing,
  sweepOrphanedCvs,
} from '../../src/server/root/start-server';
import {
  adminTokenFor,
  apiAnswer,
  encodeRequest,
  prepareTestServer,
  type ApiCall,
  type RequestCall,
  type TestServerOptions,
} from './test-server';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A call to `/api{path}`, as `startTestServer`'s, answered by `app.inject`. */
  api: ApiCall;
  /** Any address of the app (a page, `/sitemap.xml`, `/api/...`), answered by `app.inject`. */
  request: RequestCall;
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real app, built as `startServer` builds it (the same configuration, storage, `buildContext`
 * and `createApp`, the data folder held, and start-server.ts's own work before and after it
 * listens: the CV sweep, the e-mail outbox, the retention and rate-limit timers), but
 * answering through Fastify's `inject` instead of a socket: no port, no HTTP parsing, no client.
 * What it cannot show is what only a socket shows: the answer replay (installed in the HTTP
 * server), timeouts, bodies that arrive slowly or never, the client's address, a second process.
 * Tests of those use `startTestServer`.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestApp> {
  const prepared = await prepareTestServer(env, options);
  const { config, startOptions } = prepared;
  const embedded = !config.databaseUrl && !startOptions.inMemoryDatabase;
  const releaseDataDir = embedded ? await holdDataDir(config.dataDir) : () => undefined;
  let context: AppContext | undefined;
  let app: FastifyInstance | undefined;
  try {
    context = await buildContext(config, startOptions);
    app = await createApp(context, appOptions(config, startOptions));
    await app.ready();
  } catch (error) {
    await app?.close().catch(() => undefined);
    if (context) await closeContext(context).catch(() => undefined);
    releaseDataDir();
    await prepared.cleanup();
    throw error;
  }
  const ready = { app, context };
  // What startServer does before it listens, and once it listens.
  await sweepOrphanedCvs(app, context);
  const stopServing = startServing(app, context, startOptions);

  const request: RequestCall = async (method, pathname, call = {}) => {
    const { headers, body } = await encodeRequest(call);
    // Resolved as a client resolves it before sending (dot segments, escapes).
    const url = new URL(pathname, 'http://127.0.0.1');
    const response = await ready.app.inject({
      method: method as InjectOptions['method'],
      url: url.pathname + url.search,
      headers,
      ...(body !== undefined ? { payload: body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(item));
    }
    return apiAnswer(response.statusCode, answerHeaders, response.rawPayload);
  };
  const api: ApiCall = (method, pathname, call) => request(method, `/api${pathname}`, call);

  return {
    app,
    context,
    dataDir: prepared.dataDir,
    databaseUrl: prepared.databaseUrl,
    api,
    request,
    adminToken: adminTokenFor(api),
    async stop() {
      stopServing();
      await ready.app.close();
      await closeContext(ready.context);
      releaseDataDir();
      await prepared.cleanup();
    },
  };
}

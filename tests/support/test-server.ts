import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/server/config';
import { keepNewFilesPrivate } from '../../src/server/db/private-files';
import { startServer, type RunningServer, type StartOptions } from '../../src/server/root/start-server';
import { TEST_JWT_SECRET, createScratchDatabase, testDatabaseUrl } from './postgres';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password', name: 'Ada Admin' };

export interface ApiOptions {
  /** A form, a string or bytes go as they are, anything else as JSON (see `encodeRequest`). */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T = any> {
  status: number;
  /** Parsed JSON, else the text, else undefined for an empty body. */
  body: T;
  headers: Headers;
  /** The body as it arrived. */
  bytes: Buffer;
}

/** A call to `/api{path}`. */
export type ApiCall = <T = any>(
  method: string,
  pathname: string,
  options?: ApiOptions,
) => Promise<ApiAnswer<T>>;
/** A call to any address, `/api` included in the path. */
export type RequestCall = ApiCall;

export interface TestServer extends RunningServer {
  dataDir: string;
  databaseUrl: string | undefined;
  /** JSON call to `/api{path}`; answers status, headers and parsed body. */
  api: ApiCall;
  /** A call to any address of the server (a page, `/sitemap.xml`, `/api/...`). */
  request: RequestCall;
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

export type TestServerOptions = StartOptions & { databaseUrl?: string; dataDir?: string };

/**
 * What every test server is made of, whether it listens or not: a data folder of its own, the
 * database (in-memory PGlite, or a scratch PostgreSQL database when TEST_DATABASE_URL is set),
 * the first administrator, no logging, and rate limits high enough for tests that do not test them.
 */
/** A fixed key for the tests' PostgreSQL servers (64 hex digits, as an operator would set). */
const TEST_MONITORING_SECRET = 'a5'.repeat(32);

export async function prepareTestServer(env: Record<string, string>, options: TestServerOptions) {
  // As every program of the server does first (main.ts, cli/run-tool.ts): what PGlite and the rest
  // make without naming a mode is the account's alone (docs/security.md#file-permissions).
  keepNewFilesPrivate();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'careers-test-'));
  const base = testDatabaseUrl();
  const scratch =
    !options.databaseUrl && base ? await createScratchDatabase(base, { migrated: true }) : undefined;
  const databaseUrl = options.databaseUrl ?? scratch?.url;
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    LOG_LEVEL: 'silent',
    // PostgreSQL has no data folder for the equality-monitoring key nor the signing secret: there
    // the operator sets both, as here, so both runs offer monitoring alike
    // (docs/security.md#equality-monitoring, docs/security.md#the-signing-secret).
    ...(databaseUrl
      ? { DATABASE_URL: databaseUrl, MONITORING_SECRET: TEST_MONITORING_SECRET, JWT_SECRET: TEST_JWT_SECRET }
      : {}),
    ...env,
  });
  const startOptions: StartOptions = {
    inMemoryDatabase: !databaseUrl && !options.dataDir,
    serveWeb: false,
    rateLimits: {
      loginPerMinute: 1000,
      registerPerMinute: 1000,
      applicationsPerMinute: 1000,
      emailsPerMinute: 1000,
      myApplicationPerMinute: 1000,
      lostLinkPerMinute: 1000,
      passwordResetsPerMinute: 1000,
      passwordResetsPerEmailPerHour: 1000,
      confirmationsPerEmailPerHour: 1000,
      confirmationsPerEmailPerDay: 1000,
    },
    ...options,
  };
  return {
    config,
    startOptions,
    dataDir,
    databaseUrl,
    /** Drops the scratch database and removes the data folder, unless the caller brought them. */
    async cleanup() {
      await scratch?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A request's headers and body as they go on the wire: a form encoded as fetch encodes it
 * (boundary and length included), strings and bytes as they are, anything else as JSON; JSON's
 * content type for any body but a form, the bearer token, then `headers` over all of it.
 */
export async function encodeRequest({ body, token, headers }: ApiOptions) {
  let encoded: Buffer | string | undefined;
  let contentType: string | undefined = body === undefined ? undefined : 'application/json';
  if (body instanceof FormData) {
    const form = new Response(body);
    encoded = Buffer.from(await form.arrayBuffer());
    contentType = form.headers.get('content-type')!;
  } else if (typeof body === 'string' || Buffer.isBuffer(body)) {
    encoded = body;
  } else if (body instanceof Uint8Array) {
    encoded = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  } else if (body !== undefined) {
    encoded = JSON.stringify(body);
  }
  return {
    headers: {
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    } as Record<string, string>,
    body: encoded,
  };
}

export function apiAnswer<T>(status: number, headers: Headers, bytes: Buffer): ApiAnswer<T> {
  const text = bytes.toString('utf8');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status, body: parsed as T, headers, bytes };
}

/** The administrator's token from a real login, fetched once. */
export function adminTokenFor(api: ApiCall): () => Promise<string> {
  let token: string | undefined;
  return async () => {
    if (!token) {
      const login = await api('POST', '/login', { body: { email: ADMIN.email, password: ADMIN.password } });
      if (login.status !== 200)
        throw new Error(`admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
      token = login.body.token as string;
    }
    return token;
  };
}

/**
 * A real server on a free port with its own data folder and database (PGlite, or PostgreSQL in CI).
 * For tests where the socket matters; the others build the app without one (build-app.ts).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const prepared = await prepareTestServer(env, options);
  const server = await startServer(prepared.config, prepared.startOptions).catch(async (error: unknown) => {
    // A refused start (a test of the refusal) leaves no scratch database or folder behind.
    await prepared.cleanup();
    throw error;
  });
  const request: TestServer['request'] = async (method, pathname, call = {}) => {
    const { headers, body } = await encodeRequest(call);
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers,
      body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
    });
    return apiAnswer(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
  };
  const api: ApiCall = (method, pathname, call) => request(method, `/api${pathname}`, call);
  return {
    ...server,
    dataDir: prepared.dataDir,
    databaseUrl: prepared.databaseUrl,
    api,
    request,
    adminToken: adminTokenFor(api),
    async stop() {
      await server.close();
      await prepared.cleanup();
    },
  };
}

export const sampleJob = (overrides: Record<string, unknown> = {}) => ({
  jobTitle: 'Customer Service Advisor',
  location: 'Northampton',
  hours: 'Full time, 37.5 hours',
  ctc: '£24,000 - £27,000',
  experience: '1-2 years',
  description: 'Help customers compare insurance quotes over the phone.',
  responsibilities: ['Answer calls', 'Explain quotes'],
  requirements: ['Clear spoken English', 'A second language is a plus'],
  ...overrides,
});

/**
 * Counts the answers the server repeats straight from its HTTP server, without Fastify
 * (src/server/http/answer-replay.ts): read `count()` before and after a request.
 */
export function countReplays(server: TestServer): { count(): number } {
  let replayed = 0;
  const replay = server.app.answerReplay!;
  const serve = replay.serve.bind(replay);
  replay.serve = (request, response) => {
    const served = serve(request, response);
    if (served) replayed++;
    return served;
  };
  return { count: () => replayed };
}

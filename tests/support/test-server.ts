import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/server/config';
import { startServer, type RunningServer, type StartOptions } from '../../src/server/start-server';
import { createScratchDatabase, testDatabaseUrl } from './postgres';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password', name: 'Ada Admin' };

export interface TestServer extends RunningServer {
  dataDir: string;
  databaseUrl: string | undefined;
  /** JSON call to `/api{path}`; answers status, headers and parsed body. */
  api<T = any>(
    method: string,
    pathname: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  adminToken(): Promise<string>;
  stop(): Promise<void>;
}

/** A real server on a free port with its own data folder and database (PGlite, or PostgreSQL in CI). */
export async function startTestServer(
  env: Record<string, string> = {},
  options: StartOptions & { databaseUrl?: string; dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'careers-test-'));
  const base = testDatabaseUrl();
  const scratch = !options.databaseUrl && base ? await createScratchDatabase(base) : undefined;
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
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const server = await startServer(config, {
    inMemoryDatabase: !databaseUrl && !options.dataDir,
    serveWeb: false,
    rateLimits: {
      loginPerMinute: 1000,
      registerPerMinute: 1000,
      applicationsPerMinute: 1000,
      emailsPerMinute: 1000,
    },
    ...options,
  });
  let token: string | undefined;
  const api: TestServer['api'] = async (method, pathname, { body, token, headers } = {}) => {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as any, headers: response.headers };
  };
  return {
    ...server,
    dataDir,
    databaseUrl,
    api,
    async adminToken() {
      if (!token) {
        const login = await api('POST', '/login', { body: { email: ADMIN.email, password: ADMIN.password } });
        if (login.status !== 200)
          throw new Error(`admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
        token = login.body.token as string;
      }
      return token;
    },
    async stop() {
      await server.close();
      await scratch?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
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

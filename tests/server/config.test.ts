import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CORS_ORIGINS, loadConfig } from '../../src/server/config';

const projectDir = process.cwd();

describe('loadConfig', () => {
  it('runs on embedded defaults with no variable set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'production',
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      careersMailbox: 'careers@example.co.uk',
      jwtSecret: undefined,
      tokenTtlSeconds: 8 * 3600,
      bootstrapAdmin: undefined,
      trustProxy: false,
      logLevel: 'info',
      webDistDir: undefined,
    });
    expect(config.corsOrigins).toEqual(
      expect.arrayContaining([...DEFAULT_CORS_ORIGINS, 'http://localhost:3000']),
    );
    expect(config.corsOrigins).toContain('app://careers-console');
    // The Vite dev server's origin only in development (docs/security.md#cors).
    expect(config.corsOrigins).not.toContain('http://localhost:5173');
    expect(loadConfig({ NODE_ENV: 'test' }).corsOrigins).not.toContain('http://localhost:5173');
    expect(loadConfig({ NODE_ENV: 'development' }).corsOrigins).toContain('http://localhost:5173');
  });

  it('loads the documented .env.example as it stands (blank values mean "not set")', () => {
    const example = parseEnv(readFileSync(path.join(projectDir, '.env.example'), 'utf8'));
    const config = loadConfig(example);
    const defaults = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.bootstrapAdmin).toBeUndefined();
    expect(config).toEqual(defaults);
  });

  it('TRUST_PROXY takes a number of proxies or their addresses, never "trust everyone"', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,loopback, fd00::/8, ::1' }).trustProxy).toEqual(
      ['10.0.0.5', '172.16.0.0/12', 'loopback', 'fd00::/8', '::1'],
    );
    // Trusting every hop lets a client write its own address (the leftmost X-Forwarded-For entry).
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*number of proxies.*1/);
    }
  });

  it('bounds every cache by its variable, with the documented defaults, and names a bad one', () => {
    expect(loadConfig({}).memoryBounds).toEqual({
      rateLimitMemoryKeys: 10_000,
      keptJobPages: 500,
      keptClosedJobPages: 32,
      keptSearchPages: 16,
      answerReplayEntries: 512,
      cvAnswerCacheBytes: 32 * 1024 * 1024,
      applicationListCacheBytes: 16 * 1024 * 1024,
    });
    const set = loadConfig({
      RATE_LIMIT_MEMORY_KEYS: '2000',
      KEPT_JOB_PAGES: '50',
      KEPT_CLOSED_JOB_PAGES: '0',
      KEPT_SEARCH_PAGES: '',
      ANSWER_REPLAY_ENTRIES: '64',
      CV_ANSWER_CACHE_MB: '0',
      APPLICATION_LIST_CACHE_MB: '2',
    }).memoryBounds;
    expect(set).toMatchObject({ rateLimitMemoryKeys: 2000, keptJobPages: 50, keptClosedJobPages: 0 });
    expect(set).toMatchObject({ keptSearchPages: 16, answerReplayEntries: 64, cvAnswerCacheBytes: 0 });
    expect(set.applicationListCacheBytes).toBe(2 * 1024 * 1024);
    expect(() => loadConfig({ KEPT_JOB_PAGES: '0' })).toThrow(/KEPT_JOB_PAGES/);
    expect(() => loadConfig({ CV_ANSWER_CACHE_MB: 'lots' })).toThrow(/CV_ANSWER_CACHE_MB/);
  });

  it('REQUIRE_ADMIN_2FA is off unless set to true (blank means the default)', () => {
    expect(loadConfig({}).requireAdmin2fa).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: '' }).requireAdmin2fa).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'false' }).requireAdmin2fa).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'true' }).requireAdmin2fa).toBe(true);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: ' TRUE ' }).requireAdmin2fa).toBe(true);
  });

  it('REQUIRE_PAY_RANGE is on unless set to false, and a value that is neither is named', () => {
    expect(loadConfig({}).requirePayRange).toBe(true);
    expect(loadConfig({ REQUIRE_PAY_RANGE: '' }).requirePayRange).toBe(true);
    expect(loadConfig({ REQUIRE_PAY_RANGE: 'false' }).requirePayRange).toBe(false);
    expect(() => loadConfig({ REQUIRE_PAY_RANGE: 'no' })).toThrow(/REQUIRE_PAY_RANGE: must be true or false/);
  });

  it('treats a blank PORT as unset (the default 3000), not as port 0', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(loadConfig({ PORT: '  ' }).port).toBe(3000);
    expect(loadConfig({ PORT: '8080' }).port).toBe(8080);
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '4000',
      PUBLIC_URL: 'https://careers.example.co.uk/',
      DATA_DIR: '/tmp/careers-data',
      DATABASE_URL: 'postgresql://user:pw@db.internal:5432/careers',
      SMTP_URL: 'smtps://user:pw@mail.example.co.uk:465',
      CAREERS_MAILBOX: 'jobs@example.co.uk',
      JWT_SECRET: 'x'.repeat(32),
      TOKEN_TTL_SECONDS: '600',
      ADMIN_EMAIL: 'Boss@Example.co.uk',
      ADMIN_PASSWORD: 'boss-password',
      ADMIN_NAME: 'The Boss',
      CORS_ORIGINS: ' https://a.example , ,https://b.example',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      REQUIRE_ADMIN_2FA: 'true',
      RATE_LIMIT_PASSWORD_RESETS_PER_MINUTE: '7',
      RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR: '2',
    });
    expect(config.rateLimits).toMatchObject({ passwordResetsPerMinute: 7, passwordResetsPerEmailPerHour: 2 });
    expect(config).toMatchObject({
      requireAdmin2fa: true,
      nodeEnv: 'development',
      port: 4000,
      publicUrl: 'https://careers.example.co.uk',
      dataDir: '/tmp/careers-data',
      databaseUrl: 'postgresql://user:pw@db.internal:5432/careers',
      smtpUrl: 'smtps://user:pw@mail.example.co.uk:465',
      careersMailbox: 'jobs@example.co.uk',
      jwtSecret: 'x'.repeat(32),
      tokenTtlSeconds: 600,
      bootstrapAdmin: { email: 'boss@example.co.uk', password: 'boss-password', name: 'The Boss' },
      trustProxy: 1,
      logLevel: 'warn',
    });
    expect(config.corsOrigins).toEqual(
      expect.arrayContaining([
        'https://a.example',
        'https://b.example',
        'https://careers.example.co.uk',
        'http://localhost:5173',
      ]),
    );
    expect(config.corsOrigins).not.toContain('');
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'boss@example.com' }],
    ['ADMIN_EMAIL', { ADMIN_PASSWORD: 'boss-password' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'boss-password' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: '123' }],
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['TOKEN_TTL_SECONDS', { TOKEN_TTL_SECONDS: '5' }],
    ['CAREERS_MAILBOX', { CAREERS_MAILBOX: 'nowhere' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'careers.example.co.uk' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1, proxy.internal' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
    ['REQUIRE_ADMIN_2FA', { REQUIRE_ADMIN_2FA: 'yes please' }],
    ['REQUIRE_ADMIN_2FA', { REQUIRE_ADMIN_2FA: '1' }],
    ['RATE_LIMIT_PASSWORD_RESETS_PER_MINUTE', { RATE_LIMIT_PASSWORD_RESETS_PER_MINUTE: '0' }],
    [
      'RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR',
      { RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR: 'many' },
    ],
  ])('throws a ConfigError naming %s for %j', (variable, env) => {
    let thrown: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as ConfigError).message;
    expect(message).toContain(variable);
    expect(message).toMatch(/^Invalid configuration:/);
  });
});

describe('the server entry (dist/server/main.js, as npm start runs it)', () => {
  let cwd: string;
  let dataDir: string;
  beforeAll(() => {
    cwd = mkdtempSync(path.join(os.tmpdir(), 'careers-main-cwd-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-main-data-'));
  });
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * The built entry as a real process, from a scratch folder so no .env is read. Built, not run
   * from the sources through tsx: three of those at once compiled the whole server each, and under
   * the suite's load one took longer than the 45 s it is given.
   */
  function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(projectDir, 'dist', 'server', 'main.js')], {
        cwd,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          ADMIN_EMAIL: '',
          ADMIN_PASSWORD: '',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // A server that started despite the bad variable would never exit: kill it and fail.
      const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  it('exits non-zero on a bad variable, naming it, without a stack trace', async () => {
    const [badPort, loneAdmin, unsharedSecret] = await Promise.all([
      runMain({ PORT: 'abc' }),
      runMain({ PORT: '0', ADMIN_EMAIL: 'boss@example.com' }),
      // Several instances on one PostgreSQL must sign alike: refused before any connection is
      // tried (nothing listens on port 1).
      runMain({ PORT: '0', DATABASE_URL: 'postgresql://careers@127.0.0.1:1/careers', JWT_SECRET: '' }),
    ]);
    expect(unsharedSecret.output).toContain('JWT_SECRET: must be set with DATABASE_URL');
    for (const [run, variable] of [
      [badPort, 'PORT'],
      [loneAdmin, 'ADMIN_PASSWORD'],
      [unsharedSecret, 'JWT_SECRET'],
    ] as const) {
      expect(run.code, run.output).not.toBe(0);
      expect(run.code, run.output).not.toBeNull();
      expect(run.output).toContain(variable);
      expect(run.output).toContain('Invalid configuration');
      expect(run.output).not.toMatch(/\n\s+at /);
      expect(run.output).not.toContain('ConfigError');
      expect(run.output).not.toContain('node_modules');
    }
  }, 60_000);
});

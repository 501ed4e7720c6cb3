import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DESKTOP_APP_ORIGIN } from '../shared/desktop/desktop-bridge';
import { DEFAULT_RETENTION_DAYS, INTERVIEWER_EMAIL_HOLD_MS } from '../shared/limits';
import { trimEnd } from '../shared/format/trim-end';
import { DEFAULT_REPLAY_ENTRIES } from './http/answer-replay';
import {
  DEFAULT_RATE_LIMIT_MEMORY_KEYS,
  DEFAULT_RATE_LIMITS,
  type RateLimitSettings,
} from './http/rate-limit';

/**
 * Closed jobs' pages kept drawn by default (`KEPT_CLOSED_JOB_PAGES`; a few KB to tens of KB each);
 * the least recently asked for go first.
 */
export const DEFAULT_KEPT_CLOSED_JOB_PAGES = 32;
/**
 * Open jobs' pages kept drawn by default (`KEPT_JOB_PAGES`): every open job of a large board; past
 * it, the page least recently asked for is drawn again at its next visit.
 */
export const DEFAULT_KEPT_JOB_PAGES = 500;
/**
 * Searches of the careers home kept drawn by default (`KEPT_SEARCH_PAGES`): the latest few, so a
 * shared or repeated search is answered from memory while made-up ones cannot fill it.
 */
export const DEFAULT_KEPT_SEARCH_PAGES = 16;

/** Megabytes of CV answers kept by default (`CV_ANSWER_CACHE_MB`): a few of the largest CVs. */
export const DEFAULT_CV_ANSWER_CACHE_MB = 32;
/**
 * Megabytes of the admin list's JSON kept by default (`APPLICATION_LIST_CACHE_MB`): about 35,000
 * applications; a longer list is read for every answer.
 */
export const DEFAULT_APPLICATION_LIST_CACHE_MB = 16;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Requests a minute per client (login also per e-mail); defaults from DEFAULT_RATE_LIMITS. */
const perMinute = (fallback: number) =>
  z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(1_000_000).default(fallback));

/** How many entries (or megabytes) a cache keeps at most (docs/operations.md#memory). */
const bound = (fallback: number, min: number, max: number) =>
  z.preprocess(blankAsUnset, z.coerce.number().int().min(min).max(max).default(fallback));

/** A yes/no switch: true or false (blank means the default). */
const flag = (fallback: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blankAsUnset(value.trim().toLowerCase()) : value),
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true'),
  );

/** proxy-addr's names for the loopback, link-local and private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  return (
    version !== 0 &&
    rest.length === 0 &&
    prefix !== undefined &&
    /^\d{1,3}$/.test(prefix) &&
    Number(prefix) <= (version === 4 ? 32 : 128)
  );
};

/**
 * Which proxies may say who the client is. The client writes the left of X-Forwarded-For and each
 * proxy appends the address it saw, so only a count of hops from the right, or the proxies' own
 * addresses, gives the real client: "trust every hop" would let anyone pick the address the
 * rate limits count against, so `true` is refused rather than guessed at.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): number | string[] | false => {
    const value = (raw ?? '').trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value) && Number(value) <= 20) return Number(value);
    if (/^(true|yes|on)$/i.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'set the number of proxies in front of the server (usually 1) or their addresses (for example 10.0.0.5 or 10.0.0.0/8); true would trust any X-Forwarded-For a client writes',
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is neither a number of proxies (0-20) nor an IP address, a CIDR range, or loopback/linklocal/uniquelocal`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Every variable the server reads, with its default; `.env.example` lists the same. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    // A blank PORT (as in a copied .env) means the default, not port 0 (a random port).
    PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
    PUBLIC_URL: optionalText.pipe(z.url().optional()),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    ERASURE_LOG: optionalText,
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    // Milliseconds a request waits for a new PostgreSQL connection before it is answered 503
    // (docs/operations.md#configuration).
    DATABASE_CONNECT_TIMEOUT_MS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(100).max(300_000).default(10_000),
    ),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().trim().default('Careers <careers@example.co.uk>'),
    CAREERS_MAILBOX: z.email().default('careers@example.co.uk'),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    // Unset: no /metrics at all. A bearer token for the operator's scraper, long enough that
    // guessing it is hopeless (docs/operations.md#monitoring).
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces, as an HTTP header carries it')
        .optional(),
    ),
    TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(2_592_000)
      .default(8 * 3600),
    ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
    ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
    CORS_ORIGINS: list,
    TRUST_PROXY: trustProxy,
    RATE_LIMIT_LOGIN_PER_MINUTE: perMinute(DEFAULT_RATE_LIMITS.loginPerMinute),
    RATE_LIMIT_REGISTER_PER_MINUTE: perMinute(DEFAULT_RATE_LIMITS.registerPerMinute),
    RATE_LIMIT_APPLICATIONS_PER_MINUTE: perMinute(DEFAULT_RATE_LIMITS.applicationsPerMinute),
    RATE_LIMIT_EMAILS_PER_MINUTE: perMinute(DEFAULT_RATE_LIMITS.emailsPerMinute),
    RATE_LIMIT_MY_APPLICATION_PER_MINUTE: perMinute(DEFAULT_RATE_LIMITS.myApplicationPerMinute),
    RATE_LIMIT_LOST_LINK_PER_MINUTE: perMinute(DEFAULT_RATE_LIMITS.lostLinkPerMinute),
    RATE_LIMIT_PASSWORD_RESETS_PER_MINUTE: perMinute(DEFAULT_RATE_LIMITS.passwordResetsPerMinute),
    RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR: perMinute(
      DEFAULT_RATE_LIMITS.passwordResetsPerEmailPerHour,
    ),
    RATE_LIMIT_CONFIRMATIONS_PER_EMAIL_PER_HOUR: perMinute(DEFAULT_RATE_LIMITS.confirmationsPerEmailPerHour),
    RATE_LIMIT_CONFIRMATIONS_PER_EMAIL_PER_DAY: perMinute(DEFAULT_RATE_LIMITS.confirmationsPerEmailPerDay),
    // What each cache and buffer keeps at most (docs/operations.md#memory).
    RATE_LIMIT_MEMORY_KEYS: bound(DEFAULT_RATE_LIMIT_MEMORY_KEYS, 100, 10_000_000),
    KEPT_JOB_PAGES: bound(DEFAULT_KEPT_JOB_PAGES, 1, 100_000),
    KEPT_CLOSED_JOB_PAGES: bound(DEFAULT_KEPT_CLOSED_JOB_PAGES, 0, 100_000),
    KEPT_SEARCH_PAGES: bound(DEFAULT_KEPT_SEARCH_PAGES, 0, 10_000),
    ANSWER_REPLAY_ENTRIES: bound(DEFAULT_REPLAY_ENTRIES, 0, 100_000),
    CV_ANSWER_CACHE_MB: bound(DEFAULT_CV_ANSWER_CACHE_MB, 0, 4096),
    APPLICATION_LIST_CACHE_MB: bound(DEFAULT_APPLICATION_LIST_CACHE_MB, 0, 4096),
    REQUIRE_ADMIN_2FA: flag(false),
    // No job is published without a structured pay range (docs/behaviour.md#job-facts).
    REQUIRE_PAY_RANGE: flag(true),
    RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_RETENTION_DAYS),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: optionalText,
    // Milliseconds; shortened by tests that need a quiet spell (docs/operations.md#configuration).
    PRERENDER_IDLE_MS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(100).max(86_400_000).default(10_000),
    ),
    OPEN_JOBS_RECHECK_MS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(100).max(86_400_000).default(60_000),
    ),
    // How long an interviewer's e-mail about a booking waits for a later change to replace it
    // (docs/security.md#interview-bookings); 0 sends each at once (tests of the screens).
    INTERVIEW_EMAIL_HOLD_MS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(0).max(3_600_000).default(INTERVIEWER_EMAIL_HOLD_MS),
    ),
    // The administrator who alone reads adjustment requests (docs/security.md#adjustments).
    ADJUSTMENTS_CONTACT_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
    // The key of the equality monitoring links; never kept in the database
    // (docs/security.md#equality-monitoring).
    MONITORING_SECRET: optionalText.pipe(
      z.string().min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)').optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /**
   * The erasure log (erasures/erasure-log.ts): outside the database, so that it outlives it and a
   * restore can replay it. Default `<DATA_DIR>/erasure-log.jsonl`.
   */
  erasureLog: string;
  databaseUrl: string | undefined;
  databaseConnectTimeoutMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  careersMailbox: string;
  jwtSecret: string | undefined;
  /** The bearer token /metrics asks for; undefined: /metrics is off (404). */
  metricsToken: string | undefined;
  tokenTtlSeconds: number;
  /** Every administrator must use a second factor; one without it enrols at the next login. */
  requireAdmin2fa: boolean;
  /** A job is not published without a structured pay range ("Competitive" is not pay). */
  requirePayRange: boolean;
  bootstrapAdmin: { email: string; password: string; name: string } | undefined;
  corsOrigins: string[];
  /** Fastify's trustProxy: how many proxies (hops) or which addresses; false for none. */
  trustProxy: number | string[] | false;
  rateLimits: RateLimitSettings;
  /** What each cache and buffer keeps at most (docs/operations.md#memory). */
  memoryBounds: MemoryBounds;
  retentionDays: number;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | undefined;
  /** How long the prerender's child process stays once it has drawn its last page. */
  prerenderIdleMs: number;
  /** How often the open jobs are read again in case a change notice was lost. */
  openJobsRecheckMs: number;
  /** How long an interviewer's e-mail about a booking is held, replaceable by a later change. */
  interviewEmailHoldMs: number;
  /** The account (an administrator) that reads adjustment requests; none: nobody can. */
  adjustmentsContactEmail: string | undefined;
  /**
   * The key of the equality monitoring links. Unset: with PGlite a key kept in the data folder,
   * with PostgreSQL monitoring is off (the instances would not share a key).
   */
  monitoringSecret: string | undefined;
}

export interface MemoryBounds {
  /** Rate-limit counters each limiter keeps in memory (PGlite); the oldest is forgotten past it. */
  rateLimitMemoryKeys: number;
  /** Open jobs' pages kept drawn; the least recently asked for is drawn again at its next visit. */
  keptJobPages: number;
  /** Closed jobs' pages kept drawn, the least recently asked for going first. */
  keptClosedJobPages: number;
  /** Searches of the careers home kept drawn, and refusal pages likewise. */
  keptSearchPages: number;
  /** Answers the answer replay keeps (every fixed page in each encoding, and job pages). */
  answerReplayEntries: number;
  /** Bytes of CV answers kept for a preview followed by a download; 0 keeps none. */
  cvAnswerCacheBytes: number;
  /** Bytes of the admin list's JSON kept between changes; 0 reads it for every answer. */
  applicationListCacheBytes: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The desktop console's renderer origin is always allowed. */
export const DEFAULT_CORS_ORIGINS = [DESKTOP_APP_ORIGIN];

/**
 * The Vite dev server (`npm run dev`, `npm run dev:desktop`), allowed only with NODE_ENV=development,
 * which `npm run dev` sets: in production any page on a visitor's own machine could claim that
 * origin (docs/security.md#cors).
 */
export const DEVELOPMENT_CORS_ORIGINS = ['http://localhost:5173'];

/** Reads and checks the environment once, at start; a bad variable is named in the error. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = trimEnd(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, '/');
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    erasureLog: path.resolve(env.ERASURE_LOG ?? path.join(env.DATA_DIR, 'erasure-log.jsonl')),
    databaseUrl: env.DATABASE_URL,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    careersMailbox: env.CAREERS_MAILBOX,
    jwtSecret: env.JWT_SECRET,
    metricsToken: env.METRICS_TOKEN,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    requireAdmin2fa: env.REQUIRE_ADMIN_2FA,
    requirePayRange: env.REQUIRE_PAY_RANGE,
    bootstrapAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME }
        : undefined,
    corsOrigins: [
      ...new Set([
        ...DEFAULT_CORS_ORIGINS,
        ...(env.NODE_ENV === 'development' ? DEVELOPMENT_CORS_ORIGINS : []),
        publicUrl,
        ...env.CORS_ORIGINS,
      ]),
    ],
    trustProxy: env.TRUST_PROXY,
    rateLimits: {
      loginPerMinute: env.RATE_LIMIT_LOGIN_PER_MINUTE,
      registerPerMinute: env.RATE_LIMIT_REGISTER_PER_MINUTE,
      applicationsPerMinute: env.RATE_LIMIT_APPLICATIONS_PER_MINUTE,
      emailsPerMinute: env.RATE_LIMIT_EMAILS_PER_MINUTE,
      myApplicationPerMinute: env.RATE_LIMIT_MY_APPLICATION_PER_MINUTE,
      lostLinkPerMinute: env.RATE_LIMIT_LOST_LINK_PER_MINUTE,
      passwordResetsPerMinute: env.RATE_LIMIT_PASSWORD_RESETS_PER_MINUTE,
      passwordResetsPerEmailPerHour: env.RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR,
      confirmationsPerEmailPerHour: env.RATE_LIMIT_CONFIRMATIONS_PER_EMAIL_PER_HOUR,
      confirmationsPerEmailPerDay: env.RATE_LIMIT_CONFIRMATIONS_PER_EMAIL_PER_DAY,
    },
    memoryBounds: {
      rateLimitMemoryKeys: env.RATE_LIMIT_MEMORY_KEYS,
      keptJobPages: env.KEPT_JOB_PAGES,
      keptClosedJobPages: env.KEPT_CLOSED_JOB_PAGES,
      keptSearchPages: env.KEPT_SEARCH_PAGES,
      answerReplayEntries: env.ANSWER_REPLAY_ENTRIES,
      cvAnswerCacheBytes: env.CV_ANSWER_CACHE_MB * 1024 * 1024,
      applicationListCacheBytes: env.APPLICATION_LIST_CACHE_MB * 1024 * 1024,
    },
    retentionDays: env.RETENTION_DAYS,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    prerenderIdleMs: env.PRERENDER_IDLE_MS,
    openJobsRecheckMs: env.OPEN_JOBS_RECHECK_MS,
    interviewEmailHoldMs: env.INTERVIEW_EMAIL_HOLD_MS,
    adjustmentsContactEmail: env.ADJUSTMENTS_CONTACT_EMAIL?.toLowerCase(),
    monitoringSecret: env.MONITORING_SECRET,
  };
}

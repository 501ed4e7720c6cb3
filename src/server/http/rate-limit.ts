import { createHmac, hkdfSync } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { lt } from 'drizzle-orm';
import { RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database, Db } from '../db/database';
import { rateLimits } from '../db/schema';
import { messages } from '../../shared/messages';
import { SIGN_UPS_PER_CLIENT_PER_HOUR } from '../../shared/job-alerts/job-alerts-contract';
import {
  BOOKING_ACTIONS_PER_DAY,
  BOOKING_CHANGES_PER_INTERVIEW_PER_DAY,
  BOOKING_LIMIT_WINDOW_SECONDS,
  INVITATIONS_PER_ADDRESS_PER_DAY,
  INVITATIONS_PER_ADMIN_PER_DAY,
} from '../../shared/limits';
import { schedulePeriodic } from '../runtime/schedule-periodic';
import {
  POOL_JOINS_PER_EMAIL_PER_DAY,
  POOL_JOINS_PER_IP_PER_HOUR,
} from '../../shared/talent-pool/talent-pool-contract';
import { HttpError } from './http-error';

export interface RateLimitSettings {
  /** Failed logins a minute per address and e-mail; per address over all e-mails, three times that. */
  loginPerMinute: number;
  registerPerMinute: number;
  applicationsPerMinute: number;
  emailsPerMinute: number;
  /** Unknown or dead private-link tokens a minute per address (known ones are not counted). */
  myApplicationPerMinute: number;
  /** Lost-link requests a minute per address (and at most `LOST_LINK_PER_EMAIL` per e-mail). */
  lostLinkPerMinute: number;
  /** "Forgot password?" requests a minute from one address, whatever the e-mail. */
  passwordResetsPerMinute: number;
  /** "Forgot password?" requests an hour for one e-mail, from anywhere. */
  passwordResetsPerEmailPerHour: number;
  /** Application confirmations e-mailed to one address an hour, whoever applied. */
  confirmationsPerEmailPerHour: number;
  /** And a day. */
  confirmationsPerEmailPerDay: number;
}

/**
 * Counters each limiter keeps in memory (PGlite) at most: far more distinct clients or e-mails
 * than one window of this site's traffic brings, so none is forgotten before its window ends,
 * while addresses made up by the million cannot grow the server's memory (about 150 bytes a
 * counter; docs/operations.md#memory).
 */
export const DEFAULT_RATE_LIMIT_MEMORY_KEYS = 10_000;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerMinute: 10,
  registerPerMinute: 5,
  applicationsPerMinute: 10,
  emailsPerMinute: 10,
  myApplicationPerMinute: 10,
  lostLinkPerMinute: 5,
  passwordResetsPerMinute: 5,
  passwordResetsPerEmailPerHour: 3,
  confirmationsPerEmailPerHour: 3,
  confirmationsPerEmailPerDay: 10,
};

/**
 * Lost-link requests for one e-mail address, from anywhere: each may send mail to that address,
 * so a stranger must not be able to fill someone's inbox with them.
 */
export const LOST_LINK_PER_EMAIL = { points: 3, windowSeconds: 60 * 60 } as const;

/**
 * What the server does with a limiter. Keys go in as the text they are (an address, an e-mail, a
 * pair of both) and are stored as a keyed digest of it (see createRateLimiters).
 */
export type Limiter = Pick<RateLimiterAbstract, 'consume' | 'get' | 'penalty' | 'reward' | 'delete'>;

/** A limiter whose counters live in this process: `size` is how many it holds now. */
export type MemoryLimiter = Limiter & { size(): number };

/**
 * A limiter kept in memory with at most `maxKeys` counters, counting as rate-limiter-flexible's
 * RateLimiterMemory does (a window starts with a key's first point) but with no timer per
 * counter: counters sit in the order their windows began, so the ones that have ended are at the
 * front and go as new ones come; a full store then forgets its oldest counter, the one nearest
 * the end of its window.
 */
export function createMemoryLimiter({
  points,
  duration,
  maxKeys,
  now = Date.now,
}: {
  points: number;
  /** Seconds a window lasts. */
  duration: number;
  maxKeys: number;
  now?: () => number;
}): MemoryLimiter {
  const counters = new Map<string, { value: number; expiresAt: number }>();
  const answer = (value: number, msBeforeNext: number, first: boolean) =>
    new RateLimiterRes(Math.max(points - value, 0), msBeforeNext, value, first);
  const add = (key: string | number, change: number): RateLimiterRes => {
    const name = String(key);
    const at = now();
    const kept = counters.get(name);
    if (kept && kept.expiresAt > at) {
      kept.value += change;
      return answer(kept.value, kept.expiresAt - at, false);
    }
    counters.delete(name);
    for (const [oldest, counter] of counters) {
      if (counters.size < maxKeys && counter.expiresAt > at) break;
      counters.delete(oldest);
    }
    counters.set(name, { value: change, expiresAt: at + duration * 1000 });
    return answer(change, duration * 1000, true);
  };
  return {
    consume: async (key, pointsToConsume = 1) => {
      const result = add(key, pointsToConsume);
      if (result.consumedPoints > points) throw result;
      return result;
    },
    penalty: async (key, change = 1) => add(key, change),
    reward: async (key, change = 1) => add(key, -change),
    get: async (key) => {
      const kept = counters.get(String(key));
      const at = now();
      return kept && kept.expiresAt > at ? answer(kept.value, kept.expiresAt - at, false) : null;
    },
    delete: async (key) => counters.delete(String(key)),
    size: () => counters.size,
  };
}

export interface RateLimiters {
  /** Failed logins from one address, whatever the e-mail: against password spraying. */
  loginByIp: Limiter;
  /** Failed logins for one e-mail from one address: the hard limit a stranger meets. */
  loginByIpAndEmail: Limiter;
  /**
   * Failed logins for one e-mail from anywhere, over a quarter of an hour: they slow that
   * e-mail's logins down and never block it, or anyone could lock its owner out.
   */
  loginFailuresByEmail: Limiter;
  register: Limiter;
  applications: Limiter;
  emails: Limiter;
  /** Private-link calls from one address whose token named no live application. */
  myApplicationMisses: Limiter;
  lostLinkByIp: Limiter;
  /** Keyed by a digest of the normalised address, never the address itself. */
  lostLinkByEmail: Limiter;
  /** Reset links asked for from one address. */
  forgotPasswordByIp: Limiter;
  /**
   * Reset links asked for one e-mail (keyed by a digest of it), counted whether or not an account
   * has it, so a refusal tells nothing: it keeps anyone from filling an inbox with links.
   */
  forgotPasswordByEmail: Limiter;
  /** New passwords sent with a reset link from one address. */
  resetPasswordByIp: Limiter;
  /**
   * Application confirmations to one e-mail (keyed by a digest of it), an hour and a day: anyone
   * can apply with any address, so without a cap the careers mailbox would send whatever number
   * of messages to an address someone chose.
   */
  confirmationsByEmailHour: Limiter;
  confirmationsByEmailDay: Limiter;
  /**
   * An applicant's booking actions through their private link (keyed by the application): each
   * mails the applicant and the interviewers, so a link must not be a way to send mail without end.
   */
  bookingActions: Limiter;
  /** Moves and cancellations of one booked interview (keyed by the application and the booking). */
  bookingChanges: Limiter;
  /**
   * Invitations to the hiring team for one e-mail (keyed by a digest of it) and from one
   * administrator (keyed by their account), over 24 hours: docs/security.md#the-hiring-team.
   */
  invitationsByEmail: Limiter;
  invitationsByAdmin: Limiter;
  /** Job-alert sign-ups from one client address an hour (docs/security.md#job-alerts). */
  jobAlertSignUps: Limiter;
  /**
   * Requests to join the talent pool from one address an hour, and for one e-mail (keyed by a
   * digest of it) a day: each sends a confirmation link to the address typed.
   */
  talentPoolJoinsByIp: Limiter;
  talentPoolJoinsByEmail: Limiter;
  settings: RateLimitSettings;
  /** Counters held in this process's memory, over every limiter (0 with PostgreSQL). */
  counters(): number;
}

/**
 * Counters live in PostgreSQL when several instances share it, so a limit holds across all of
 * them; in memory with PGlite. Every key is stored as an HMAC-SHA-256 of what the route counts by,
 * under a key derived from the token signing secret (which every instance shares): so a counter
 * of any e-mail address fits the table's 255 characters, and the table holds no e-mail or client
 * address that a copy of it would give away, not even by hashing every IPv4 address in turn.
 */
export function createRateLimiters(
  database: Database,
  settings: RateLimitSettings,
  signingSecret: Uint8Array,
  memoryKeys: number = DEFAULT_RATE_LIMIT_MEMORY_KEYS,
): RateLimiters {
  const digestKey = Buffer.from(hkdfSync('sha256', signingSecret, '', 'rate-limit counter keys', 32));
  const keyOf = (key: string | number) =>
    createHmac('sha256', digestKey).update(String(key)).digest('base64url');
  const inMemory: MemoryLimiter[] = [];
  const store = (keyPrefix: string, points: number, duration: number): Limiter => {
    if (database.kind !== 'postgres') {
      const limiter = createMemoryLimiter({ points, duration, maxKeys: memoryKeys });
      inMemory.push(limiter);
      return limiter;
    }
    return new RateLimiterPostgres({
      storeClient: database.pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      // One sweep per server instead (scheduleRateLimitSweep), not a timer per limiter.
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration,
    });
  };
  const make = (keyPrefix: string, points: number, duration = 60): Limiter =>
    keyedByDigest(store(keyPrefix, points, duration), keyOf);
  return {
    loginByIp: make('login-ip', 3 * settings.loginPerMinute),
    loginByIpAndEmail: make('login-ip-email', settings.loginPerMinute),
    loginFailuresByEmail: make('login-email-failures', Number.MAX_SAFE_INTEGER, LOGIN_SLOWDOWN.windowSeconds),
    register: make('register', settings.registerPerMinute),
    applications: make('applications', settings.applicationsPerMinute),
    emails: make('emails', settings.emailsPerMinute),
    myApplicationMisses: make('my-application-misses', settings.myApplicationPerMinute),
    lostLinkByIp: make('lost-link-ip', settings.lostLinkPerMinute),
    lostLinkByEmail: make('lost-link-email', LOST_LINK_PER_EMAIL.points, LOST_LINK_PER_EMAIL.windowSeconds),
    forgotPasswordByIp: make('forgot-password-ip', settings.passwordResetsPerMinute),
    forgotPasswordByEmail: make('forgot-password-email', settings.passwordResetsPerEmailPerHour, 3600),
    resetPasswordByIp: make('reset-password-ip', settings.loginPerMinute),
    confirmationsByEmailHour: make('confirmations-email-hour', settings.confirmationsPerEmailPerHour, 3600),
    confirmationsByEmailDay: make('confirmations-email-day', settings.confirmationsPerEmailPerDay, 86_400),
    bookingActions: make('booking-actions', BOOKING_ACTIONS_PER_DAY, BOOKING_LIMIT_WINDOW_SECONDS),
    bookingChanges: make(
      'booking-changes',
      BOOKING_CHANGES_PER_INTERVIEW_PER_DAY,
      BOOKING_LIMIT_WINDOW_SECONDS,
    ),
    invitationsByEmail: make('invitations-email-day', INVITATIONS_PER_ADDRESS_PER_DAY, 86_400),
    invitationsByAdmin: make('invitations-admin-day', INVITATIONS_PER_ADMIN_PER_DAY, 86_400),
    jobAlertSignUps: make('job-alert-sign-ups', SIGN_UPS_PER_CLIENT_PER_HOUR, 3600),
    talentPoolJoinsByIp: make('talent-pool-joins-ip', POOL_JOINS_PER_IP_PER_HOUR, 3600),
    talentPoolJoinsByEmail: make('talent-pool-joins-email', POOL_JOINS_PER_EMAIL_PER_DAY, 86_400),
    settings,
    counters: () => inMemory.reduce((sum, limiter) => sum + limiter.size(), 0),
  };
}

/** A limiter that stores `keyOf(key)` wherever it is handed `key`. */
function keyedByDigest(limiter: Limiter, keyOf: (key: string | number) => string): Limiter {
  return {
    consume: (key, points, options) => limiter.consume(keyOf(key), points, options),
    get: (key, options) => limiter.get(keyOf(key), options),
    penalty: (key, points, options) => limiter.penalty(keyOf(key), points, options),
    reward: (key, points, options) => limiter.reward(keyOf(key), points, options),
    delete: (key, options) => limiter.delete(keyOf(key), options),
  };
}

/** How often expired counters are deleted from `rate_limits`. */
export const RATE_LIMIT_SWEEP_MS = 5 * 60_000;

/**
 * Deletes the counters whose window has passed (they would count nothing again, and each holds a
 * trace of who asked). One indexed delete; the table is empty with PGlite, whose counters live
 * in memory and expire there.
 */
export async function sweepExpiredRateLimits(db: Db, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, now))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** Runs the sweep every `intervalMs` until the answered function is called. */
export function scheduleRateLimitSweep(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs = RATE_LIMIT_SWEEP_MS,
): () => void {
  return schedulePeriodic({
    run: () => sweepExpiredRateLimits(db),
    failed: (error) => log.warn({ err: error }, 'rate-limit sweep failed'),
    firstMs: intervalMs,
    everyMs: intervalMs,
  });
}

/**
 * How failed logins for one e-mail, from any address, slow its next tries: past the first
 * `loginPerMinute` failures in the window, each try waits `firstDelayMs`, doubling with each
 * further failure up to `maxDelayMs`. A bounded wait, so the owner always gets in.
 */
export const LOGIN_SLOWDOWN = { windowSeconds: 15 * 60, firstDelayMs: 250, maxDelayMs: 5000 } as const;

export const loginDelayMs = (failures: number, freeFailures: number): number =>
  failures <= freeFailures
    ? 0
    : Math.min(
        LOGIN_SLOWDOWN.maxDelayMs,
        LOGIN_SLOWDOWN.firstDelayMs * 2 ** Math.min(failures - freeFailures - 1, 16),
      );

/** 429 with Retry-After and a clear message. */
export async function refuse(reply: FastifyReply, msBeforeNext: number, message: string): Promise<void> {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  await reply.code(429).header('retry-after', String(seconds)).send({ message });
}

/** Takes one point; answers 429 with Retry-After and a clear message when none is left. */
export async function consume(
  limiter: Limiter,
  key: string,
  reply: FastifyReply,
  message: string = messages.rateLimited,
): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    await refuse(reply, result.msBeforeNext, message);
    return false;
  }
}

/**
 * Takes one point, or throws 429 with Retry-After and `message` when none is left: for a limit a
 * route checks part way through, once it knows what the request would do.
 */
export async function consumeOrThrow(limiter: Limiter, key: string, message: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    throw new HttpError(429, message, { 'retry-after': String(seconds) });
  }
}

/** Takes one point if there is one left, answering whether there was; for limits no reply depends on. */
export async function tryConsume(limiter: Limiter, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    return false;
  }
}

export const limitByIp =
  (limiter: Limiter, message?: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    await consume(limiter, request.ip, reply, message);
  };

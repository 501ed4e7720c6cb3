import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../db/database';
import { messages } from '../../shared/messages';

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

export interface RateLimiters {
  /** Failed logins from one address, whatever the e-mail: against password spraying. */
  loginByIp: RateLimiterAbstract;
  /** Failed logins for one e-mail from one address: the hard limit a stranger meets. */
  loginByIpAndEmail: RateLimiterAbstract;
  /**
   * Failed logins for one e-mail from anywhere, over a quarter of an hour: they slow that
   * e-mail's logins down and never block it, or anyone could lock its owner out.
   */
  loginFailuresByEmail: RateLimiterAbstract;
  register: RateLimiterAbstract;
  applications: RateLimiterAbstract;
  emails: RateLimiterAbstract;
  /** Private-link calls from one address whose token named no live application. */
  myApplicationMisses: RateLimiterAbstract;
  lostLinkByIp: RateLimiterAbstract;
  /** Keyed by a digest of the normalised address, never the address itself. */
  lostLinkByEmail: RateLimiterAbstract;
  /** Reset links asked for from one address. */
  forgotPasswordByIp: RateLimiterAbstract;
  /**
   * Reset links asked for one e-mail (keyed by a digest of it), counted whether or not an account
   * has it, so a refusal tells nothing: it keeps anyone from filling an inbox with links.
   */
  forgotPasswordByEmail: RateLimiterAbstract;
  /** New passwords sent with a reset link from one address. */
  resetPasswordByIp: RateLimiterAbstract;
  /**
   * Application confirmations to one e-mail (keyed by a digest of it), an hour and a day: anyone
   * can apply with any address, so without a cap the careers mailbox would send whatever number
   * of messages to an address someone chose.
   */
  confirmationsByEmailHour: RateLimiterAbstract;
  confirmationsByEmailDay: RateLimiterAbstract;
  settings: RateLimitSettings;
}

/** Counters live in PostgreSQL when several instances share it, so a limit holds across all of them. */
export function createRateLimiters(database: Database, settings: RateLimitSettings): RateLimiters {
  const make = (keyPrefix: string, points: number, duration = 60): RateLimiterAbstract =>
    database.kind === 'postgres'
      ? new RateLimiterPostgres({
          storeClient: database.pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          tableCreated: true,
          clearExpiredByTimeout: false,
          keyPrefix,
          points,
          duration,
        })
      : new RateLimiterMemory({ keyPrefix, points, duration });
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
    settings,
  };
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
  limiter: RateLimiterAbstract,
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

/** Takes one point if there is one left, answering whether there was; for limits no reply depends on. */
export async function tryConsume(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    return false;
  }
}

export const limitByIp =
  (limiter: RateLimiterAbstract, message?: string) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    await consume(limiter, request.ip, reply, message);
  };

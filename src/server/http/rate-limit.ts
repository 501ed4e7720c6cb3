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
  loginPerMinute: number;
  registerPerMinute: number;
  applicationsPerMinute: number;
  emailsPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerMinute: 10,
  registerPerMinute: 5,
  applicationsPerMinute: 10,
  emailsPerMinute: 10,
};

export interface RateLimiters {
  loginByIp: RateLimiterAbstract;
  loginByEmail: RateLimiterAbstract;
  register: RateLimiterAbstract;
  applications: RateLimiterAbstract;
  emails: RateLimiterAbstract;
}

/** Counters live in PostgreSQL when several instances share it, so a limit holds across all of them. */
export function createRateLimiters(database: Database, settings: RateLimitSettings): RateLimiters {
  const make = (keyPrefix: string, points: number): RateLimiterAbstract =>
    database.kind === 'postgres'
      ? new RateLimiterPostgres({
          storeClient: database.pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          tableCreated: true,
          clearExpiredByTimeout: false,
          keyPrefix,
          points,
          duration: 60,
        })
      : new RateLimiterMemory({ keyPrefix, points, duration: 60 });
  return {
    loginByIp: make('login-ip', settings.loginPerMinute),
    loginByEmail: make('login-email', settings.loginPerMinute),
    register: make('register', settings.registerPerMinute),
    applications: make('applications', settings.applicationsPerMinute),
    emails: make('emails', settings.emailsPerMinute),
  };
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
    const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    await reply.code(429).header('retry-after', String(seconds)).send({ message });
    return false;
  }
}

export const limitByIp =
  (limiter: RateLimiterAbstract, message?: string) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    await consume(limiter, request.ip, reply, message);
  };

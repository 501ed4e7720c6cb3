import type { FastifyBaseLogger } from 'fastify';
import { schedulePeriodic } from '../runtime/schedule-periodic';
import type { TalentPoolDeps } from './talent-pool-deps';
import { renewalEmail } from './talent-pool-emails';
import { createTalentPoolRepository } from './talent-pool-repository';

/** Consent ends by the day: hourly is ample. */
export const POOL_CHECK_MS = 60 * 60_000;

const poolOf = (deps: TalentPoolDeps) =>
  createTalentPoolRepository({
    db: deps.database.db,
    blobs: deps.blobs,
    audit: deps.audit,
    erasureLog: deps.erasureLog,
  });

/** Day 335 of 365: asks each member once to renew (docs/behaviour.md#the-talent-pool). */
export async function askDueRenewals(deps: TalentPoolDeps, now = new Date()): Promise<number> {
  const asked = await poolOf(deps).askRenewals(now, (member) => [renewalEmail(member, deps.mail)]);
  if (asked > 0) deps.outbox.wake();
  return asked;
}

/** Day 365, or a week after an unconfirmed request: the member, their CV and tags are erased. */
export async function purgeEndedMembers(deps: TalentPoolDeps, now = new Date()): Promise<number> {
  return poolOf(deps).purgeEnded(now);
}

/** The pool's periodic work, started once the server listens. */
export function scheduleTalentPool(deps: TalentPoolDeps, log: FastifyBaseLogger, everyMs = POOL_CHECK_MS) {
  return schedulePeriodic({
    run: async () => {
      const asked = await askDueRenewals(deps);
      const purged = await purgeEndedMembers(deps);
      if (asked + purged > 0)
        log.info({ asked, purged }, 'talent pool renewals asked and ended consents erased');
    },
    failed: (error) => log.error({ err: error }, 'talent pool check failed'),
    firstMs: Math.min(everyMs, 30_000),
    everyMs,
  });
}

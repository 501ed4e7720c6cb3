import { RateLimiterRes } from 'rate-limiter-flexible';
import { messages } from '../../shared/messages';
import type { Limiter, RateLimiters } from '../http/rate-limit';
import { emailLimitKey } from '../http/secret-token';

const HOUR_MS = 60 * 60 * 1000;

export type InvitationAllowance =
  { kind: 'allowed'; giveBack(): Promise<void> } | { kind: 'refused'; message: string; msBeforeNext: number };

/** Takes a point, or answers how long until one is free again. */
async function take(limiter: Limiter, key: string): Promise<number | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    return result.msBeforeNext;
  }
}

/**
 * Counts an invitation against the address's day and the administrator's (keyed by a digest of
 * the address and by the account, never the address: docs/security.md#the-hiring-team). Refused
 * when either has none left, and then neither is spent; allowed, it can be given back when the
 * invitation is not made after all (an administrator's address), so only invitations made count.
 */
export async function takeInvitation(
  limiters: Pick<RateLimiters, 'invitationsByEmail' | 'invitationsByAdmin'>,
  email: string,
  adminId: string,
): Promise<InvitationAllowance> {
  const emailKey = emailLimitKey(email);
  const addressWait = await take(limiters.invitationsByEmail, emailKey);
  if (addressWait !== undefined) {
    return refused(messages.teamInviteAddressLimited, addressWait);
  }
  const adminWait = await take(limiters.invitationsByAdmin, adminId);
  if (adminWait !== undefined) {
    await limiters.invitationsByEmail.reward(emailKey, 1);
    return refused(messages.teamInviteAdminLimited, adminWait);
  }
  return {
    kind: 'allowed',
    async giveBack() {
      await Promise.all([
        limiters.invitationsByEmail.reward(emailKey, 1),
        limiters.invitationsByAdmin.reward(adminId, 1),
      ]);
    },
  };
}

const refused = (message: (hours: number) => string, msBeforeNext: number): InvitationAllowance => ({
  kind: 'refused',
  message: message(Math.max(1, Math.ceil(msBeforeNext / HOUR_MS))),
  msBeforeNext,
});

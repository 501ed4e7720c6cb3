import type { LoginAnswer } from '../../shared/auth/auth-contract';
import type { Config } from '../config';
import type { AccountRepository } from './account-repository';
import type { TokenService, TokenSubject } from './tokens';

/** What deciding a sign-in's answer uses of the server's parts (see app-context.ts). */
export interface SessionAnswerDeps {
  tokens: TokenService;
  accounts: AccountRepository;
  config: Pick<Config, 'requireAdmin2fa'>;
}

/**
 * What proving who one is (the right password, or a first password set through an invitation's
 * link) opens for an account that may sign in: the session token, or, for an account with a second
 * factor or one that must set it up, a five-minute challenge for that step instead
 * (docs/security.md#two-step-verification). Counting the try is the caller's.
 */
export async function sessionAnswer(user: TokenSubject, context: SessionAnswerDeps): Promise<LoginAnswer> {
  const { tokens, accounts, config } = context;
  const secondFactor = await accounts.twoFactorStatus(user.id);
  if (secondFactor.enabled) {
    return { twoFactorRequired: true, challenge: await tokens.issueChallenge(user, 'two-factor') };
  }
  if (config.requireAdmin2fa) {
    return {
      twoFactorSetupRequired: true,
      challenge: await tokens.issueChallenge(user, 'two-factor-setup'),
    };
  }
  return { token: await tokens.issue(user) };
}

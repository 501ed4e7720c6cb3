import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { passwordSchema } from '../../shared/auth/auth-contract';
import {
  ADMIN_MIN_PASSWORD_SCORE,
  adminPasswordSchema,
  guessablePasswordMessage,
} from '../../shared/auth/password-policy';
import { siteConfig } from '../../shared/site/site-config';
import type { TeamRole } from '../../shared/team/team-contract';
import { maySignIn } from './guards';

/**
 * zxcvbn-ts with its common-password list and the English dictionaries (names, common words,
 * Wikipedia): several MB, so loaded on the first password it checks rather than at start.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
  })();
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/** Words a guesser would try first for this account: its e-mail, name, and the company's. */
function accountWords(account: { email: string; name: string }): string[] {
  const [local = '', domain = ''] = account.email.split('@');
  return [
    account.email,
    local,
    domain,
    ...`${local} ${domain} ${account.name}`.split(/[^\p{L}\p{N}]+/u),
    account.name,
    siteConfig.brandName,
    siteConfig.legalName,
    'careers',
    'admin',
    'administrator',
  ].filter((word) => word.length > 2);
}

/**
 * Why a new password is refused for this account, or null when it is fine. Administrators and the
 * hiring team, who all read applicants' data, need 12 characters and a password zxcvbn does not
 * find guessable (score 3 or more); other accounts keep the registration rule
 * (docs/security.md#passwords).
 */
export async function newPasswordProblem(
  password: string,
  account: { email: string; name: string; isAdmin: boolean; teamRole: TeamRole | null },
): Promise<string | null> {
  const strict = maySignIn(account);
  const rule = strict ? adminPasswordSchema : passwordSchema;
  const parsed = rule.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'This password cannot be used.';
  if (!strict) return null;
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, accountWords(account));
  return result.score >= ADMIN_MIN_PASSWORD_SCORE ? null : guessablePasswordMessage(result.feedback);
}

import { z } from 'zod';
import { messages } from '../messages';

/**
 * Administrators' passwords follow the UK NCSC's advice: length over complexity, no composition
 * rules, and a refusal of passwords that are known or easily guessed (docs/security.md#passwords).
 * Other accounts keep the registration rule (`passwordSchema`, at least 6 characters).
 *
 * The limits live here rather than in limits.ts: limits.ts is part of every visitor's first
 * download, and only the account screens and the server need these.
 */
export const ADMIN_MIN_PASSWORD_LENGTH = 12;
/** zxcvbn's scores run from 0 (found in a few guesses) to 4; an administrator's must reach 3. */
export const ADMIN_MIN_PASSWORD_SCORE = 3;
export const MAX_PASSWORD_LENGTH = 1024;

/** The rule as the forms show it. */
export const adminPasswordRule =
  'At least 12 characters. A few unrelated words make a strong one; common or easily guessed passwords are refused.';

const passwordTooLong = `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;

/** The length rule for an administrator's new password; the server then checks how guessable it is. */
export const adminPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(ADMIN_MIN_PASSWORD_LENGTH, messages.adminPasswordTooShort)
  .max(MAX_PASSWORD_LENGTH, passwordTooLong);

/** A new password as the API takes it: the rule that applies depends on the account (checked by the server). */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(MAX_PASSWORD_LENGTH, passwordTooLong);

/** What a strength estimator says about a password it finds guessable (zxcvbn's feedback). */
export interface StrengthFeedback {
  warning: string | null;
  suggestions: string[];
}

/** The refusal of a guessable password, saying why and what would do better. */
export function guessablePasswordMessage(feedback: StrengthFeedback): string {
  const why = [feedback.warning, feedback.suggestions[0]]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  return messages.passwordTooGuessable(
    why.length > 0 ? why.join(' ') : 'Add another word or two that are not common.',
  );
}

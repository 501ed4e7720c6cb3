import { z } from 'zod';
import { messages } from '../messages';
import { emailSchema } from '../contact-fields';
import { passwordSchema } from './auth-contract';
import { adminPasswordSchema, newPasswordSchema } from './password-policy';

/** How many digits an authenticator app shows, and how long each code lasts. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given at enrolment, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How many of an account's latest events the account screen shows. */
export const ACCOUNT_EVENTS_SHOWN = 20;

const challengeSchema = z.string().min(1).max(4096);

/** The current code of an authenticator app; spaces are allowed ("123 456") and dropped. */
export const totpCodeSchema = z
  .string({ error: messages.twoFactorCodeFormat })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), messages.twoFactorCodeFormat));

export const recoveryCodeSchema = z
  .string({ error: messages.recoveryCodeRequired })
  .trim()
  .min(1, messages.recoveryCodeRequired)
  .max(64, messages.recoveryCodeWrong);

/** The signed-in user's password, typed again before a change that needs it. */
export const currentPasswordSchema = z
  .string({ error: messages.currentPasswordRequired })
  .min(1, messages.currentPasswordRequired)
  .max(1024, messages.currentPasswordWrong);

// --- Change password (signed in) ---

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

/** The account screen's form: the new password twice, the second never leaving the browser. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ newPassword: adminPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });

// --- Forgotten password (signed out) ---

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const messageAnswerSchema = z.object({ message: z.string() });

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: messages.resetLinkInvalid })
    .min(1, messages.resetLinkInvalid)
    .max(200, messages.resetLinkInvalid),
  newPassword: newPasswordSchema,
});

/**
 * A password set through a link: what to tell the person, their address (for the login form),
 * and, for an invitation to the hiring team, the session's token, or, where a second factor is
 * asked for, the five-minute challenge of that step (`verify` a code, or `setup` a first factor),
 * which the login screen takes on from there.
 */
export const passwordSetAnswerSchema = z.object({
  message: z.string(),
  email: z.string(),
  token: z.string().optional(),
  secondStep: z.object({ kind: z.enum(['verify', 'setup']), challenge: z.string() }).optional(),
});

/**
 * The reset screen's form. Who the link is for is the server's to know, so the browser checks only
 * the rule every account shares; the server applies the administrators' rule where it applies.
 */
export const resetPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });

// --- Second factor ---

/**
 * Set-up and activation are called signed in (bearer token) with the current password, so a
 * session someone else got hold of cannot enrol a factor of its own and lock the owner out; or
 * during a login that must enrol first, with the login's challenge instead (issued for the right
 * password minutes before). The server asks for the password once it knows which of the two it is.
 */
export const twoFactorSetupSchema = z.object({
  challenge: challengeSchema.optional(),
  password: currentPasswordSchema.optional(),
});
export const twoFactorSetupAnswerSchema = z.object({
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG image (data: URL). */
  qrCode: z.string(),
});

export const twoFactorEnableSchema = z.object({
  code: totpCodeSchema,
  challenge: challengeSchema.optional(),
  password: currentPasswordSchema.optional(),
});
export const twoFactorEnabledSchema = z.object({
  /** Shown once: only their digests are kept. */
  recoveryCodes: z.array(z.string()),
  /** When enrolment finished a login: the session token. */
  token: z.string().optional(),
});

export const twoFactorVerifySchema = z
  .object({
    challenge: challengeSchema,
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: messages.twoFactorCodeOrRecovery,
    path: ['code'],
  });

export const twoFactorRemoveSchema = z.object({ password: currentPasswordSchema });

// --- The account and its events ---

export const accountEventKinds = [
  'password-changed',
  'password-reset',
  'signed-out-everywhere',
  'two-factor-enabled',
  'two-factor-removed',
  'two-factor-reset-by-cli',
] as const;
export type AccountEventKind = (typeof accountEventKinds)[number];

export const accountEventLabels: Record<AccountEventKind, string> = {
  'password-changed': 'Password changed',
  'password-reset': 'Password reset by e-mail',
  'signed-out-everywhere': 'Signed out of all devices',
  'two-factor-enabled': 'Two-step verification turned on',
  'two-factor-removed': 'Two-step verification turned off',
  'two-factor-reset-by-cli': 'Two-step verification removed from the command line',
};

export const accountEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(accountEventKinds),
  at: z.string(),
  /** The client's address; none for the command line. */
  ip: z.string().nullable(),
});

export const accountAnswerSchema = z.object({
  email: z.string(),
  name: z.string(),
  twoFactorEnabled: z.boolean(),
  /** REQUIRE_ADMIN_2FA: every administrator must use a second factor. */
  twoFactorRequired: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /**
   * This account is the adjustments contact (ADJUSTMENTS_CONTACT_EMAIL), the one who reads
   * applicants' adjustment requests: the screens ask for a request only then.
   */
  adjustmentsContact: z.boolean(),
  /** The latest first, at most ACCOUNT_EVENTS_SHOWN. */
  events: z.array(accountEventSchema),
});

export type ChangePasswordPayload = z.input<typeof changePasswordSchema>;
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
export type ForgotPasswordPayload = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordPayload = z.input<typeof resetPasswordSchema>;
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
export type PasswordSetAnswer = z.infer<typeof passwordSetAnswerSchema>;
export type TwoFactorSetupPayload = z.input<typeof twoFactorSetupSchema>;
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupAnswerSchema>;
export type TwoFactorEnablePayload = z.input<typeof twoFactorEnableSchema>;
export type TwoFactorEnabledAnswer = z.infer<typeof twoFactorEnabledSchema>;
export type TwoFactorVerifyPayload = z.input<typeof twoFactorVerifySchema>;
export type TwoFactorRemovePayload = z.input<typeof twoFactorRemoveSchema>;
export type AccountEvent = z.infer<typeof accountEventSchema>;
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

import { z } from 'zod';
import { messages } from '../messages';
import { MIN_PASSWORD_LENGTH } from '../limits';
import { emailSchema, nameSchema } from '../contact-fields';
import { accountRoles } from '../team/team-contract';

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(1024, 'Password must be at most 1024 characters.'),
});

export const passwordSchema = z
  .string({ error: messages.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(1024, 'Password must be at most 1024 characters.');

export const registerSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });

/** The registration form adds a confirmation that never leaves the browser. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const tokenAnswerSchema = z.object({ token: z.string() });
/**
 * A login's answer: the token, or (for an administrator with a second factor, or one who must set
 * one up) a short-lived challenge that the next step takes instead of the password
 * (docs/security.md#two-step-verification).
 */
export const twoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export const twoFactorSetupRequiredSchema = z.object({
  twoFactorSetupRequired: z.literal(true),
  challenge: z.string(),
});
export const loginAnswerSchema = z.union([
  tokenAnswerSchema,
  twoFactorRequiredSchema,
  twoFactorSetupRequiredSchema,
]);
export const registeredSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
/** GET /api/admin/:email: the spec's `admin` flag, and the role that decides which screens open. */
export const adminAnswerSchema = z.object({ admin: z.boolean(), role: z.enum(accountRoles) });

export type LoginPayload = z.input<typeof loginSchema>;
export type RegisterPayload = z.input<typeof registerSchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export type AdminAnswer = z.infer<typeof adminAnswerSchema>;

import { z } from 'zod';
import { messages } from './messages';

export const nameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(200, 'Name must be at most 200 characters.')
  // A name is one line: control characters would break e-mail headers and file names.
  .regex(/^[^\p{Cc}]*$/u, 'Name cannot contain line breaks or control characters.');

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .pipe(z.email(messages.emailInvalid))
  .transform((email) => email.toLowerCase());

/** UK and international numbers: digits with the usual separators, at least 7 digits. */
export const phoneSchema = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .max(40, messages.phoneInvalid)
  .regex(/^\+?[\d\s().-]+$/, messages.phoneInvalid)
  .refine((phone) => phone.replace(/\D/g, '').length >= 7, messages.phoneInvalid);

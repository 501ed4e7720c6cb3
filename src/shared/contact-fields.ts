import { z } from 'zod';
import { messages } from './messages';

/**
 * Text that is one line and shows as typed: no control characters (Cc: line breaks, tabs,
 * escapes), no format characters (Cf: the bidirectional overrides and isolates such as U+202E,
 * which show the text after them reversed, in an e-mail subject or a download's file name as
 * well as on screen, and invisible marks) and no line or paragraph separators (U+2028, U+2029).
 * ZERO WIDTH NON-JOINER and JOINER (U+200C, U+200D) are the exception: Persian and Indic names are
 * spelt with them, and they reorder nothing (docs/security.md#input-handling).
 */
export const ONE_LINE = /^(?:[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|[\u200C\u200D])*$/u;

/** The refusal of a one-line field that holds any of the above, named by the field's label. */
export const notOneLineMessage = (label: string) =>
  `${label} cannot contain line breaks or control characters.`;

export const nameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(200, 'Name must be at most 200 characters.')
  // A name ends up in e-mail headers and file names: see ONE_LINE.
  .regex(ONE_LINE, notOneLineMessage('Name'));

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
  // Before the format: `\s` below would take a line break or U+2028 as a space.
  .regex(ONE_LINE, notOneLineMessage('Phone number'))
  .regex(/^\+?[\d\s().-]+$/, messages.phoneInvalid)
  .refine((phone) => phone.replace(/\D/g, '').length >= 7, messages.phoneInvalid);

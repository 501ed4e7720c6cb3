import { z } from 'zod';
import { messages } from './messages';
import { toLineFeeds } from './format/printable-text';

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

/**
 * Text of several lines as it is kept: tab and line feed, and no other control character (Cc: the
 * rest of C0, DEL and the C1 controls U+0080 to U+009F, which no page or feed can carry), nor the
 * bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069), which show
 * the text after them reordered, so a note or a cover letter could read to staff as other than it
 * is. Other format characters stay: soft hyphens, zero-width spaces and joiners, and the
 * left-to-right and right-to-left marks come in text pasted from word processors and written in
 * Arabic or Hebrew, and reorder no run of text (docs/security.md#input-handling).
 */
export const MULTI_LINE = /^(?:[^\p{Cc}\u202A-\u202E\u2066-\u2069]|[\t\n])*$/u;

/** The refusal of a text field that holds any of the above, named by the field's label. */
export const controlCharactersMessage = (label: string) => `${label} cannot contain control characters.`;

/**
 * A text field of several lines (a description, a cover letter, a note): its line breaks made LF
 * first (CR LF, a lone CR, and the vertical tab and form feed a word processor writes for a line
 * or page break), then held to MULTI_LINE. The caller adds its own trim and lengths.
 */
export const multiLineText = (label: string, params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(toLineFeeds).regex(MULTI_LINE, controlCharactersMessage(label));

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

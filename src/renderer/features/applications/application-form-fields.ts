import {
  applicationFieldsSchema,
  type ApplicationFields,
} from '../../../shared/applications/application-contract';
import { phoneSchema } from '../../../shared/contact-fields';
import { messages } from '../../../shared/messages';
import type { ReadyCv } from './cv-picker';

export type FieldName = 'name' | 'email' | 'phone' | 'about' | 'pdfFile' | 'adjustments';

export type TextFields = { name: string; email: string; phone: string; about: string };

export const TEXT_FIELDS = ['name', 'email', 'phone', 'about'] as const;

export type FieldErrors = Partial<Record<FieldName, string>>;

export function validate(payload: ApplicationFields, cv: ReadyCv | null): FieldErrors {
  const errors: FieldErrors = {};
  // The shared schema checks the phone in a final step that zod skips while other fields fail,
  // so the phone is also checked on its own to show every message at once.
  const phone = phoneSchema.safeParse(payload.phone ?? '');
  if (!phone.success) errors.phone = phone.error.issues[0]?.message;
  if (!cv) errors.pdfFile = messages.cvRequired;
  const parsed = applicationFieldsSchema.safeParse(payload);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A field's label, tied to its control by id, so tapping the label focuses the field. */
export const labelFor = (text: string, id: string) => ({ children: text, htmlFor: id });

import { z } from 'zod';
import { multiLineText } from '../contact-fields';

export const NOTE_MAX_LENGTH = 5000;

export const noteInputSchema = z.object({
  body: multiLineText('A note', { error: 'Write a note first.' })
    .trim()
    .min(1, 'Write a note first.')
    .max(NOTE_MAX_LENGTH, `A note can be at most ${NOTE_MAX_LENGTH} characters.`),
});

export const noteSchema = z.object({
  _id: z.string(),
  applicationId: z.string(),
  body: z.string(),
  authorEmail: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export const noteListSchema = z.array(noteSchema);

export type NoteInput = z.input<typeof noteInputSchema>;
export type Note = z.infer<typeof noteSchema>;

import { z } from 'zod';
import { applicationDetailSchema } from '../applications/application-contract';
import { noteSchema } from '../applications/note-contract';
import { sentReplySchema } from '../applications/reply-contract';
import { emailSchema } from '../contact-fields';
import { auditEntrySchema } from './audit-contract';

/** PUT /applications/:id/hold: keep an application from (or give it back to) the retention purge. */
export const retentionHoldSchema = z.object({
  hold: z.boolean({ error: 'Say whether to hold the application (true or false).' }),
});

/** The applicant an access request or an erasure is about, by e-mail address. */
export const subjectParamsSchema = z.object({ email: emailSchema });

/** Everything held about one applicant, as one download (a subject access request). */
export const subjectExportSchema = z.object({
  subjectEmail: z.string(),
  exportedAt: z.string(),
  exportedBy: z.string(),
  applications: z.array(
    applicationDetailSchema.extend({
      cv: z
        .object({ fileName: z.string(), size: z.number().int(), contentType: z.string(), base64: z.string() })
        .nullable(),
    }),
  ),
  notes: z.array(noteSchema),
  /** The replies (rejection, interview invitation) e-mailed to the applicant. */
  replies: z.array(sentReplySchema),
  audit: z.array(auditEntrySchema),
});
export type SubjectExport = z.infer<typeof subjectExportSchema>;

/** DELETE /applicants/:email: what the erasure removed. */
export const erasureAckSchema = z.object({
  acknowledged: z.boolean(),
  deletedCount: z.number().int(),
  notesDeleted: z.number().int(),
  auditEntriesDeleted: z.number().int(),
});
export type ErasureAck = z.infer<typeof erasureAckSchema>;

/** The file name of an access-request export. */
export const subjectExportFileName = (email: string): string =>
  `applicant-data-${email.replace(/[^a-z0-9@._-]/gi, '_')}.json`;

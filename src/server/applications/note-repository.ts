import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applicationNotes } from '../db/schema';
import type { Note } from '../../shared/applications/note-contract';

const toNote = (row: typeof applicationNotes.$inferSelect): Note => ({
  _id: row.id,
  applicationId: row.applicationId,
  body: row.body,
  authorEmail: row.authorEmail,
  authorName: row.authorName,
  createdAt: row.createdAt.toISOString(),
});

export function createNoteRepository(db: Db) {
  return {
    async list(applicationId: string): Promise<Note[]> {
      const rows = await db
        .select()
        .from(applicationNotes)
        .where(eq(applicationNotes.applicationId, applicationId))
        .orderBy(asc(applicationNotes.createdAt));
      return rows.map(toNote);
    },
    async add(input: { applicationId: string; body: string; authorEmail: string; authorName: string }) {
      const [row] = await db.insert(applicationNotes).values(input).returning();
      return toNote(row!);
    },
  };
}

export type NoteRepository = ReturnType<typeof createNoteRepository>;

import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { replyTemplates } from '../db/schema';
import {
  defaultReplyTemplates,
  replyKinds,
  type ReplyKind,
  type ReplyTemplate,
  type StoredReplyTemplate,
} from '../../shared/applications/reply-contract';

type Row = typeof replyTemplates.$inferSelect;

const toStored = (kind: ReplyKind, row: Row | undefined): StoredReplyTemplate =>
  row
    ? {
        kind,
        subject: row.subject,
        body: row.body,
        custom: true,
        updatedAt: row.updatedAt.toISOString(),
        updatedBy: row.updatedBy,
      }
    : {
        kind,
        subject: defaultReplyTemplates[kind].subject,
        body: defaultReplyTemplates[kind].body,
        custom: false,
        updatedAt: null,
        updatedBy: null,
      };

/**
 * The wording of each reply: the admins' own once saved, else the product's default. Replies are
 * rendered from it when they are queued, so a later edit changes no e-mail already on its way.
 */
export function createReplyTemplateRepository(db: Db) {
  const current = async (kind: ReplyKind, tx: Db = db): Promise<StoredReplyTemplate> => {
    const [row] = await tx.select().from(replyTemplates).where(eq(replyTemplates.kind, kind)).limit(1);
    return toStored(kind, row);
  };
  return {
    current,
    /** Every kind, in the contract's order. */
    async list(): Promise<StoredReplyTemplate[]> {
      const rows = await db.select().from(replyTemplates);
      return replyKinds.map((kind) =>
        toStored(
          kind,
          rows.find((row) => row.kind === kind),
        ),
      );
    },
    async save(kind: ReplyKind, template: ReplyTemplate, actorEmail: string): Promise<StoredReplyTemplate> {
      const values = {
        subject: template.subject,
        body: template.body,
        updatedAt: new Date(),
        updatedBy: actorEmail,
      };
      const [row] = await db
        .insert(replyTemplates)
        .values({ kind, ...values })
        .onConflictDoUpdate({ target: replyTemplates.kind, set: values })
        .returning();
      return toStored(kind, row);
    },
    /** Back to the product's default wording. */
    async reset(kind: ReplyKind): Promise<StoredReplyTemplate> {
      await db.delete(replyTemplates).where(eq(replyTemplates.kind, kind));
      return toStored(kind, undefined);
    },
  };
}

export type ReplyTemplateRepository = ReturnType<typeof createReplyTemplateRepository>;

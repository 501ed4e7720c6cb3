import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';

export type User = typeof users.$inferSelect;

export function createUserRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return user;
    },
    async findById(id: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },
    /** Returns undefined when the e-mail is taken (the unique index decides, so two racing sign-ups cannot both win). */
    async create(input: { email: string; name: string; passwordHash: string; isAdmin?: boolean }) {
      const [row] = await db
        .insert(users)
        .values({ ...input, email: input.email.toLowerCase(), isAdmin: input.isAdmin ?? false })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      return row?.id;
    },
    /**
     * Grants or revokes administrator rights. A team member made an administrator leaves the team,
     * so a later revocation leaves a plain account, not the old team access.
     */
    async setAdmin(email: string, isAdmin: boolean): Promise<boolean> {
      const rows = await db
        .update(users)
        .set(isAdmin ? { isAdmin, teamRole: null } : { isAdmin })
        .where(eq(users.email, email.toLowerCase()))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INITDB_TIMEOUT_MS, migratedFrom, migrationEngine } from '../../support/migrated-database';

/**
 * The Team screen shows each invitation as invited, accepted or expired, which the accounts did not
 * keep before. A database migrated to the migration before, with members as the server stored
 * them then (one who joined, one whose link still works, one whose link ran out), is migrated on;
 * on the suite's engine (PGlite in memory, or a scratch PostgreSQL).
 */

const THIS_MIGRATION = 'invitation_state';

const joined = randomUUID();
const waiting = randomUUID();
const lapsed = randomUUID();
const admin = randomUUID();

function oldRows(): SQL[] {
  const user = (id: string, label: string, role: string | null, isAdmin = false) =>
    sql`insert into users (id, email, name, password_hash, is_admin, team_role, created_at)
        values (${id}, ${`${label}@example.com`}, ${label}, 'x', ${isAdmin}, ${role}, now() - interval '10 days')`;
  const link = (userId: string, created: string, expires: string, used: string | null) =>
    sql`insert into password_resets (token_hash, user_id, created_at, expires_at, used_at)
        values (${randomUUID()}, ${userId}, now() - ${created}::interval, now() + ${expires}::interval,
                case when ${used}::text is null then null else now() - ${used}::interval end)`;
  return [
    user(joined, 'joined', 'interviewer'),
    user(waiting, 'waiting', 'hiring-manager'),
    user(lapsed, 'lapsed', 'interviewer'),
    user(admin, 'admin', null, true),
    link(joined, '9 days', '-6 days', '8 days'),
    sql`insert into account_events (user_id, kind, at) values (${joined}, 'password-reset', now() - interval '8 days')`,
    link(waiting, '1 day', '2 days', null),
    link(lapsed, '5 days', '-2 days', null),
  ];
}

/** Migrated from the migration before, with the rows of then: each statement's rows. */
const migrated = async () => {
  const db = await migratedFrom(THIS_MIGRATION, oldRows);
  return (statement: SQL) => db.execute(statement) as unknown as Promise<{ rows: unknown[] }>;
};

interface Row {
  id: string;
  invited_days: number | null;
  expires_days: number | null;
  accepted_days: number | null;
}

describe(`migrating the team's invitations on ${migrationEngine}`, () => {
  it(
    'dates each member’s latest invitation, marks the one who joined as accepted, and leaves administrators alone',
    async () => {
      const execute = await migrated();
      // Whole days from now (negative: ahead), so the answer does not hang on the clock.
      const days = (column: string) => sql.raw(`round(extract(epoch from now() - ${column}) / 86400)::int`);
      const { rows } = (await execute(
        sql`select id, ${days('invited_at')} as invited_days, ${days('invitation_expires_at')} as expires_days,
                   ${days('invitation_accepted_at')} as accepted_days
            from users`,
      )) as { rows: Row[] };
      const of = (id: string) => rows.find((row) => row.id === id);
      expect(of(joined)).toEqual({ id: joined, invited_days: 9, expires_days: 6, accepted_days: 8 });
      expect(of(waiting)).toEqual({ id: waiting, invited_days: 1, expires_days: -2, accepted_days: null });
      expect(of(lapsed)).toEqual({ id: lapsed, invited_days: 5, expires_days: 2, accepted_days: null });
      expect(of(admin)).toEqual({ id: admin, invited_days: null, expires_days: null, accepted_days: null });

      // The links still out for members who have not joined are invitations: they sign in when used.
      const links = await execute(sql`select user_id, purpose from password_resets order by user_id`);
      expect(links.rows).toEqual(
        expect.arrayContaining([
          { user_id: joined, purpose: 'reset' },
          { user_id: waiting, purpose: 'invitation' },
          { user_id: lapsed, purpose: 'invitation' },
        ]),
      );
    },
    INITDB_TIMEOUT_MS,
  );
});

import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INITDB_TIMEOUT_MS, migratedFrom, migrationEngine } from '../../support/migrated-database';

/**
 * What an applicant asked for when booking used to be stored with the booking, where the interview
 * calls read it out to staff. The migration moves it beside the application's other requests,
 * where only the adjustments contact reads it (docs/security.md#adjustments), and the booking
 * keeps nothing of it. A database migrated to the migration before, with rows as the server stored
 * them then, is migrated on; on the suite's engine (PGlite in memory, or a scratch PostgreSQL).
 */

const THIS_MIGRATION = 'booking_limits_adjustment_reader';

const asked = { applicationId: randomUUID(), text: 'A step-free room, please: I use a wheelchair.' };
const both = { applicationId: randomUUID(), text: 'Extra time for the written task.' };
const none = { applicationId: randomUUID() };

/** Three booked applications as the server stored them: one asked, one asked twice, one did not. */
function oldRows(): SQL[] {
  const jobId = randomUUID();
  const rows: SQL[] = [
    sql`insert into jobs (id, job_title, location, hours, ctc, experience, description, publish_time, post_creator)
        values (${jobId}, 'Claims Handler', 'Northampton', 'Full time', '£25,000', '1 year', 'Claims.', 'today',
                'admin@example.com')`,
  ];
  const booked: Array<{ applicationId: string; text: string | null }> = [
    asked,
    both,
    { ...none, text: null },
  ];
  for (const [index, { applicationId, text }] of booked.entries()) {
    const slotId = randomUUID();
    rows.push(
      sql`insert into applications (id, job_id, job_title, name, email, phone, about, stage)
          values (${applicationId}, ${jobId}, 'Claims Handler', 'Ivy Old', ${`ivy.old.${index}@example.com`},
                  '07700 900123', 'Hello.', 'interview')`,
      sql`insert into interview_slots (id, job_id, starts_at, duration_minutes, place, offered_by)
          values (${slotId}, ${jobId}, now() + interval '10 days', 45, 'Room 2', 'admin@example.com')`,
      sql`insert into interview_bookings (application_id, slot_id, adjustments)
          values (${applicationId}, ${slotId}, ${text})`,
    );
  }
  // The one that asked twice had also asked on the apply form.
  rows.push(
    sql`insert into application_adjustments (application_id, adjustments, disability_confident)
        values (${both.applicationId}, 'A screen reader.', true)`,
  );
  return rows;
}

/** Migrated from the migration before, with the rows of then: each statement's rows. */
const migrated = async () => {
  const db = await migratedFrom(THIS_MIGRATION, oldRows);
  return (statement: SQL) => db.execute(statement) as unknown as Promise<{ rows: unknown[] }>;
};

describe(`migrating the booking's adjustment on ${migrationEngine}`, () => {
  it(
    'moves what was asked when booking to where only the adjustments contact reads it, and leaves the booking none',
    async () => {
      const execute = await migrated();
      const { rows } = await execute(
        sql`select application_id, adjustments, disability_confident, interview_adjustments, agreed
            from application_adjustments order by application_id`,
      );
      expect(rows).toEqual(
        expect.arrayContaining([
          {
            application_id: asked.applicationId,
            adjustments: null,
            disability_confident: false,
            interview_adjustments: asked.text,
            agreed: null,
          },
          {
            application_id: both.applicationId,
            adjustments: 'A screen reader.',
            disability_confident: true,
            interview_adjustments: both.text,
            agreed: null,
          },
        ]),
      );
      expect(rows).toHaveLength(2);
      const columns = await execute(
        sql`select column_name from information_schema.columns where table_name = 'interview_bookings'`,
      );
      expect(columns.rows.map((row) => (row as { column_name: string }).column_name)).not.toContain(
        'adjustments',
      );
      const bookings = await execute(sql`select * from interview_bookings`);
      expect(bookings.rows).toHaveLength(3);
      expect(JSON.stringify(bookings.rows)).not.toMatch(/wheelchair|written task/);
    },
    INITDB_TIMEOUT_MS,
  );
});

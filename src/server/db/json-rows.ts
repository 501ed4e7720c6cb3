import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `insert into <table> (<columns>) select ... from jsonb_to_recordset($1)`: any number of rows as
 * one JSON parameter. A multi-row VALUES list costs a parameter per cell, which both limits its
 * size (65,535 parameters) and, on PGlite, makes a thousand rows take several times longer to bind
 * than to write. Rows are keyed by the table's property names; columns left out take their
 * defaults. Add `on conflict ...` or `returning ...` after it as needed.
 */
export function insertJsonRows<T extends PgTable>(
  table: T,
  keys: ReadonlyArray<keyof T['$inferInsert'] & string>,
  rows: ReadonlyArray<Partial<Record<keyof T['$inferInsert'] & string, unknown>>>,
): SQL {
  const columns = getTableColumns(table);
  const picked = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertJsonRows: ${key} is not a column`);
    return { key, name: column.name, type: column.getSQLType() };
  });
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(picked.map(({ key, name }) => [name, row[key] ?? null]))),
  );
  const names = sql.join(
    picked.map(({ name }) => sql.identifier(name)),
    sql`, `,
  );
  const definitions = sql.join(
    picked.map(({ name, type }) => sql`${sql.identifier(name)} ${sql.raw(type)}`),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as rows(${definitions})`;
}

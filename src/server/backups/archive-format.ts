import { z } from 'zod';

/**
 * The backup archive (docs/operations.md#the-archive): a gzipped tar of
 *
 * - `manifest.json`: format version, the schema's migration, when and from which backend it was
 *   taken, each table's row count, and every other entry's size and SHA-256;
 * - `manifest.sha256`: the SHA-256 of `manifest.json`, so that it too is checked;
 * - `data/<table>.jsonl`: each table's rows as PostgreSQL's `row_to_json` writes them, one a line,
 *   which `json_populate_recordset` reads back exactly on PGlite and PostgreSQL alike;
 * - `cvs/<key>.pdf`: every CV an application in the archive refers to, and every right-to-work
 *   evidence file (a PDF or an image: the blob store names each `<key>.pdf` whatever it holds).
 */
export const ARCHIVE_FORMAT = 'careers-site-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const MANIFEST_DIGEST = 'manifest.sha256';

export const dataEntry = (table: string) => `data/${table}.jsonl`;
export const cvEntry = (key: string) => `cvs/${key}.pdf`;
/** Every name an archive may hold; anything else (a link, a path outside) is refused. */
export const ENTRY_PATTERN =
  /^(?:manifest\.json|manifest\.sha256|data\/[a-z_]+\.jsonl|cvs\/[0-9a-f-]{36}\.pdf)$/;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.iso.datetime(),
  source: z.enum(['pglite', 'postgres']),
  /** The migrations applied to the database the rows came from (drizzle's journal). */
  migration: z.object({ count: z.number().int(), last: z.string() }),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0) })),
  cvs: z.array(z.object({ key: z.string(), application: z.string() })),
  entries: z.array(
    z.object({ name: z.string().regex(ENTRY_PATTERN), size: z.number().int().min(0), sha256: sha256Hex }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * Tables left out: CV bytes travel as `cvs/` entries (files on PGlite, `cv_blobs` on PostgreSQL,
 * whichever the target uses), and rate-limit counters are minutes-long and rebuilt by use.
 */
const NOT_ROWS = new Set(['cv_blobs', 'rate_limits']);

/**
 * The tables whose rows a backup holds, each after the tables it refers to, so that restoring
 * them in this order meets every foreign key. Given the database's own tables and foreign keys
 * (snapshot.ts reads them from its catalogue), so every module's tables are included, wherever
 * they are declared.
 */
export function backedUpTables(
  tables: readonly string[],
  references: readonly { from: string; to: string }[],
): string[] {
  const refs = new Map<string, Set<string>>();
  for (const name of tables) if (!NOT_ROWS.has(name)) refs.set(name, new Set());
  for (const { from, to } of references) if (from !== to) refs.get(from)?.add(to);
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    for (const target of refs.get(name) ?? []) visit(target, [...path, name]);
    ordered.push(name);
  };
  for (const name of [...refs.keys()].sort()) visit(name, []);
  return ordered;
}

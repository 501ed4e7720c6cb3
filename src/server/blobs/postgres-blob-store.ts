import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applications, cvBlobs, rightToWorkChecks } from '../db/schema';
import { keysOf, type BlobStore } from './blob-store';

/** CVs in the `cv_blobs` table, committed in the same transaction as their application row. */
export function createPostgresBlobStore(db: Db): BlobStore {
  return {
    kind: 'postgres',
    async store(key, bytes, writeRow) {
      await db.transaction(async (tx) => {
        await tx.insert(cvBlobs).values({ key, bytes });
        await writeRow(tx as unknown as Db);
      });
    },
    async get(key) {
      const [row] = await db.select({ bytes: cvBlobs.bytes }).from(cvBlobs).where(eq(cvBlobs.key, key));
      return row?.bytes;
    },
    async remove(deleteRow) {
      await db.transaction(async (tx) => {
        const keys = keysOf(await deleteRow(tx as unknown as Db));
        if (keys.length > 0) await tx.delete(cvBlobs).where(inArray(cvBlobs.key, keys));
      });
    },
    async sweep() {
      // Rows and bytes commit together, so only blobs whose row was removed by hand can be left.
      // A blob is a CV or an application's right-to-work evidence.
      const removed = await db
        .delete(cvBlobs)
        .where(
          sql`not exists (select 1 from ${applications} where ${applications.cvKey} = ${cvBlobs.key})
            and not exists (select 1 from ${rightToWorkChecks} where ${rightToWorkChecks.evidenceKey} = ${cvBlobs.key})`,
        )
        .returning({ key: cvBlobs.key });
      return removed.length;
    },
  };
}

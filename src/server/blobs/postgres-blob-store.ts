import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applications, cvBlobs } from '../db/schema';
import type { BlobStore } from './blob-store';

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
        const key = await deleteRow(tx as unknown as Db);
        if (key) await tx.delete(cvBlobs).where(eq(cvBlobs.key, key));
      });
    },
    async sweep() {
      // Rows and bytes commit together, so only blobs whose row was removed by hand can be left.
      const removed = await db
        .delete(cvBlobs)
        .where(sql`not exists (select 1 from ${applications} where ${applications.cvKey} = ${cvBlobs.key})`)
        .returning({ key: cvBlobs.key });
      return removed.length;
    },
  };
}

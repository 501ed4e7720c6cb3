import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applications, cvBlobs, rightToWorkChecks } from '../db/schema';
import { BLOB_READ_CHUNK, exactStream, keysOf, type BlobStore } from './blob-store';

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
    /**
     * The size now, then the bytes a piece at a time, each piece its own short query (no
     * connection is held while a slow client reads). A key is never reused and its bytes never
     * updated, so the pieces are of one version; each query checks the row is still there with
     * the same size, and a blob removed mid-read ends the stream with an error.
     */
    async open(key) {
      const size = sql<number>`octet_length(${cvBlobs.bytes})`.mapWith(Number);
      const [row] = await db.select({ size }).from(cvBlobs).where(eq(cvBlobs.key, key));
      if (!row) return undefined;
      async function* pieces() {
        for (let offset = 0; offset < row!.size; offset += BLOB_READ_CHUNK) {
          const [piece] = await db
            .select({
              bytes: sql`substring(${cvBlobs.bytes} from ${offset + 1} for ${BLOB_READ_CHUNK})`.mapWith(
                cvBlobs.bytes,
              ),
              size,
            })
            .from(cvBlobs)
            .where(eq(cvBlobs.key, key));
          if (!piece || piece.size !== row!.size)
            throw new Error(`blob ${key} was removed while it was read`);
          yield piece.bytes;
        }
      }
      let taken = false;
      return {
        size: row.size,
        stream() {
          if (taken) throw new Error('a blob is streamed once');
          taken = true;
          return exactStream(row.size, pieces);
        },
        close() {
          taken = true;
        },
      };
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

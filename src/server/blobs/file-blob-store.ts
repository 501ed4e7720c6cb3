import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import { BLOB_READ_CHUNK, exactStream, keysOf, type BlobStore } from './blob-store';

const KEY_PATTERN = /^[0-9a-f-]{36}$/;
/** `.<key>.<uuid>.tmp`: a CV being written, named by its key. */
const TEMP_PATTERN = /^\.([0-9a-f-]{36})\.[0-9a-f-]{36}\.tmp$/;

/** CVs as files in `<dataDir>/cvs`: written to a temporary name, fsynced, renamed, and the folder fsynced. */
export function createFileBlobStore(dataDir: string, db: Db): BlobStore {
  const dir = path.join(dataDir, 'cvs');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fileFor = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid blob key ${key}`);
    return path.join(dir, `${key}.pdf`);
  };
  /**
   * Keys whose CV is being stored, from before its temporary file is opened until its row has
   * committed or its files are removed; and, for each sweep under way, every key stored since it
   * began. A sweep leaves those alone: the rows it read may predate a commit (see `sweep`).
   */
  const storing = new Set<string>();
  const sweeps = new Set<Set<string>>();
  const syncDir = async () => {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };

  return {
    kind: 'files',
    async store(key, bytes, writeRow) {
      const file = fileFor(key);
      const temp = path.join(dir, `.${key}.${randomUUID()}.tmp`);
      storing.add(key);
      for (const seen of sweeps) seen.add(key);
      try {
        const handle = await fs.open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        try {
          await fs.rename(temp, file);
          await syncDir();
          // One transaction: the row and whatever is written with it (its queued e-mails) commit together.
          await db.transaction((tx) => writeRow(tx as unknown as Db));
        } catch (error) {
          await fs.rm(file, { force: true });
          throw error;
        }
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      } finally {
        storing.delete(key);
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    /**
     * The file is opened before its size is read, and the stream reads from that open file: a
     * sweep or an erasure that removes it meanwhile leaves this read whole (the file is written
     * under a temporary name and renamed, never changed in place).
     */
    async open(key) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileFor(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      let size: number;
      try {
        size = (await handle.stat()).size;
      } catch (error) {
        await handle.close();
        throw error;
      }
      let taken = false;
      const close = () => void handle.close().catch(() => undefined);
      return {
        size,
        stream() {
          if (taken) throw new Error('a blob is streamed once');
          taken = true;
          const read = () => handle.createReadStream({ highWaterMark: BLOB_READ_CHUNK, autoClose: false });
          return exactStream(size, read, close);
        },
        close() {
          if (!taken) close();
          taken = true;
        },
      };
    },
    async remove(deleteRow) {
      for (const key of keysOf(await deleteRow(db))) await fs.rm(fileFor(key), { force: true });
    },
    /**
     * A CV stored while the sweep runs may commit after `referencedKeys` has read the rows, and
     * its file (or the temporary file it is still writing) would look orphaned. So the keys being
     * stored when the sweep begins, and every key stored after, are left alone: only this process
     * writes here (docs/architecture.md#data-folder-lock), and a key is never used twice, so what
     * is left is exactly what no row uses and no write will.
     */
    async sweep(referencedKeys) {
      const spared = new Set(storing);
      sweeps.add(spared);
      try {
        const referenced = await referencedKeys();
        let removed = 0;
        for (const entry of await fs.readdir(dir)) {
          const key = entry.endsWith('.pdf') ? entry.slice(0, -4) : TEMP_PATTERN.exec(entry)?.[1];
          const orphan = entry.endsWith('.tmp') || (key !== undefined && !referenced.has(key));
          if (!orphan || (key !== undefined && spared.has(key))) continue;
          await fs.rm(path.join(dir, entry), { force: true });
          removed++;
        }
        return removed;
      } finally {
        sweeps.delete(spared);
      }
    },
  };
}

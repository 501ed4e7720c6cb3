import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import type { BlobStore } from './blob-store';

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

/** CVs as files in `<dataDir>/cvs`: written to a temporary name, fsynced, renamed, and the folder fsynced. */
export function createFileBlobStore(dataDir: string, db: Db): BlobStore {
  const dir = path.join(dataDir, 'cvs');
  mkdirSync(dir, { recursive: true });
  const fileFor = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid blob key ${key}`);
    return path.join(dir, `${key}.pdf`);
  };
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
        await fs.rm(temp, { force: true });
        await fs.rm(file, { force: true });
        throw error;
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
    async remove(deleteRow) {
      const key = await deleteRow(db);
      if (key) await fs.rm(fileFor(key), { force: true });
    },
    async sweep(referencedKeys) {
      const referenced = await referencedKeys();
      let removed = 0;
      for (const entry of await fs.readdir(dir)) {
        const key = entry.endsWith('.pdf') ? entry.slice(0, -4) : undefined;
        if (entry.endsWith('.tmp') || (key && !referenced.has(key))) {
          await fs.rm(path.join(dir, entry), { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

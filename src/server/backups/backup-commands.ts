import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { holdDataDir, serverHolding } from '../db/data-dir-lock';
import { othersCanWrite, shellPath } from '../db/private-files';
import { defaultSeed } from '../db/pglite-seed';
import { backupFromServer, controlDir } from './backup-socket';
import type { Manifest } from './archive-format';
import { backupToFile } from './snapshot';
import { BackupError, restoreArchive, verifyArchive, type RestoreResult } from './restore';

/** Where the command-line tools find the product's storage (from config.ts). */
export interface StorageSettings {
  dataDir: string;
  databaseUrl: string | undefined;
}

/**
 * Writes a backup of the configured storage to `file` and checks the archive as a restore would.
 * A PGlite folder a server holds is backed up by that server (backup-socket.ts); otherwise this
 * process opens the storage itself, holding a PGlite folder so that no server starts meanwhile.
 */
export async function takeBackup(settings: StorageSettings, file: string): Promise<Manifest> {
  const target = path.resolve(file);
  await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  refuseSharedFolder(path.dirname(target));
  if (!settings.databaseUrl && serverHolding(settings.dataDir)) {
    await backupFromServer(settings.dataDir, target);
  } else {
    const release = settings.databaseUrl ? () => undefined : await holdDataDir(settings.dataDir);
    try {
      const database = await openDatabase({
        databaseUrl: settings.databaseUrl,
        dataDir: settings.dataDir,
        pgliteSeed: defaultSeed(),
      });
      try {
        const cvDir = database.kind === 'pglite' ? path.join(settings.dataDir, 'cvs') : null;
        const stagingParent =
          database.kind === 'pglite' ? controlDir(settings.dataDir) : path.dirname(target);
        await backupToFile({ database, cvDir }, stagingParent, target);
      } finally {
        await database.close();
      }
    } finally {
      release();
    }
  }
  return checkArchive(target);
}

/**
 * A backup is written only into a folder no other account can write: there, another account
 * could plant the file it is written to, swap it before it is renamed, or replace the archive
 * afterwards (docs/operations.md#backup). Shared folders such as /tmp are refused too.
 */
function refuseSharedFolder(folder: string): void {
  const shared = othersCanWrite(folder);
  if (!shared) return;
  throw new BackupError(
    `The folder ${folder} is no place for a backup: ${shared.why}, so another account could read or replace the archive. Write it to a folder only this account can write (for example: mkdir -m 700 ${shellPath(path.join(folder, 'careers-backups'))})${shared.chmod ? `, or run: ${shared.chmod}` : ''}. Nothing was written.`,
  );
}

/** Reads the whole archive back and checks every checksum; answers its manifest. */
export async function checkArchive(file: string): Promise<Manifest> {
  const staging = mkdtempSync(path.join(path.dirname(file), '.check-'));
  try {
    return await verifyArchive(file, staging);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores into the configured storage, which must be empty, replaying the erasure logs. The
 * archive is unpacked in the data folder's `control/` (0700), not beside the archive, which may
 * be a folder other accounts share; with PGlite that is the disk the restore fills anyway.
 */
export async function restoreBackup(
  settings: StorageSettings,
  file: string,
  erasureLogs: string[],
): Promise<RestoreResult> {
  const archive = path.resolve(file);
  return restoreArchive(
    archive,
    settings.databaseUrl
      ? { kind: 'postgres', databaseUrl: settings.databaseUrl }
      : { kind: 'pglite', dataDir: settings.dataDir },
    { erasureLogs, stagingParent: controlDir(settings.dataDir) },
  );
}

/**
 * Copies a PGlite data folder into an empty PostgreSQL database: a backup of the folder (through
 * its server when one runs) restored into PostgreSQL by the same code as `restore`, which checks
 * row counts and CV checksums in the target before it commits.
 */
export async function moveToPostgres(settings: StorageSettings, databaseUrl: string): Promise<RestoreResult> {
  if (settings.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: this configuration already runs on PostgreSQL. Run move-to-postgres with the PGlite configuration (DATA_DIR) and the new database as its argument.',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new BackupError('The target must be a postgres:// or postgresql:// URL.');
  }
  await fs.mkdir(controlDir(settings.dataDir), { recursive: true, mode: 0o700 });
  const scratch = await fs.mkdtemp(path.join(controlDir(settings.dataDir), '.move-'));
  try {
    const archive = path.join(scratch, 'move.tar.gz');
    await takeBackup(settings, archive);
    // The folder is live, or was until now: there is nothing erased since to replay.
    return await restoreArchive(
      archive,
      { kind: 'postgres', databaseUrl },
      { erasureLogs: [], stagingParent: scratch },
    );
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

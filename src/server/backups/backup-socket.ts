import { existsSync, mkdirSync, chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Database } from '../db/database';
import { streamBackup, writeFileFrom } from './snapshot';

/**
 * PGlite lives inside the server's process, so a backup of a running server is taken there and
 * handed to `npm run admin -- backup` over a Unix socket in the data folder: in a folder of mode
 * 0700, the socket itself 0600, so only the account that runs the server reaches it, and nothing
 * of it is on the network (docs/operations.md#backups-and-restore). A connection gets one archive
 * and is closed; the command line then checks the archive it received.
 */
export const controlDir = (dataDir: string) => path.join(dataDir, 'control');
export const backupSocketPath = (dataDir: string) => path.join(controlDir(dataDir), 'backup.sock');

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export interface BackupListener {
  close(): Promise<void>;
}

export async function listenForBackups(
  dataDir: string,
  database: Database,
  log: { error(details: object, message: string): void; warn(details: object, message: string): void },
): Promise<BackupListener | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (process.platform === 'win32' || socketPath.length > MAX_SOCKET_PATH) {
    log.warn(
      { socketPath },
      'backups of the running server are off: no Unix socket here, or its path is too long',
    );
    return undefined;
  }
  mkdirSync(controlDir(dataDir), { recursive: true, mode: 0o700 });
  chmodSync(controlDir(dataDir), 0o700);
  // The server holds the data folder: a socket file here was left by a server that is gone.
  if (existsSync(socketPath)) rmSync(socketPath, { force: true });
  const cvDir = database.kind === 'pglite' ? path.join(dataDir, 'cvs') : null;
  let running = false;
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    if (running) {
      socket.destroy();
      return;
    }
    running = true;
    streamBackup({ database, cvDir }, controlDir(dataDir), async (archive) => {
      for await (const chunk of archive) {
        if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
      }
      await new Promise<void>((resolve) => socket.end(resolve));
    })
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup failed');
        socket.destroy();
      })
      .finally(() => {
        running = false;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

/** Asks the server holding `dataDir` for a backup and writes it to `file`. */
export async function backupFromServer(dataDir: string, file: string): Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) {
    throw new Error(
      `The server running on ${dataDir} does not offer backups (no ${socketPath}). Update and restart it, or stop it and run the backup again.`,
    );
  }
  const socket = net.createConnection(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  await writeFileFrom(socket, file);
}

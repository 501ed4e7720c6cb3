import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const KEY_FILE = 'equality-monitoring.key';

/**
 * The key of the monitoring links (docs/security.md#equality-monitoring). It must never be in the
 * database, or whoever reads the database could recompute every link: MONITORING_SECRET, or with
 * PGlite a random key in a file of the data folder made at the first start. With PostgreSQL and no
 * MONITORING_SECRET there is none (each instance would make its own), and monitoring is off.
 */
export async function resolveMonitoringKey(config: {
  monitoringSecret: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Buffer | undefined> {
  const secret = config.monitoringSecret
    ? Buffer.from(config.monitoringSecret)
    : config.databaseUrl
      ? undefined
      : await keyFile(config.dataDir);
  return secret && Buffer.from(hkdfSync('sha256', secret, '', 'equality monitoring links', 32));
}

/**
 * The file holds the secret as text, exactly as MONITORING_SECRET would, so an operator moving to
 * PostgreSQL can set MONITORING_SECRET to it and keep following the returns already stored.
 */
async function keyFile(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // 'wx': a second process starting at the same moment keeps the first one's key.
  await writeFile(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  return Buffer.from((await readFile(file, 'utf8')).trim());
}

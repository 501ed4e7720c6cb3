// Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server, starting the local
// cluster when one is installed. Without PostgreSQL it says so and skips (CI installs it).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';

const command = process.argv.slice(2);
let url = process.env.TEST_DATABASE_URL;

async function reachable(connectionString) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (!url) {
  url = 'postgresql://postgres@localhost/postgres?host=/var/run/postgresql';
  if (!(await reachable(url)) && existsSync('/usr/bin/pg_ctlcluster')) {
    const clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim().split('\n');
    const [version, name] = (clusters[0] ?? '').split(/\s+/);
    if (version && name) spawnSync('pg_ctlcluster', [version, name, 'start'], { stdio: 'inherit' });
  }
  if (!(await reachable(url))) {
    const message =
      'PostgreSQL is not installed or not reachable: the PostgreSQL run of the server suite is skipped.';
    if (process.env.CI) {
      console.error(message + ' (CI must run it)');
      process.exit(1);
    }
    console.warn(message);
    process.exit(0);
  }
}

const result = spawnSync(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError } from '../../../src/server/db/data-dir-lock';
import { testDatabaseUrl } from '../../support/postgres';
import { projectDir, spawnServer } from '../../support/server-process';
import { ADMIN, startTestServer, type TestServer } from '../../support/test-server';

/**
 * The mark a server puts on its PGlite data folder holds only while that very server runs. What a
 * crashed or killed server left behind (its pid now dead, a zombie not yet reaped, or a number the
 * system has since given to an unrelated process) never keeps the next server from starting; a
 * second live server on the folder is still refused. The mark guards the embedded database only,
 * so this runs in the PGlite run of the suite.
 */

const markFile = (dataDir: string) => path.join(dataDir, 'server.pid');
const markedPid = (dataDir: string) => Number(readFileSync(markFile(dataDir), 'utf8').split('\n')[0]);

/** A process that takes the folder exactly as a server does, then idles: a stand-in for a server. */
const HOLDER = `
const { holdDataDir } = await import(${JSON.stringify(pathToFileURL(path.join(projectDir, 'src/server/db/data-dir-lock.ts')).href)});
await holdDataDir(process.env.HOLD_DIR);
process.stdout.write('held\\n');
setInterval(() => undefined, 1 << 30);
`;
const holderCommand = () => [process.execPath, '--import', 'tsx', '--input-type=module', '-e', HOLDER];

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'careers-lock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Resolves once `child` has written `held` (or rejects with what it wrote if it exits first). */
function held(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('held')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`holder exited (${signal ?? code}): ${output}`)));
  });
}

function spawnHolder(dataDir: string): ChildProcess {
  const [command, ...args] = holderCommand();
  const child = spawn(command!, args, {
    cwd: projectDir,
    env: { ...process.env, HOLD_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The process state letter (`Z` for a zombie), or undefined when there is no such process. */
function stateOf(pid: number): string | undefined {
  try {
    return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

async function startOn(dataDir: string): Promise<TestServer> {
  const server = await startTestServer({}, { dataDir });
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= server.stop());
  cleanups.push(stop);
  return { ...server, stop };
}

async function expectServing(server: TestServer, dataDir: string) {
  expect((await server.api('GET', '/health')).body).toMatchObject({ status: 'ok', database: 'pglite' });
  expect(markedPid(dataDir)).toBe(process.pid);
}

describe.skipIf(testDatabaseUrl())('the data-folder mark of the embedded database', () => {
  it('lets a server start right after the one before was killed (its pid now dead)', async () => {
    const dataDir = newDataDir();
    const holder = spawnHolder(dataDir);
    await held(holder);
    expect(markedPid(dataDir)).toBe(holder.pid);
    holder.kill('SIGKILL');
    await exited(holder);

    await expectServing(await startOn(dataDir), dataDir);
  }, 60_000);

  it("lets a server start when the dead server's pid now belongs to an unrelated live process", async () => {
    const dataDir = newDataDir();
    const holder = spawnHolder(dataDir);
    await held(holder);
    holder.kill('SIGKILL');
    await exited(holder);
    // After a reboot the number in the mark is soon some other process's: here a `sleep`.
    const unrelated = spawn('sleep', ['120'], { stdio: 'ignore' });
    cleanups.push(() => unrelated.kill('SIGKILL'));
    const mark = readFileSync(markFile(dataDir), 'utf8').split('\n');
    mark[0] = String(unrelated.pid);
    writeFileSync(markFile(dataDir), mark.join('\n'));
    // Just spawned, the child may still be running its exec of `sleep`: wait until it sleeps.
    await expect.poll(() => stateOf(unrelated.pid!), { timeout: 10_000 }).toMatch(/^S/);

    await expectServing(await startOn(dataDir), dataDir);
    // Alive and left alone: neither gone nor a killed zombie.
    expect(stateOf(unrelated.pid!)).toMatch(/^[SR]/);
  }, 60_000);

  it('lets a server start when the killed server is a zombie its parent has not reaped yet', async () => {
    const dataDir = newDataDir();
    // The holder's parent becomes `sleep`, which never reaps a child: killed, it stays a zombie.
    const parent = spawn('sh', ['-c', '"$@" & exec sleep 120', 'sh', ...holderCommand()], {
      cwd: projectDir,
      env: { ...process.env, HOLD_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => parent.kill('SIGKILL'));
    await held(parent);
    const pid = markedPid(dataDir);
    expect(pid).not.toBe(parent.pid);
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => stateOf(pid), { timeout: 10_000 }).toMatch(/^Z/);

    await expectServing(await startOn(dataDir), dataDir);
    expect(stateOf(pid)).toMatch(/^Z/);
  }, 60_000);

  it('refuses a second live server on the folder with a clear message, and frees it when the first stops', async () => {
    const dataDir = newDataDir();
    const first = await startOn(dataDir);

    // In this same process...
    const again = startTestServer({}, { dataDir });
    await expect(again).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(again).rejects.toThrow(
      `Another server (pid ${process.pid}) is running on the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    // ...and as `npm start` would run it.
    const other = spawnServer({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    cleanups.push(() => other.then((server) => server.kill()).catch(() => undefined));
    const refusal = await other.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(refusal).toContain('exited (exit code 1)');
    expect(refusal).toContain(
      `Another server (pid ${process.pid}) is running on the data folder ${dataDir}.`,
    );
    expect(refusal).not.toMatch(/\n\s+at /);
    await expectServing(first, dataDir);

    await first.stop();
    expect(existsSync(markFile(dataDir))).toBe(false);
    await expectServing(await startOn(dataDir), dataDir);
  }, 120_000);

  it('refuses a server while another live process holds the folder', async () => {
    const dataDir = newDataDir();
    const holder = spawnHolder(dataDir);
    await held(holder);
    await expect(startTestServer({}, { dataDir })).rejects.toThrow(
      `Another server (pid ${holder.pid}) is running on the data folder ${dataDir}.`,
    );
  }, 60_000);
});

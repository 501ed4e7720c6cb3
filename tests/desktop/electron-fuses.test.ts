import { execFile } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { readUpdateFeed } from '../../src/main/auto-update';
import { projectDir } from '../support/server-process';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** Where Electron keeps its fuses: this marker, then the wire version (1), its length and one byte per fuse. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ENABLED = 0x31;
const DISABLED = 0x30;

/**
 * Electron's own binary cannot be downloaded here, so electron-builder packs a stand-in: an
 * executable carrying Electron's fuse wire exactly where @electron/fuses (what electron-builder
 * flips them with) looks for it, every fuse at Electron's shipped default.
 */
function standInElectron(dir: string): void {
  const defaults = {
    [FuseV1Options.RunAsNode]: ENABLED,
    [FuseV1Options.EnableCookieEncryption]: DISABLED,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: ENABLED,
    [FuseV1Options.EnableNodeCliInspectArguments]: ENABLED,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: DISABLED,
    [FuseV1Options.OnlyLoadAppFromAsar]: DISABLED,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: DISABLED,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: ENABLED,
  };
  const wire = Object.values(defaults);
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  const binary = path.join(dir, 'electron');
  writeFileSync(
    binary,
    Buffer.concat([
      Buffer.from('#!/bin/sh\nexit 0\n'),
      Buffer.alloc(256),
      Buffer.from(SENTINEL, 'latin1'),
      Buffer.from([1, wire.length, ...wire]),
      Buffer.alloc(256),
    ]),
  );
  chmodSync(binary, 0o755);
}

/**
 * A project holding the repository's electron-builder.ts unchanged, its package.json identity
 * and a stand-in build of the console (out/), so packing needs neither the real build nor the
 * repository's node_modules.
 */
function consoleProject(dir: string): void {
  copyFileSync(path.join(projectDir, 'electron-builder.ts'), path.join(dir, 'electron-builder.ts'));
  const pkg = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: pkg.name, version: pkg.version, description: pkg.description, main: pkg.main }),
  );
  mkdirSync(path.join(dir, 'out/main'), { recursive: true });
  writeFileSync(path.join(dir, 'out/main/index.js'), 'export {};\n');
  mkdirSync(path.join(dir, 'build'));
  copyFileSync(path.join(projectDir, 'build/icon.png'), path.join(dir, 'build/icon.png'));
}

/**
 * Packs the console for Linux as a folder (`--dir`, no installer) around the stand-in Electron, the
 * way `npm run package` would apart from that, with `env` added to the build's environment.
 */
async function packConsole(env: Record<string, string> = {}): Promise<string> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'console-pack-'));
  onTestFinished(() => rmSync(work, { recursive: true, force: true }));
  const electronDist = path.join(work, 'electron-dist');
  const project = path.join(work, 'project');
  mkdirSync(project);
  standInElectron(electronDist);
  consoleProject(project);
  const electronVersion = (
    JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }
  ).version;
  const buildEnv: NodeJS.ProcessEnv = { ...process.env, CI: '1', ...env };
  if (!('CONSOLE_UPDATE_FEED_URL' in env)) delete buildEnv.CONSOLE_UPDATE_FEED_URL;

  await run(
    path.join(projectDir, 'node_modules/.bin/electron-builder'),
    [
      '--linux',
      'dir',
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      `-c.electronVersion=${electronVersion}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${path.join(work, 'release')}`,
    ],
    { cwd: project, env: buildEnv, maxBuffer: 16 * 1024 * 1024 },
  );
  return path.join(work, 'release/linux-unpacked');
}

describe('the packaged console', () => {
  it('has its Electron fuses set by electron-builder: no run-as-node, NODE_OPTIONS or inspector, encrypted cookies, the app only from its checked asar', async () => {
    const appDir = await packConsole();
    expect(existsSync(path.join(appDir, 'resources/app.asar'))).toBe(true);
    const executables = readdirSync(appDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .filter((name) => readFileSync(path.join(appDir, name)).includes(SENTINEL));
    expect(executables).toHaveLength(1);
    const fuses = (await getCurrentFuseWire(path.join(appDir, executables[0]!))) as Record<number, number>;

    expect({
      runAsNode: fuses[FuseV1Options.RunAsNode],
      nodeOptions: fuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable],
      nodeCliInspect: fuses[FuseV1Options.EnableNodeCliInspectArguments],
      cookieEncryption: fuses[FuseV1Options.EnableCookieEncryption],
      onlyLoadAppFromAsar: fuses[FuseV1Options.OnlyLoadAppFromAsar],
      asarIntegrity: fuses[FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
      fileProtocolExtraPrivileges: fuses[FuseV1Options.GrantFileProtocolExtraPrivileges],
    }).toEqual({
      runAsNode: DISABLED,
      nodeOptions: DISABLED,
      nodeCliInspect: DISABLED,
      cookieEncryption: ENABLED,
      onlyLoadAppFromAsar: ENABLED,
      asarIntegrity: ENABLED,
      fileProtocolExtraPrivileges: DISABLED,
    });

    // It carries the company's update feed, which the console's main process accepts.
    const updateConfig = path.join(appDir, 'resources/app-update.yml');
    expect(parseYaml(readFileSync(updateConfig, 'utf8'))).toMatchObject({
      provider: 'generic',
      url: 'https://downloads.example.co.uk/careers-console/',
      updaterCacheDirName: expect.any(String),
    });
    expect(await readUpdateFeed(updateConfig)).toEqual({
      feed: { provider: 'generic', url: 'https://downloads.example.co.uk/careers-console/' },
    });
  }, 180_000);

  it('takes another https feed from CONSOLE_UPDATE_FEED_URL at build time', async () => {
    const appDir = await packConsole({ CONSOLE_UPDATE_FEED_URL: 'https://updates.hr.example.org/console' });
    expect(await readUpdateFeed(path.join(appDir, 'resources/app-update.yml'))).toEqual({
      feed: { provider: 'generic', url: 'https://updates.hr.example.org/console/' },
    });
  }, 180_000);

  it('will not build with a plain-http feed, and says why', async () => {
    const failure = await packConsole({
      CONSOLE_UPDATE_FEED_URL: 'http://updates.hr.example.org/console/',
    }).then(
      () => undefined,
      (error: { stdout?: string }) => error,
    );
    expect(failure?.stdout).toContain(
      'CONSOLE_UPDATE_FEED_URL must be an https:// address without a user name or password: http://updates.hr.example.org/console/',
    );
  }, 180_000);
});

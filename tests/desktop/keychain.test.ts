import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KEYCHAIN_ACCOUNT,
  KEYCHAIN_SERVICE,
  createTokenVault,
  loadEncryptedFileStore,
  loadKeytar,
  type Keychain,
} from '../../src/main/token-vault';
import { standInSafeStorage } from './safe-storage-stand-in';

const hasSessionBus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jbyJ9.c2lnbmF0dXJl';

describe.skipIf(!hasSessionBus && !process.env.CI)(
  'token vault on the real OS keychain (gnome-keyring)',
  () => {
    it('sets, gets and clears the token in the keychain itself', async () => {
      const keytar = await loadKeytar();
      expect(keytar).toBeDefined();
      const vault = createTokenVault(loadKeytar);
      expect(await vault.set(JWT)).toBe('keychain');
      expect(await keytar!.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)).toBe(JWT);
      // A new vault (a restarted console) finds the same token.
      expect(await createTokenVault(loadKeytar).get()).toBe(JWT);
      await vault.clear();
      expect(await keytar!.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)).toBeNull();
      expect(vault.storage()).toBe('keychain');
    });
  },
);

describe('token vault when no keychain answers', () => {
  it('fails closed: the token lives in memory for this run only', () => {
    // A child process with no session bus: libsecret cannot reach any keychain.
    const script = `
      import { createTokenVault, loadKeytar } from './src/main/token-vault.ts';
      const reasons = [];
      const vault = createTokenVault(loadKeytar, (reason) => reasons.push(reason));
      const kind = await vault.set(${JSON.stringify(JWT)});
      const token = await vault.get();
      await vault.clear();
      console.log(JSON.stringify({ kind, token, afterClear: await vault.get(), storage: vault.storage(), told: reasons.length }));
    `;
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const result = JSON.parse(output.trim().split('\n').pop()!);
    expect(result).toEqual({ kind: 'memory', token: JWT, afterClear: null, storage: 'memory', told: 1 });
  });

  it('falls to the safeStorage-encrypted file when one is usable', () => {
    // The same child process with no session bus, now with safeStorage able to encrypt.
    const userData = mkdtempSync(path.join(os.tmpdir(), 'console-vault-'));
    const file = path.join(userData, 'session-token.bin');
    const script = `
      import { createTokenVault, loadEncryptedFileStore, loadKeytar } from './src/main/token-vault.ts';
      import { standInSafeStorage } from './tests/desktop/safe-storage-stand-in.ts';
      const { safeStorage } = standInSafeStorage({ key: Buffer.from(${JSON.stringify(randomBytes(32).toString('hex'))}, 'hex') });
      const told = [];
      const vault = createTokenVault(loadKeytar, (reason, now) => told.push(now), () =>
        loadEncryptedFileStore(safeStorage, ${JSON.stringify(file)}, 'linux'));
      const kind = await vault.set(${JSON.stringify(JWT)});
      console.log(JSON.stringify({ kind, token: await vault.get(), storage: vault.storage(), told }));
    `;
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const result = JSON.parse(output.trim().split('\n').pop()!);
    expect(result).toEqual({
      kind: 'encrypted-file',
      token: JWT,
      storage: 'encrypted-file',
      told: ['encrypted-file'],
    });
    expect(readFileSync(file).includes(JWT)).toBe(false);
  });

  it('fails closed when keytar itself cannot load', async () => {
    const vault = createTokenVault(async () => undefined);
    expect(await vault.set(JWT)).toBe('memory');
    expect(await vault.get()).toBe(JWT);
    await vault.clear();
    expect(await vault.get()).toBeNull();
  });
});

/** A vault whose keychain cannot be used (keytar did not load), with safeStorage's file as the second place. */
function vaultWithoutKeychain(
  file: string,
  safeStorage: ReturnType<typeof standInSafeStorage>['safeStorage'],
  platform: NodeJS.Platform = 'linux',
) {
  const told: { reason: string; now: string }[] = [];
  const vault = createTokenVault(
    async () => undefined,
    (reason, now) => told.push({ reason, now }),
    () => loadEncryptedFileStore(safeStorage, file, platform),
  );
  return { vault, told };
}

const tokenFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'console-vault-')), 'session-token.bin');

describe('token vault on a safeStorage-encrypted file, when keytar cannot load', () => {
  it('keeps the token encrypted in the user-data folder, readable after a restart, gone when cleared', async () => {
    const file = tokenFile();
    const { safeStorage, key } = standInSafeStorage();
    const { vault, told } = vaultWithoutKeychain(file, safeStorage);
    expect(await vault.set(JWT)).toBe('encrypted-file');
    expect(vault.storage()).toBe('encrypted-file');
    expect(told).toEqual([{ reason: 'keytar is not available', now: 'encrypted-file' }]);

    const stored = readFileSync(file);
    expect(stored.includes(JWT)).toBe(false);
    expect(stored.includes(Buffer.from(JWT).toString('base64'))).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // The console started again, the OS holding the same key.
    const restarted = vaultWithoutKeychain(file, standInSafeStorage({ key }).safeStorage).vault;
    expect(await restarted.get()).toBe(JWT);
    await restarted.clear();
    expect(existsSync(file)).toBe(false);
    expect(await restarted.get()).toBeNull();
  });

  for (const backend of ['basic_text', 'unknown']) {
    it(`refuses safeStorage on Linux when its key would live in "${backend}": memory only, nothing written`, async () => {
      const file = tokenFile();
      const { vault, told } = vaultWithoutKeychain(file, standInSafeStorage({ backend }).safeStorage);
      expect(await vault.set(JWT)).toBe('memory');
      expect(await vault.get()).toBe(JWT);
      expect(existsSync(file)).toBe(false);
      expect(told.map(({ now }) => now)).toEqual(['encrypted-file', 'memory']);
      expect(told[1]!.reason).toBe(
        `safeStorage would keep its key in "${backend}", which is not a secret store`,
      );
    });
  }

  it('asks for no Linux secret store on macOS and Windows, where the OS always holds the key', async () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const file = tokenFile();
      const { safeStorage, calls } = standInSafeStorage({ backend: 'basic_text' });
      const { vault } = vaultWithoutKeychain(file, safeStorage, platform);
      expect(await vault.set(JWT), platform).toBe('encrypted-file');
      expect(calls).toEqual([]);
    }
  });

  it('fails closed when safeStorage cannot encrypt at all', async () => {
    const file = tokenFile();
    const { vault, told } = vaultWithoutKeychain(file, standInSafeStorage({ available: false }).safeStorage);
    expect(await vault.set(JWT)).toBe('memory');
    expect(existsSync(file)).toBe(false);
    expect(told.at(-1)).toEqual({ reason: 'safeStorage cannot encrypt here', now: 'memory' });
  });

  it('reads a file that no longer decrypts (another key) as no token, and removes it', async () => {
    const file = tokenFile();
    await vaultWithoutKeychain(file, standInSafeStorage().safeStorage).vault.set(JWT);
    const { vault } = vaultWithoutKeychain(file, standInSafeStorage().safeStorage);
    expect(await vault.get()).toBeNull();
    expect(vault.storage()).toBe('encrypted-file');
    expect(existsSync(file)).toBe(false);
  });

  it('with the keychain answering, never writes the file, and a sign-out also removes one an earlier run left', async () => {
    const file = tokenFile();
    const { safeStorage, key } = standInSafeStorage();
    await vaultWithoutKeychain(file, safeStorage).vault.set('eyJhbGciOiJIUzI1NiJ9.eyJvbGQiOnRydWV9.b2xk');
    const entries = new Map<string, string>();
    const keychain: Keychain = {
      getPassword: async () => entries.get('token') ?? null,
      setPassword: async (_service, _account, token) => void entries.set('token', token),
      deletePassword: async () => entries.delete('token'),
    };
    const vault = createTokenVault(
      async () => keychain,
      () => undefined,
      () => loadEncryptedFileStore(standInSafeStorage({ key }).safeStorage, file, 'linux'),
    );
    expect(await vault.set(JWT)).toBe('keychain');
    expect(entries.get('token')).toBe(JWT);
    const before = readFileSync(file);
    expect(before.includes(JWT)).toBe(false);
    await vault.clear();
    expect(entries.size).toBe(0);
    expect(existsSync(file)).toBe(false);
  });
});

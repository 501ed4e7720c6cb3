import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { KEYCHAIN_ACCOUNT, KEYCHAIN_SERVICE, createTokenVault, loadKeytar } from '../../src/main/token-vault';

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

  it('fails closed when keytar itself cannot load', async () => {
    const vault = createTokenVault(async () => undefined);
    expect(await vault.set(JWT)).toBe('memory');
    expect(await vault.get()).toBe(JWT);
    await vault.clear();
    expect(await vault.get()).toBeNull();
  });
});

import { readFile, rm } from 'node:fs/promises';
import type { TokenStorageKind } from '../shared/desktop/desktop-bridge';
import { writeFileAtomically } from './atomic-file';

/** The part of keytar the console uses; the encrypted-file store has the same shape. */
export interface Keychain {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface TokenVault {
  storage(): TokenStorageKind;
  get(): Promise<string | null>;
  set(token: string): Promise<TokenStorageKind>;
  clear(): Promise<void>;
}

export const KEYCHAIN_SERVICE = 'QuoteSearch Careers Console';
export const KEYCHAIN_ACCOUNT = 'access-token';

/** A place the vault may keep the token, tried in order; `load` throws or answers undefined when it cannot be used. */
interface Backend {
  kind: Exclude<TokenStorageKind, 'memory'>;
  load: () => Promise<Keychain | undefined>;
}

/**
 * The session token in the OS keychain (keytar). If keytar cannot load or the keychain does not
 * answer, the token goes to a file encrypted with Electron's safeStorage when one is given and
 * usable (see loadEncryptedFileStore). Failing both, the vault fails closed: the token is kept in
 * this process's memory for this run only (the renderer tells the user), and is never written
 * anywhere in plain text. `onFallback` hears each step down, with the reason.
 */
export function createTokenVault(
  loadKeychain: () => Promise<Keychain | undefined>,
  onFallback: (reason: string, now: TokenStorageKind) => void = () => undefined,
  loadEncryptedFile?: () => Promise<Keychain | undefined>,
): TokenVault {
  const backends: Backend[] = [
    { kind: 'keychain', load: loadKeychain },
    ...(loadEncryptedFile ? [{ kind: 'encrypted-file' as const, load: loadEncryptedFile }] : []),
  ];
  const loaded: (Promise<Keychain | undefined> | undefined)[] = [];
  /** Index of the backend in use; backends.length means memory. */
  let current = 0;
  let memoryToken: string | null = null;
  const kind = (): TokenStorageKind => backends[current]?.kind ?? 'memory';

  const fallBack = (from: number, reason: unknown) => {
    if (current !== from) return;
    current += 1;
    onFallback(reason instanceof Error ? reason.message : String(reason), kind());
  };
  /** Runs `use` on the backend in use, stepping down to the next one whenever it fails. */
  const withStore = async <T>(use: (store: Keychain) => Promise<T>): Promise<T | undefined> => {
    while (current < backends.length) {
      const index = current;
      const backend = backends[index]!;
      try {
        loaded[index] ??= backend.load();
        const store = await loaded[index];
        if (!store)
          throw new Error(`${backend.kind === 'keychain' ? 'keytar' : 'safeStorage'} is not available`);
        return await use(store);
      } catch (error) {
        fallBack(index, error);
      }
    }
    return undefined;
  };

  return {
    storage: kind,
    async get() {
      const stored = await withStore((store) => store.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT));
      return kind() === 'memory' ? memoryToken : (stored ?? null);
    },
    async set(token) {
      await withStore((store) => store.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, token));
      memoryToken = kind() === 'memory' ? token : null;
      return kind();
    },
    async clear() {
      memoryToken = null;
      await withStore((store) => store.deletePassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT));
      // A token an earlier run left in a store not in use now must not outlive a sign-out or a new
      // server address either; a store that cannot be reached has nothing this run can clear.
      await Promise.all(
        backends.map((backend, index) =>
          index === current
            ? undefined
            : (loaded[index] ??= backend.load())
                .then((store) => store?.deletePassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT))
                .catch(() => undefined),
        ),
      );
    },
  };
}

/** keytar is an optional native module: a machine without it still runs the console, fail-closed. */
export const loadKeytar = async (): Promise<Keychain | undefined> => {
  try {
    const module = (await import('keytar')) as unknown as { default?: Keychain } & Keychain;
    return module.default ?? module;
  } catch {
    return undefined;
  }
};

/**
 * The part of Electron's safeStorage the encrypted-file store uses: the asynchronous calls (the
 * synchronous ones are deprecated in Electron 45) and, on Linux, which secret store holds its key.
 */
export interface SafeStorage {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ shouldReEncrypt: boolean; result: string }>;
  getSelectedStorageBackend(): string;
}

/**
 * Linux secret stores that really hold safeStorage's key. Without one Chromium falls back to
 * `basic_text`, a key written in its own code: that "encryption" protects nothing, so it is refused.
 */
const LINUX_KEY_STORES = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

/**
 * The token as one file in the user-data folder, encrypted with safeStorage (the key held by the
 * OS: Keychain on macOS, DPAPI on Windows, the Secret Service or KWallet on Linux). Refused (the
 * promise rejects, with the reason) where encryption is unavailable or, on Linux, would use
 * `basic_text`. A file that no longer decrypts (another user, a new key) is deleted and reads as
 * no token: the admin logs in again.
 */
export async function loadEncryptedFileStore(
  safeStorage: SafeStorage,
  file: string,
  platform: NodeJS.Platform = process.platform,
): Promise<Keychain> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) throw new Error('safeStorage cannot encrypt here');
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend();
    if (!LINUX_KEY_STORES.has(backend)) {
      throw new Error(`safeStorage would keep its key in "${backend}", which is not a secret store`);
    }
  }
  const write = async (token: string) =>
    writeFileAtomically(file, new Uint8Array(await safeStorage.encryptStringAsync(token)));
  return {
    async getPassword() {
      let encrypted: Buffer;
      try {
        encrypted = await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      let decrypted: { shouldReEncrypt: boolean; result: string };
      try {
        decrypted = await safeStorage.decryptStringAsync(encrypted);
      } catch {
        await rm(file, { force: true });
        return null;
      }
      // A rotated key: the file is written again under the new one (the old file still decrypts if that fails).
      if (decrypted.shouldReEncrypt) await write(decrypted.result).catch(() => undefined);
      return decrypted.result;
    },
    setPassword: (_service, _account, token) => write(token),
    async deletePassword() {
      await rm(file, { force: true });
      return true;
    },
  };
}

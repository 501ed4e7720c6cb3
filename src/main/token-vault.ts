import type { TokenStorageKind } from '../shared/desktop/desktop-bridge';

/** The part of keytar the console uses. */
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

/**
 * The session token in the OS keychain. If keytar cannot load or the keychain does not answer,
 * the vault fails closed: the token is kept in this process's memory for this run only (the
 * renderer tells the user), and is never written anywhere in plain text.
 */
export function createTokenVault(
  loadKeychain: () => Promise<Keychain | undefined>,
  onFallback: (reason: string) => void = () => undefined,
): TokenVault {
  let keychain: Promise<Keychain | undefined> | undefined;
  let memoryToken: string | null = null;
  let kind: TokenStorageKind = 'keychain';

  const fallBack = (reason: unknown) => {
    if (kind === 'memory') return;
    kind = 'memory';
    onFallback(reason instanceof Error ? reason.message : String(reason));
  };
  const withKeychain = async <T>(use: (chain: Keychain) => Promise<T>): Promise<T | undefined> => {
    if (kind === 'memory') return undefined;
    try {
      keychain ??= loadKeychain();
      const chain = await keychain;
      if (!chain) throw new Error('keytar is not available');
      return await use(chain);
    } catch (error) {
      fallBack(error);
      return undefined;
    }
  };

  return {
    storage: () => kind,
    async get() {
      const stored = await withKeychain((chain) => chain.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT));
      return kind === 'keychain' ? (stored ?? null) : memoryToken;
    },
    async set(token) {
      await withKeychain((chain) => chain.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, token));
      memoryToken = kind === 'memory' ? token : null;
      return kind;
    },
    async clear() {
      memoryToken = null;
      await withKeychain((chain) => chain.deletePassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT));
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

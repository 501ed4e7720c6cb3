import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SafeStorage } from '../../src/main/token-vault';

/**
 * Electron's safeStorage replaced at the boundary: it really encrypts (AES-256-GCM, as Chromium's
 * OSCrypt does) with a key that stands for the one the OS keeps, and reports the Linux secret store
 * it would use. Another key is another user or machine: the file does not decrypt.
 */
export function standInSafeStorage(options: { available?: boolean; backend?: string; key?: Buffer } = {}) {
  const key = options.key ?? randomBytes(32);
  const calls: string[] = [];
  const safeStorage: SafeStorage = {
    isAsyncEncryptionAvailable: async () => options.available ?? true,
    getSelectedStorageBackend: () => {
      calls.push('getSelectedStorageBackend');
      return options.backend ?? 'gnome_libsecret';
    },
    async encryptStringAsync(plainText) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from('v11'), iv, body, cipher.getAuthTag()]);
    },
    async decryptStringAsync(encrypted) {
      const iv = encrypted.subarray(3, 15);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(encrypted.subarray(encrypted.length - 16));
      const body = encrypted.subarray(15, encrypted.length - 16);
      return {
        shouldReEncrypt: false,
        result: Buffer.concat([decipher.update(body), decipher.final()]).toString(),
      };
    },
  };
  return { safeStorage, key, calls };
}

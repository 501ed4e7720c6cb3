import { TOKEN_STORAGE_KEY } from '../shared/limits';
import type { Platform } from '../renderer/platform/platform';

/** Private browsing or a full quota can make localStorage throw; the session then simply does not persist. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Hands bytes to the browser as a download. */
function download(fileName: string, bytes: Uint8Array, type: string): 'saved' {
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; the delay only covers slow engines.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'saved';
}

export function createWebPlatform(apiBaseUrl = '/api'): Platform {
  return {
    kind: 'web',
    apiBaseUrl,
    tokenStore: {
      async get() {
        return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
      },
      async set(token) {
        storage()?.setItem(TOKEN_STORAGE_KEY, token);
      },
      async clear() {
        storage()?.removeItem(TOKEN_STORAGE_KEY);
      },
    },
    async saveCv(fileName, pdf) {
      return download(fileName, pdf, 'application/pdf');
    },
    async saveApplicantExport(fileName, json) {
      return download(fileName, json, 'application/json');
    },
    async saveReportCsv(fileName, csv) {
      return download(fileName, csv, 'text/csv;charset=utf-8');
    },
    async saveEvidence(fileName, bytes, type) {
      return download(fileName, bytes, type);
    },
    async saveQrCode(fileName, bytes, type) {
      return download(fileName, bytes, type);
    },
    async saveTextFile(fileName, text) {
      return download(fileName, new TextEncoder().encode(text), 'text/plain;charset=utf-8');
    },
  };
}

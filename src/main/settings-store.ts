import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_API_SERVER_URL,
  desktopSettingsSchema,
  type DesktopSettings,
} from '../shared/desktop/desktop-bridge';
import { writeFileAtomically } from './atomic-file';

export interface SettingsStore {
  get(): Promise<DesktopSettings>;
  set(settings: unknown): Promise<DesktopSettings>;
}

const DEFAULTS: DesktopSettings = { apiServerUrl: DEFAULT_API_SERVER_URL };

/** Settings as JSON in the user-data folder; a missing or damaged file means the defaults. */
export function createSettingsStore(userDataDir: string): SettingsStore {
  const file = path.join(userDataDir, 'settings.json');
  let cached: DesktopSettings | undefined;
  return {
    async get() {
      if (cached) return cached;
      try {
        const parsed = desktopSettingsSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
        cached = parsed.success ? parsed.data : DEFAULTS;
      } catch {
        cached = DEFAULTS;
      }
      return cached;
    },
    async set(settings) {
      const valid = desktopSettingsSchema.parse(settings);
      await writeFileAtomically(file, JSON.stringify(valid, null, 2));
      cached = valid;
      return valid;
    },
  };
}

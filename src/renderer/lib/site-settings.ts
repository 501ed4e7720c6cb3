import { createContext, use } from 'react';
import { DEFAULT_RETENTION_DAYS } from '../../shared/limits';

/** Server settings the public screens show; the web entry hands in the server's own values. */
export interface SiteSettings {
  retentionDays: number;
}

export const SiteSettingsContext = createContext<SiteSettings>({ retentionDays: DEFAULT_RETENTION_DAYS });

export const useSiteSettings = (): SiteSettings => use(SiteSettingsContext);

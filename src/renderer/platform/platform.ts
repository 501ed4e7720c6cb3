import { createContext, use } from 'react';
import type { HiringNews, SaveResult } from '../../shared/desktop/desktop-bridge';

export interface TokenStore {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

/**
 * What differs between the faces of the app (docs/architecture.md#the-platform-seam). Each entry builds one and
 * hands it in; screens and the store never ask which face they run in beyond `kind`.
 */
export interface Platform {
  kind: 'web' | 'desktop';
  /** Where the API lives: '/api' on the web, the configured server URL plus '/api' on desktop. */
  apiBaseUrl: string;
  tokenStore: TokenStore;
  saveCv(fileName: string, pdf: Uint8Array): Promise<SaveResult>;
  /** An applicant's data export (JSON): a browser download, or the native Save dialog on desktop. */
  saveApplicantExport(fileName: string, json: Uint8Array): Promise<SaveResult>;
  /** A hiring report's CSV: a browser download, or the native Save dialog on desktop. */
  saveReportCsv(fileName: string, csv: Uint8Array): Promise<SaveResult>;
  /** A right-to-work evidence file (PDF, PNG or JPEG) saved where the user chooses. */
  saveEvidence(fileName: string, bytes: Uint8Array, type: string): Promise<SaveResult>;
  /** A tracking link's QR code (SVG or PNG) saved where the user chooses. */
  saveQrCode(fileName: string, bytes: Uint8Array, type: 'image/svg+xml' | 'image/png'): Promise<SaveResult>;
  /**
   * Web only: a small text file as a download (the recovery codes of a second factor). Absent in
   * the console, which offers copying them instead.
   */
  saveTextFile?(fileName: string, text: string): Promise<SaveResult>;
  /**
   * Desktop only: one native notification for a batch of `count` new applications. Absent on the
   * web, where the admin drawer's count is the notice.
   */
  notifyNewApplications?(count: number): Promise<void>;
  /**
   * Desktop only: one native notification for a batch of `count` applications newly past their
   * stage's time limit. Absent on the web, where the list and the pipeline mark them.
   */
  notifyOverdueApplications?(count: number): Promise<void>;
  /**
   * Desktop only: one native notification telling an interviewer their scorecard for an interview
   * of `jobTitle` is due. Absent on the web, where the interviewer's list says so.
   */
  notifyScorecardDue?(jobTitle: string): Promise<void>;
  /**
   * Desktop only: one native notification telling a hiring manager of a job given them or an
   * interview booked on their job, naming `jobTitle`. Absent on the web, where their list shows it.
   */
  notifyHiringNews?(news: HiringNews, jobTitle: string): Promise<void>;
  /** Desktop only: calls `listener` when the admin clicks that notification; returns the unsubscribe. */
  onOpenNewApplications?(listener: () => void): () => void;
}

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = use(PlatformContext);
  if (!platform) throw new Error('usePlatform must be used inside <PlatformContext value={platform}>');
  return platform;
}

import { useCallback, useRef, useState } from 'react';
import type { ApplicationSummary, CvAnswer } from '../../../shared/applications/application-contract';
import type { CvPurpose } from '../../../shared/privacy/audit-contract';
import { cvFileName } from '../../../shared/applications/cv-file-name';
import { useToast } from '../../feedback/use-toast';
import { usePlatform } from '../../platform/platform';
import { useGetApplicationCvMutation } from '../../entities/application-admin-api';
import { DownloadCompleteMessage } from './download-toast';
import { cvBytesFromDataUrl } from './cv-bytes';

export type CvAction = 'preview' | 'download';
/** A call that reads a CV for one purpose, as an RTK Query mutation's trigger does. */
export type CvReader = (args: { id: string; purpose: CvPurpose }) => {
  unwrap(): Promise<CvAnswer>;
  reset(): void;
};
/**
 * Whose call reads the CV: an administrator's, or the reader the team's screen hands in (a team
 * member's call, checked against their access), since the team's calls belong to another feature.
 */
export type CvSource = 'admin' | CvReader;
export type CvRow = Pick<ApplicationSummary, '_id' | 'name'>;

export interface OpenPreview {
  applicationId: string;
  name: string;
  bytes: Uint8Array;
}

/**
 * Fetches a CV and hands back its bytes; the data URL text leaves the store right after. The
 * purpose goes to the server's audit trail (a preview and a download are recorded apart), so each
 * call is a request: a screen that must not read a CV twice at once keeps its read under way
 * (the table's busy rows, the application screen's preview).
 */
export function useFetchCvBytes(
  source: CvSource = 'admin',
): (applicationId: string, purpose: CvAction) => Promise<Uint8Array> {
  const [getAdminCv] = useGetApplicationCvMutation();
  const getCv = source === 'admin' ? getAdminCv : source;
  return useCallback(
    async (applicationId: string, purpose: CvAction) => {
      const request = getCv({ id: applicationId, purpose });
      try {
        const answer = await request.unwrap();
        return await cvBytesFromDataUrl(answer.pdfFile);
      } finally {
        request.reset();
      }
    },
    [getCv],
  );
}

/** Saves a CV through the Platform; the toast only after a real save, never on cancel. */
export function useSaveCv(): (name: string, bytes: Uint8Array) => Promise<void> {
  const platform = usePlatform();
  const toast = useToast();
  return useCallback(
    async (name: string, bytes: Uint8Array) => {
      try {
        const outcome = await platform.saveCv(cvFileName(name), bytes);
        // Saving a CV happens only on the application screens, whose success toasts close sooner.
        if (outcome === 'saved') toast.success(<DownloadCompleteMessage />, { applicationScreen: true });
      } catch (error) {
        console.error('CV save failed', error);
        toast.error('The CV could not be saved. Please try again.');
      }
    },
    [platform, toast],
  );
}

/**
 * Preview and download for table rows, with a busy state per row: while one
 * row's CV is fetched, that row's buttons are disabled and show a spinner. A failed fetch goes
 * to `onFetchError` (a popup on the list, only a log on the dashboard).
 */
export function useCvActions(onFetchError: (error: unknown) => void) {
  const fetchCvBytes = useFetchCvBytes();
  const saveCv = useSaveCv();
  const [busy, setBusy] = useState<Readonly<Record<string, CvAction>>>({});
  const [preview, setPreview] = useState<OpenPreview | null>(null);
  // State updates are batched, so a fast double click must be caught before the next render.
  const running = useRef(new Set<string>());

  const run = useCallback(
    async (row: CvRow, action: CvAction) => {
      if (running.current.has(row._id)) return;
      running.current.add(row._id);
      setBusy((current) => ({ ...current, [row._id]: action }));
      try {
        const bytes = await fetchCvBytes(row._id, action).catch((error: unknown) => {
          onFetchError(error);
          return null;
        });
        if (!bytes) return;
        if (action === 'download') await saveCv(row.name, bytes);
        else setPreview({ applicationId: row._id, name: row.name, bytes });
      } finally {
        running.current.delete(row._id);
        setBusy(({ [row._id]: _done, ...rest }) => rest);
      }
    },
    [fetchCvBytes, onFetchError, saveCv],
  );

  return {
    busy,
    preview,
    closePreview: useCallback(() => setPreview(null), []),
    previewCv: useCallback((row: CvRow) => run(row, 'preview'), [run]),
    downloadCv: useCallback((row: CvRow) => run(row, 'download'), [run]),
    saveCv,
  };
}

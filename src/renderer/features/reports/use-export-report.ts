import { useCallback, useState } from 'react';
import type { ReportCsvKind, ReportFilters } from '../../../shared/reports/reports-contract';
import { errorMessage } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { usePlatform } from '../../platform/platform';
import { useGetReportCsvMutation } from './reports-api';

/**
 * Exports one report as the server writes it for the same filters (its suppression included):
 * a download on the web, the native Save dialog in the console, as a CV is saved. The toast only
 * after a real save, never on cancel.
 */
export function useExportReport(filters: ReportFilters) {
  const platform = usePlatform();
  const toast = useToast();
  const [getCsv] = useGetReportCsvMutation();
  const [busy, setBusy] = useState<ReportCsvKind | null>(null);
  const exportReport = useCallback(
    async (report: ReportCsvKind, title: string) => {
      setBusy(report);
      try {
        const request = getCsv({ report, filters });
        const csv = await request.unwrap().finally(() => request.reset());
        const outcome = await platform.saveReportCsv(csv.fileName, new TextEncoder().encode(csv.text));
        if (outcome === 'saved') toast.success(`${title} exported as CSV.`);
      } catch (error) {
        toast.error(errorMessage(error, 'The report could not be exported. Please try again.'));
      } finally {
        setBusy(null);
      }
    },
    [filters, getCsv, platform, toast],
  );
  return { exportReport, busy };
}

import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type {
  ReportChoices,
  ReportCsvKind,
  ReportFilters,
  Reports,
} from '../../../shared/reports/reports-contract';
import { apiPaths } from '../../../shared/http/api-routes';
import { api } from '../../store/api';
import { reportQueryString } from './report-filters';

/** A report's CSV as the server made it, with the file name its Content-Disposition proposes. */
export interface ReportCsv {
  fileName: string;
  text: string;
}

/** `filename="…"` of a Content-Disposition header, or undefined when it names none. */
const fileNameOf = (disposition: string | null): string | undefined =>
  disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1] : undefined;

/** The reports screen's calls: the figures, the filters' choices, and each report's CSV. */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReports: build.query<Reports, ReportFilters>({
      query: (filters) => `${apiPaths.reports.path()}${reportQueryString(filters)}`,
      // New hires and moves change the figures: read afresh each time the screen opens.
      keepUnusedDataFor: 0,
    }),
    getReportChoices: build.query<ReportChoices, void>({
      query: () => apiPaths.reportChoices.path(),
      keepUnusedDataFor: 0,
    }),
    /**
     * A command, not a cached read: the screen saves the text at once and resets the call, so no
     * export stays in the store.
     */
    getReportCsv: build.mutation<ReportCsv, { report: ReportCsvKind; filters: ReportFilters }>({
      query: ({ report, filters }) => ({
        url: `${apiPaths.reportsCsv.path()}${reportQueryString(filters, { report })}`,
        responseHandler: async (response) => (response.ok ? response.text() : response.json()),
      }),
      transformResponse: (text: string, meta, { report }) => ({
        fileName:
          fileNameOf(
            (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('content-disposition') ?? null,
          ) ?? `hiring-report-${report}.csv`,
        text,
      }),
    }),
  }),
});

export const { useGetReportsQuery, useGetReportChoicesQuery, useGetReportCsvMutation } = reportsApi;

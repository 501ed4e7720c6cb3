import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, mergeClasses } from '@fluentui/react-components';
import { DataBarVerticalRegular } from '@fluentui/react-icons/headless/svg/data-bar-vertical';
import type { Reports, ReportFilters } from '../../../shared/reports/reports-contract';
import { formatDate } from '../../../shared/format/date';
import { PageLoading } from '../../components/page-loading';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { errorMessage } from '../../store/api-error';
import { defaultRange, filtersFromSearch, reportQueryString } from './report-filters';
import { ReportFiltersForm } from './report-filters-form';
import { useGetReportChoicesQuery, useGetReportsQuery } from './reports-api';
import { FunnelSection } from './funnel-section';
import { TimeInStageSection, TimeToHireSection } from './durations-section';
import { OffersSection, SourcesSection } from './sources-offers-sections';
import { useExportReport } from './use-export-report';
import { useStyles } from './reports.styles';

/** Nothing in the range at all: no application, move, hire or offer (a withheld count is something). */
const isEmpty = (reports: Reports): boolean =>
  reports.funnel.overall.steps.every((step) => step.count === 0) &&
  reports.timeToHire.every((month) => month.count === 0) &&
  reports.timeInStage.every((stage) => stage.months.every((month) => month.count === 0)) &&
  reports.bySource.length === 0 &&
  reports.offers.made === 0;

/**
 * /dashboard/reports: where hires come from and how long hiring takes, for administrators
 * (docs/behaviour.md#reports). The filters live in the address, so a view can be shared and the
 * back button returns to the one before; every count under five arrives withheld and is shown as
 * "fewer than 5" in each chart, table and CSV.
 */
export function ReportsPage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const { data: reports, error, isFetching, isLoading, refetch } = useGetReportsQuery(filters);
  const { data: choices } = useGetReportChoicesQuery();
  const { exportReport, busy } = useExportReport(filters);
  const exporting = useMemo(
    () => ({
      onExport: (report: Parameters<typeof exportReport>[0], title: string) =>
        void exportReport(report, title),
      busy,
    }),
    [busy, exportReport],
  );
  const fallback = useMemo(() => defaultRange(), []);
  const range = {
    from: filters.from ?? reports?.filters.from ?? fallback.from,
    to: filters.to ?? reports?.filters.to ?? fallback.to,
  };
  const setFilters = useCallback(
    (next: ReportFilters) => void navigate({ pathname, search: reportQueryString(next) }),
    [navigate, pathname],
  );

  return (
    <div className={admin.page}>
      <title>Reports | Admin Panel</title>
      <AdminPageHeader
        title="Reports"
        subtitle="Where hires come from and how long hiring takes. Every group of fewer than 5 people is withheld, here and in each export."
      />
      <section className={admin.card} aria-label="Filters">
        <ReportFiltersForm filters={filters} range={range} choices={choices} onChange={setFilters} />
        {reports && (
          <p className={styles.range} role="status">
            {`Showing ${formatDate(reports.filters.from)} to ${formatDate(reports.filters.to)}.`}
          </p>
        )}
      </section>
      {isLoading && <PageLoading label="Loading the reports" />}
      {error && !isFetching && (
        <UntitledMessageBar intent="error">
          {errorMessage(error, 'The reports could not be loaded.')}{' '}
          <Button size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        </UntitledMessageBar>
      )}
      {reports && !error && isEmpty(reports) && (
        <section className={mergeClasses(admin.card, admin.empty)} aria-label="No figures">
          <span className={admin.emptyIcon} aria-hidden="true">
            <DataBarVerticalRegular />
          </span>
          <p className={admin.emptyTitle}>No hiring has been recorded for these filters yet</p>
          <p className={admin.emptyText}>
            Figures appear here as applications arrive and move through the stages.
          </p>
        </section>
      )}
      {reports && !error && !isEmpty(reports) && (
        <>
          <FunnelSection funnel={reports.funnel} exporting={exporting} />
          <TimeToHireSection months={reports.timeToHire} exporting={exporting} />
          <TimeInStageSection stages={reports.timeInStage} exporting={exporting} />
          <SourcesSection sources={reports.bySource} exporting={exporting} />
          <OffersSection offers={reports.offers} exporting={exporting} />
        </>
      )}
    </div>
  );
}

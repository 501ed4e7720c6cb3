import { useId, type ReactNode } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/headless/svg/arrow-download';
import type { ReportCsvKind } from '../../../shared/reports/reports-contract';
import { useAdminStyles } from '../../layout/admin-page';
import { useStyles } from './reports.styles';

/** What each report's card needs to offer its CSV. */
export interface ReportExport {
  onExport: (report: ReportCsvKind, title: string) => void;
  busy: ReportCsvKind | null;
}

/**
 * One report's card: its heading, what it counts, "Export CSV" (named after the report for a
 * screen reader's list of buttons) and its chart with the table beside it.
 */
export function ReportSection({
  title,
  description,
  report,
  exporting,
  children,
}: {
  title: string;
  description: string;
  report: ReportCsvKind;
  exporting: ReportExport;
  children: ReactNode;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const busy = exporting.busy === report;
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={admin.cardTitle}>
          {title}
        </h2>
        <Button
          icon={busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
          disabledFocusable={busy}
          aria-label={`Export CSV: ${title}`}
          onClick={() => exporting.onExport(report, title)}
        >
          Export CSV
        </Button>
      </div>
      <p className={styles.sectionText}>{description}</p>
      {children}
    </section>
  );
}

/** A report's table in a scrolling box of its own, so a wide table never widens the page. */
export function ReportTable({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={label}>
      <table className={styles.table}>{children}</table>
    </div>
  );
}

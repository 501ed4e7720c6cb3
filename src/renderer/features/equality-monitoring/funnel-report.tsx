import { useId, useState } from 'react';
import { Field, Select } from '@fluentui/react-components';
import {
  funnelStageLabels,
  funnelStages,
  MIN_REPORTED_GROUP,
  REFRESH_AFTER_CHANGES,
  type StageCounts,
} from '../../../shared/equality-monitoring/equality-monitoring-contract';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../store/api-error';
import { formatClosingDate } from '../../../shared/jobs/closing-date';
import { useGetFunnelQuery } from './equality-monitoring-api';
import { useStyles } from './funnel-report.styles';

const SUPPRESSED = `Fewer than ${MIN_REPORTED_GROUP}`;

function CountsRow({ label, counts, header }: { label: string; counts: StageCounts; header?: boolean }) {
  const styles = useStyles();
  return (
    <tr>
      <th scope="row" className={`${styles.cell} ${header ? styles.colHead : styles.rowHead}`}>
        {label}
      </th>
      {funnelStages.map((stage) => (
        <td key={stage} className={`${styles.cell} ${counts[stage] === null ? styles.suppressed : ''}`}>
          {counts[stage] ?? SUPPRESSED}
        </td>
      ))}
    </tr>
  );
}

/**
 * The equality monitoring funnel (applied, shortlisted, interviewed, offered, hired) for one job
 * or all of them, question by question, as the day's figures have it: the server has already
 * rounded them and withheld every count under five, which the screen shows as "Fewer than 5"
 * (docs/security.md#equality-monitoring). `jobs` comes from the jobs feature.
 */
export function FunnelReport({ jobs }: { jobs: ReadonlyArray<{ _id: string; jobTitle: string }> }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const [jobId, setJobId] = useState('');
  const { data: report, error, isFetching } = useGetFunnelQuery(jobId || undefined);
  const summaryId = useId();
  return (
    <div className={admin.page}>
      <AdminPageHeader
        title="Equality monitoring"
        subtitle="Anonymous returns as a funnel: how many reached each stage. Figures are rounded to the nearest 5 and taken once a day; groups under five are not shown."
      />
      <section className={admin.card} aria-labelledby={summaryId}>
        <h2 id={summaryId} className={admin.cardTitle}>
          {jobId ? (jobs.find((job) => job._id === jobId)?.jobTitle ?? 'This job') : 'All jobs'}
        </h2>
        <Field label="Job" className={styles.select}>
          <Select value={jobId} onChange={(_event, change) => setJobId(change.value)}>
            <option value="">All jobs</option>
            {jobs.map((job) => (
              <option key={job._id} value={job._id}>
                {job.jobTitle}
              </option>
            ))}
          </Select>
        </Field>
        {error && <p className={styles.text}>{errorMessage(error)}</p>}
        {report && (
          <p className={styles.text}>
            {report.asOf
              ? `Figures as of ${formatClosingDate(report.asOf)}. They change at most once a day, once at least ${REFRESH_AFTER_CHANGES} returns have changed.`
              : `No figures yet. They are taken once a day, once at least ${REFRESH_AFTER_CHANGES} returns have changed.`}
          </p>
        )}
        {!report && isFetching && <PageLoading label="Loading the report" />}
        {report && (
          <div className={admin.tableScroll} tabIndex={0} role="region" aria-label="Monitoring returns">
            <table className={styles.table}>
              <caption className={styles.caption}>Every return</caption>
              <thead>
                <tr>
                  <td className={styles.cell} />
                  {funnelStages.map((stage) => (
                    <th key={stage} scope="col" className={`${styles.cell} ${styles.colHead}`}>
                      {funnelStageLabels[stage]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <CountsRow label="Returns" counts={report.total} header />
              </tbody>
            </table>
          </div>
        )}
      </section>
      {report?.questions.map((question) => (
        <section key={question.key} className={admin.card} aria-label={question.label}>
          <div
            className={admin.tableScroll}
            tabIndex={0}
            role="region"
            aria-label={`${question.label}: table`}
          >
            <table className={styles.table}>
              <caption className={styles.caption}>{question.label}</caption>
              <thead>
                <tr>
                  <th scope="col" className={`${styles.cell} ${styles.colHead} ${styles.rowHead}`}>
                    Answer
                  </th>
                  {funnelStages.map((stage) => (
                    <th key={stage} scope="col" className={`${styles.cell} ${styles.colHead}`}>
                      {funnelStageLabels[stage]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {question.groups.map((group) => (
                  <CountsRow key={group.value} label={group.label} counts={group.counts} />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

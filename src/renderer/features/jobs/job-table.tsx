import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons/headless/svg/delete';
import { EditRegular } from '@fluentui/react-icons/headless/svg/edit';
import { EyeRegular } from '@fluentui/react-icons/headless/svg/eye';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Job } from '../../../shared/jobs/job-contract';
import { formatShortDate } from '../../../shared/format/date';
import { WORKPLACE_TYPES } from '../../../shared/jobs/job-facts';
import { payBeyondCtc } from '../../../shared/jobs/job-tiles';
import { useAdminStyles } from '../../layout/admin-page';
import { IconLink } from '../../components/icon-link';
import { useDeleteJob } from './use-delete-job';
import { useStyles } from './job-table.styles';
import { screens } from '../../../shared/site/screen-routes';

/** "Remote (UK)", "Hybrid", "On-site": the table's short form; the towns have their own column. */
function workplaceWords(job: Job): string | null {
  const type = WORKPLACE_TYPES.find((entry) => entry.code === job.workplaceType);
  if (!type) return null;
  return type.code === 'remote' && job.remoteCountry ? `${type.words} (${job.remoteCountry})` : type.words;
}

/**
 * What the pay range adds under the CTC text, the one pay column: nothing when the text is the
 * range's own words or states the same figures ("£24,000 - £27,000"); the range when the text is
 * worded otherwise ("Competitive, plus bonus"); and "No pay range" when the job has none, which
 * publishing now needs.
 */
const payNote = (job: Job): string => (job.pay ? payBeyondCtc(job) : 'No pay range');

/**
 * The dashboard's job table: edit, delete (with its dialogs) and view per row. `applicants`, when
 * given, fills an Applicants column (the applications feature knows them; the page composing the
 * two hands them in). `empty` replaces the row shown when there are no posts at all (a filter
 * that matches none says so itself).
 */
export function JobTable({
  jobs,
  caption,
  applicants,
  empty,
}: {
  jobs: readonly Job[];
  caption: string;
  applicants?: (job: Job) => ReactNode;
  empty?: ReactNode;
}) {
  const styles = useAdminStyles();
  const own = useStyles();
  const deleteJob = useDeleteJob();
  const COLUMNS = [
    'Job Title',
    'Department',
    'Workplace',
    'Location',
    'Experience',
    'CTC',
    'Posted On',
    ...(applicants ? ['Applicants'] : []),
    'Actions',
  ];
  return (
    <div className={styles.tableScroll}>
      <Table className={styles.table} aria-label={caption}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column} className={styles.headerCell} scope="col">
                {column}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {jobs.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} className={styles.emptyCell}>
                {empty ?? (
                  <>
                    No job posts available. <Link to={screens.createJob.path()}>Create a new post</Link>
                  </>
                )}
              </TableCell>
            </TableRow>
          ) : (
            jobs.map((job) => (
              <TableRow key={job._id}>
                <TableCell className={styles.strong}>
                  {job.jobTitle}
                  {job.closingDate && (
                    <span className={job.closed ? own.closed : own.closing}>
                      {job.closed ? 'Closed' : 'Closes'} {formatShortDate(job.closingDate)}
                    </span>
                  )}
                </TableCell>
                <TableCell>{job.department?.name ?? <span className={styles.muted}>None</span>}</TableCell>
                <TableCell>{workplaceWords(job) ?? <span className={styles.muted}>Not set</span>}</TableCell>
                <TableCell>{job.location}</TableCell>
                <TableCell>{job.experience}</TableCell>
                <TableCell>
                  {job.ctc}
                  {payNote(job) && <span className={own.payNote}>{payNote(job)}</span>}
                </TableCell>
                <TableCell>{formatShortDate(job.publishTime) || job.publishTime}</TableCell>
                {applicants && <TableCell>{applicants(job)}</TableCell>}
                <TableCell>
                  <div className={styles.rowActions}>
                    <IconLink
                      to={screens.editJob.path({ id: job._id })}
                      label={`Edit ${job.jobTitle}`}
                      icon={<EditRegular />}
                    />
                    <Tooltip content={`Delete ${job.jobTitle}`} relationship="label" withArrow>
                      <Button
                        appearance="subtle"
                        icon={<DeleteRegular />}
                        onClick={() => void deleteJob(job._id)}
                      />
                    </Tooltip>
                    <IconLink
                      to={screens.apply.path({ id: job._id })}
                      label={`View ${job.jobTitle}`}
                      icon={<EyeRegular />}
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

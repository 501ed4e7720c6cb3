import { useId } from 'react';
import {
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { formatShortDateTime } from '../../../shared/format/date';
import { teamRoleLabels, type JobViewer } from '../../../shared/team/team-contract';
import { errorMessage } from '../../store/api-error';
import { useAdminStyles } from '../../layout/admin-page';
import { EmailAddress } from '../../components/email-address';
import { useGetJobViewersQuery } from './team-api';

const roleText = (viewer: JobViewer): string => {
  if (viewer.role === null) return 'Account removed';
  if (viewer.role === 'admin') return 'Administrator';
  if (viewer.role === 'user') return 'No access now';
  return teamRoleLabels[viewer.role];
};

/**
 * "Who has seen these applicants": each person who read this job's applications (from the audit
 * trail), with their role now, how many applicants and reads, and the last read. For the job's
 * view of the applications list (filtered to one job).
 */
export function JobViewers({ jobId }: { jobId: string }) {
  const admin = useAdminStyles();
  const headingId = useId();
  const {
    data: viewers,
    isLoading,
    error,
  } = useGetJobViewersQuery(jobId, { refetchOnMountOrArgChange: true });
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Who has seen these applicants
      </h2>
      {isLoading ? (
        <Spinner size="small" label="Loading who has seen them..." />
      ) : error ? (
        <p role="alert">{errorMessage(error, 'The list could not be loaded.')}</p>
      ) : viewers && viewers.length > 0 ? (
        <div className={admin.tableScroll}>
          <Table className={admin.table} aria-labelledby={headingId}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={admin.headerCell}>Person</TableHeaderCell>
                <TableHeaderCell className={admin.headerCell}>Role</TableHeaderCell>
                <TableHeaderCell className={admin.headerCell}>Applicants</TableHeaderCell>
                <TableHeaderCell className={admin.headerCell}>Reads</TableHeaderCell>
                <TableHeaderCell className={admin.headerCell}>Last read</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {viewers.map((viewer) => (
                <TableRow key={viewer.actorEmail}>
                  <TableCell>
                    {viewer.name ? (
                      <>
                        {`${viewer.name} (`}
                        <EmailAddress address={viewer.actorEmail} />)
                      </>
                    ) : (
                      <EmailAddress address={viewer.actorEmail} />
                    )}
                  </TableCell>
                  <TableCell>{roleText(viewer)}</TableCell>
                  <TableCell>{viewer.applicants}</TableCell>
                  <TableCell>{viewer.reads}</TableCell>
                  <TableCell>
                    <time dateTime={viewer.lastAt}>{formatShortDateTime(viewer.lastAt)}</time>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : (
        <p className={admin.emptyText}>No one has read these applications yet.</p>
      )}
    </section>
  );
}

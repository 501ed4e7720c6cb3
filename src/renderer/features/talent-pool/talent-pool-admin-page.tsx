import { useId, useMemo, useState } from 'react';
import { Field, Input, Select } from '@fluentui/react-components';
import { isClosed } from '../../../shared/jobs/closing-date';
import { useGetAdminJobsQuery } from '../../entities/admin-jobs-api';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { errorMessage } from '../../store/api-error';
import { useGetPoolDepartmentsQuery, useGetPoolMembersQuery } from './talent-pool-api';
import { TalentPoolMemberItem } from './talent-pool-member-item';
import { useStyles } from './talent-pool.styles';

/**
 * /dashboard/talent-pool: the people who asked to be kept for future roles, for administrators
 * alone (docs/behaviour.md#the-talent-pool). Filtered by department and tag; each member tagged
 * freely and invited to apply for an open job by e-mail. Nobody is ever applied for.
 */
export function TalentPoolAdminPage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const [department, setDepartment] = useState('');
  const [tag, setTag] = useState('');
  const filter = useMemo(() => ({ department, tag: tag.trim() }), [department, tag]);
  const { data, error, isLoading, refetch } = useGetPoolMembersQuery(filter);
  const { data: departments = [] } = useGetPoolDepartmentsQuery();
  const { data: jobs = [] } = useGetAdminJobsQuery();
  const openJobs = useMemo(() => jobs.filter((job) => !isClosed(job.closingDate ?? null)), [jobs]);

  return (
    <div className={admin.page}>
      <AdminPageHeader
        title="Talent pool"
        subtitle="People who asked us to keep their details for future roles, by their consent for 12 months. Only administrators see them."
      />
      <section className={admin.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={admin.cardTitle}>
          Members
        </h2>
        <div className={styles.filters}>
          <Field label="Department">
            <Select value={department} onChange={(_, option) => setDepartment(option.value)}>
              <option value="">All departments</option>
              {departments.map((row) => (
                <option key={row.slug} value={row.slug}>
                  {row.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Tag">
            <Input value={tag} onChange={(_, option) => setTag(option.value)} />
          </Field>
        </div>
        {isLoading && <PageLoading label="Loading the talent pool" />}
        {error && <p className={styles.muted}>{errorMessage(error)}</p>}
        {data && (
          <p className={styles.muted} role="status">
            {data.length === 1 ? '1 member' : `${data.length} members`}
          </p>
        )}
        {data && data.length > 0 && (
          <ul className={styles.list}>
            {data.map((member) => (
              <TalentPoolMemberItem
                key={`${member._id}:${member.tags.join(',')}`}
                member={member}
                departments={departments}
                openJobs={openJobs}
                onChanged={() => void refetch()}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import { useEffect, useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  Field,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import { applicationStages, isStage, stageLabels } from '../../../shared/applications/stage-contract';
import { formatShortDate } from '../../../shared/format/date';
import { formatInterviewTime } from '../../../shared/interviews/london-time';
import type { TeamApplicationSummary } from '../../../shared/team/team-contract';
import { screens } from '../../../shared/site/screen-routes';
import { LinkButton } from '../../components/link-button';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { StageLabel } from '../../entities/stage-label';
import { useGetTeamJobApplicationsQuery, useGetTeamJobsQuery } from './team-api';
import { TeamNotAvailable } from './team-not-available';
import { TeamPipeline } from './team-pipeline';
import { useStyles } from './team-screens.styles';

/** Where an application's interview stands: booked (in UK time), times offered, or none. */
const interviewStatus = (row: TeamApplicationSummary) =>
  row.interviewStartsAt
    ? `Booked: ${formatInterviewTime(row.interviewStartsAt)}`
    : row.interviewOffered
      ? 'Times offered'
      : 'None';

/** Its interviewers' scorecards: "2 of 3 scorecards in", or none owed. */
const scorecardStatus = ({ scorecards }: TeamApplicationSummary) =>
  scorecards && scorecards.expected > 0
    ? `${scorecards.submitted} of ${scorecards.expected} ${scorecards.expected === 1 ? 'scorecard' : 'scorecards'} in`
    : 'None owed';

/**
 * /team/jobs/:id: the applications of a job the team member works on, newest first, filtered by
 * stage (`?stage=`, so the filter is in the address). Each opens the application and its CV. To
 * the job's hiring manager, the job's place and pay as its public page says them, its pipeline by
 * stage, and each application's interview and scorecards.
 */
export function TeamJobPage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const stageParam = search.get('stage');
  const stage = isStage(stageParam) ? stageParam : undefined;
  const jobs = useGetTeamJobsQuery();
  const { data: applications, error, isLoading } = useGetTeamJobApplicationsQuery(id);
  const headingId = useId();
  const job = jobs.data?.find((row) => row._id === id);
  const shown = (applications ?? []).filter((row) => !stage || row.stage === stage);
  const managed = job?.managed === true;

  useEffect(() => {
    if (error) console.error('team job applications failed to load', error);
  }, [error]);

  const back = (
    <LinkButton to={screens.teamHome.path()} icon={<ArrowLeftRegular aria-hidden="true" />}>
      Back to your jobs
    </LinkButton>
  );
  if (isLoading) return <PageLoading label="Loading applications..." />;
  if (error) {
    return (
      <TeamNotAvailable
        thing="job"
        error={error}
        fallback="The applications could not be loaded. Please try again."
        back={back}
      />
    );
  }

  const title = job?.jobTitle ?? applications?.[0]?.jobTitle ?? 'Applications';
  return (
    <div className={admin.page}>
      <title>{`${title} | Hiring Team`}</title>
      <AdminPageHeader
        title={title}
        subtitle={job ? [job.location, job.pay].filter(Boolean).join(' · ') : undefined}
        actions={back}
      />
      {job && managed && <TeamPipeline job={job} stage={stage} />}
      <section className={admin.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={admin.cardTitle}>
          {`Applications (${shown.length})`}
        </h2>
        <Field label="Stage" className={styles.filter}>
          <Select
            value={stage ?? ''}
            onChange={(_event, data) => setSearch(data.value ? { stage: data.value } : {}, { replace: true })}
          >
            <option value="">All stages</option>
            {applicationStages.map((value) => (
              <option key={value} value={value}>
                {stageLabels[value]}
              </option>
            ))}
          </Select>
        </Field>
        {shown.length === 0 ? (
          <p className={admin.emptyText}>
            {stage ? `No applications in ${stageLabels[stage]}.` : 'No applications yet.'}
          </p>
        ) : (
          <div className={admin.tableScroll}>
            <Table className={admin.table} aria-labelledby={headingId}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell className={admin.headerCell}>Applicant</TableHeaderCell>
                  <TableHeaderCell className={admin.headerCell}>Stage</TableHeaderCell>
                  {managed && <TableHeaderCell className={admin.headerCell}>Interview</TableHeaderCell>}
                  {managed && <TableHeaderCell className={admin.headerCell}>Scorecards</TableHeaderCell>}
                  <TableHeaderCell className={admin.headerCell}>Applied On</TableHeaderCell>
                  <TableHeaderCell className={admin.headerCell}>CV</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {shown.map((row) => (
                  <TableRow key={row._id}>
                    <TableCell>
                      <Link className={styles.link} to={screens.teamApplication.path({ id: row._id })}>
                        {row.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <StageLabel stage={row.stage} />
                    </TableCell>
                    {managed && <TableCell>{interviewStatus(row)}</TableCell>}
                    {managed && <TableCell>{scorecardStatus(row)}</TableCell>}
                    <TableCell>{formatShortDate(row.createdAt)}</TableCell>
                    <TableCell>{row.hasResume ? 'Attached' : 'None'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
    </div>
  );
}

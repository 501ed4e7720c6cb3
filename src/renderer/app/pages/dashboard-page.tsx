import { useCallback, useDeferredValue, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { mergeClasses } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/headless/svg/add';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { DocumentPdfRegular } from '@fluentui/react-icons/headless/svg/document-pdf';
import { PeopleRegular } from '@fluentui/react-icons/headless/svg/people';
import { useAppSelector } from '../../store/hooks';
import { LinkButton } from '../../components/link-button';
import { useGetApplicationCountsQuery, useGetApplicationsQuery } from '../../entities/application-admin-api';
import { listPath, stageCountsByJob } from '../../features/applications/application-filters';
import { hasResume } from '../../features/applications/application-search';
import { ApplicationsTable } from '../../features/applications/applications-table';
import { CvPreviewDialog } from '../../features/applications/cv-preview-dialog';
import { useCvActions } from '../../features/applications/use-cv-actions';
import { JobTable } from '../../features/jobs/job-table';
import { JobFactGapsCard } from '../../features/jobs/job-fact-gaps-card';
import { JobDepartmentFilter } from '../../features/jobs/job-department-filter';
import {
  departmentFilterSearch,
  jobsInDepartment,
  readDepartmentFilter,
} from '../../features/jobs/department-filter';
import { useGetAdminJobsQuery } from '../../entities/admin-jobs-api';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { JobPipeline } from './job-pipeline';
import { Stat } from './dashboard-stat';
import { TableSkeleton } from './table-skeleton';
import { useStyles } from './dashboard-page.styles';
import { screens } from '../../../shared/site/screen-routes';

type DashboardTab = 'posts' | 'applications';

const TABS: { value: DashboardTab; label: string }[] = [
  { value: 'posts', label: 'Job Posts' },
  { value: 'applications', label: 'Applications' },
];

/**
 * /dashboard and /dashboard/all: the two buttons, what open jobs still lack, the Job Posts tab
 * (with its count and department filter) and the Applications tab. The open tab and the
 * department are kept in the address (?tab=applications, ?department=claims), so Back and reload
 * return to them.
 */
export function DashboardPage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const user = useAppSelector((state) => state.session.user);
  // useLocation rather than useSearchParams: the latter pulls more of the router into the chunk
  // the home page shares with this screen, so every visitor would download it.
  const location = useLocation();
  const navigate = useNavigate();
  const tab: DashboardTab =
    new URLSearchParams(location.search).get('tab') === 'applications' ? 'applications' : 'posts';
  const department = readDepartmentFilter(location.search);

  const jobs = useGetAdminJobsQuery();
  const { data: counts, isError: countsFailed } = useGetApplicationCountsQuery();
  // Every application (10,000 take a while to read) once the pipeline is drawn from the counts,
  // so reading them never holds up the counts (docs/architecture.md#the-applications-list).
  const pipelineReady = Boolean(jobs.data && counts) || jobs.isError || countsFailed;
  const applications = useGetApplicationsQuery(undefined, { skip: !pipelineReady });
  // On the dashboard a failed CV fetch is only logged (docs/behaviour.md#dashboard).
  const logCvFailure = useCallback((error: unknown) => console.error('CV fetch failed', error), []);
  const cv = useCvActions(logCvFailure);

  useEffect(() => {
    if (jobs.error) console.error('posts failed to load', jobs.error);
    if (applications.error) console.error('applications failed to load', applications.error);
  }, [jobs.error, applications.error]);

  const jobCount = jobs.data?.length;
  const tabRefs = useRef(new Map<DashboardTab, HTMLButtonElement>());
  const selectTab = (next: DashboardTab) => {
    const params = new URLSearchParams(location.search);
    if (next === 'applications') params.set('tab', 'applications');
    else params.delete('tab');
    const search = params.toString();
    void navigate({ search: search ? `?${search}` : '' }, { replace: true });
  };
  // Pushed, not replaced: Back returns to the department seen before.
  const selectDepartment = (slug: string) =>
    void navigate({ search: departmentFilterSearch(location.search, slug) });
  const shownJobs = useMemo(() => jobsInDepartment(jobs.data ?? [], department), [jobs.data, department]);
  const onTabKey = (event: KeyboardEvent) => {
    const index = TABS.findIndex((entry) => entry.value === tab);
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!.value;
    selectTab(next);
    tabRefs.current.get(next)?.focus();
  };
  const applicationRows = useMemo(() => applications.data ?? [], [applications.data]);
  // The counts come first: the tables below (dozens of rows of controls) follow in the next
  // render, so the pipeline is on screen without waiting for them.
  const tablesShown = useDeferredValue(Boolean(jobs.data && applications.data), false);
  // Per job from the polled counts (one query on the server), so the pipeline does not wait for
  // every application; the list's own, once it is in, for the job table it also feeds.
  const listCountsByJob = useMemo(() => stageCountsByJob(applicationRows), [applicationRows]);
  const polledCountsByJob = useMemo(
    () => new Map((counts?.jobs ?? []).map(({ jobId, ...entry }) => [jobId, entry])),
    [counts],
  );
  const countsByJob = applications.data ? listCountsByJob : polledCountsByJob;
  const interviewsByJob = useMemo(
    () => new Map((counts?.interviews ?? []).map((entry) => [entry.jobId, entry])),
    [counts],
  );
  const panelId = `dashboard-panel-${tab}`;

  return (
    <div className={admin.page}>
      <title>Dashboard | Admin Panel</title>
      <AdminPageHeader
        title="Dashboard"
        subtitle={user ? `Welcome back, ${user.name}. Manage job posts and review applications.` : undefined}
        actions={
          <>
            <LinkButton
              to={screens.createJob.path()}
              appearance="primary"
              icon={<AddRegular aria-hidden="true" />}
            >
              Create New Post
            </LinkButton>
            <LinkButton to={screens.applications.path()} icon={<PeopleRegular aria-hidden="true" />}>
              View Applications
            </LinkButton>
          </>
        }
      />

      <ul className={styles.stats} aria-label="Summary">
        <Stat label="Job posts" value={jobCount} icon={<BriefcaseRegular />} />
        <Stat label="Applications" value={applications.data?.length} icon={<PeopleRegular />} />
        <Stat
          label="Applications with a CV"
          value={applications.data?.filter(hasResume).length}
          icon={<DocumentPdfRegular />}
        />
      </ul>

      {jobs.data && (
        <JobFactGapsCard jobs={jobs.data} className={admin.card} headingClassName={admin.cardTitle} />
      )}

      {jobs.data && (counts || applications.data) ? (
        <JobPipeline
          jobs={jobs.data}
          countsByJob={countsByJob}
          interviewsByJob={interviewsByJob}
          className={admin.card}
          headingClassName={admin.cardTitle}
        />
      ) : (
        <section className={admin.card} aria-label="Pipeline">
          <TableSkeleton label="Loading the pipeline..." />
        </section>
      )}

      <section className={admin.card} aria-label="Job posts and applications">
        {/* WAI-ARIA tabs: one tab stop, arrow keys move between the tabs and select them. */}
        <div role="tablist" aria-label="Dashboard sections" className={styles.tabs} onKeyDown={onTabKey}>
          {TABS.map((entry) => (
            <button
              key={entry.value}
              ref={(element) => {
                if (element) tabRefs.current.set(entry.value, element);
              }}
              type="button"
              role="tab"
              id={`dashboard-tab-${entry.value}`}
              aria-selected={tab === entry.value}
              aria-controls={`dashboard-panel-${entry.value}`}
              tabIndex={tab === entry.value ? 0 : -1}
              className={mergeClasses(styles.tab, tab === entry.value && styles.tabSelected)}
              onClick={() => selectTab(entry.value)}
            >
              {entry.label} ({(entry.value === 'posts' ? jobCount : applications.data?.length) ?? 0})
            </button>
          ))}
        </div>

        <div role="tabpanel" id={panelId} aria-labelledby={`dashboard-tab-${tab}`}>
          {tab === 'posts' ? (
            jobs.data && tablesShown ? (
              <>
                <div className={styles.tableTools}>
                  <JobDepartmentFilter
                    jobs={jobs.data}
                    value={department}
                    onChange={selectDepartment}
                    className={styles.filter}
                  />
                  {/* Always there, so a screen reader hears the count change with the filter. */}
                  <p className={styles.shown} role="status">
                    {department ? `Showing ${shownJobs.length} of ${jobs.data.length} job posts` : ''}
                  </p>
                </div>
                <JobTable
                  jobs={shownJobs}
                  caption="Job posts"
                  empty={
                    department ? (
                      <>
                        No job posts in this department.{' '}
                        <Link to={{ search: departmentFilterSearch(location.search, '') }}>
                          Show all departments
                        </Link>
                      </>
                    ) : undefined
                  }
                  applicants={(job) => {
                    const total = countsByJob.get(job._id)?.total ?? 0;
                    if (total === 0) return 'None';
                    return (
                      <Link className={styles.applicants} to={listPath({ q: '', job: job._id, stage: '' })}>
                        {total}
                        <span className="visually-hidden">
                          {` ${total === 1 ? 'application' : 'applications'} for ${job.jobTitle}`}
                        </span>
                      </Link>
                    );
                  }}
                />
              </>
            ) : (
              <TableSkeleton label="Loading job posts..." />
            )
          ) : applications.isLoading || !tablesShown ? (
            <TableSkeleton label="Loading applications..." />
          ) : (
            <>
              <ApplicationsTable
                variant="dashboard"
                caption="Recent applications"
                rows={applicationRows}
                busy={cv.busy}
                onPreview={(row) => void cv.previewCv(row)}
                onDownload={(row) => void cv.downloadCv(row)}
                empty="No applications received yet"
              />
              <div className={styles.panelFoot}>
                <Link to={screens.applications.path()}>Search and manage all applications</Link>
              </div>
            </>
          )}
        </div>
      </section>

      <CvPreviewDialog
        preview={cv.preview}
        onClose={cv.closePreview}
        onDownload={(preview) => void cv.saveCv(preview.name, preview.bytes)}
      />
    </div>
  );
}

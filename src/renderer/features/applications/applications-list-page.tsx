import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Field, SearchBox, Select } from '@fluentui/react-components';
import type { ApplicationSummary } from '../../../shared/applications/application-contract';
import {
  applicationStages,
  stageLabels,
  type ApplicationStage,
} from '../../../shared/applications/stage-contract';
import { messages } from '../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PageLoading } from '../../components/page-loading';
import { resultDialog } from '../../feedback/dialogs';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import {
  applicationAdminApi,
  useGetApplicationsPageQuery,
  useGetApplicationsQuery,
} from '../../entities/application-admin-api';
import { applicationPath, firstPageArgs, indexApplications, viewApplications } from './application-filters';
import { deleteApplicationWithConfirmation } from './delete-application';
import { applicationsTotalText } from './application-search';
import { ApplicationsTable } from './applications-table';
import { cvLoadErrorMessage } from './cv-error';
import { CvPreviewDialog } from './cv-preview-dialog';
import { useCvActions } from './use-cv-actions';
import { useSelection } from './use-selection';
import { useBulkStageChange, useStageChange } from './use-stage-change';
import { EmptyState } from './applications-empty-state';
import { BulkActions } from './bulk-actions';
import { AnswerFilter, useAnswerFilter } from './answer-filter';
import { useStyles } from './applications-list-page.styles';
import { useListAddress } from './use-list-address';
import { screens } from '../../../shared/site/screen-routes';

/** The list's CV popups, by cause (docs/behaviour.md#applications-admin). */
const showCvError = (error: unknown) => {
  console.error('CV fetch failed', error);
  void resultDialog({ icon: 'error', title: messages.errorTitle, text: cvLoadErrorMessage(error) });
};

/**
 * /dashboard/applications: search, job and stage filters (in the address), the Total line, the
 * bulk actions and the numbered table with CV preview and download (busy per row), stage, view
 * and delete.
 */
export interface ApplicationsListPageProps {
  /** Who on the hiring team has seen the filtered job's applicants: the team feature's, handed in. */
  jobViewers?: (jobId: string) => ReactNode;
}

export function ApplicationsListPage({ jobViewers }: ApplicationsListPageProps = {}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const { query, setQuery, filter, setFilter } = useListAddress();

  // The newest screenful first, then every application while the admin reads it: the whole list
  // is asked for once the first page is in (docs/architecture.md#the-applications-list).
  const listCached = useAppSelector(
    (state) => applicationAdminApi.endpoints.getApplications.select()(state).data !== undefined,
  );
  const pageArgs = firstPageArgs(filter);
  const [firstPageDone, setFirstPageDone] = useState(false);
  const page = useGetApplicationsPageQuery(pageArgs ?? { limit: 0 }, {
    skip: !user || listCached || !pageArgs,
  });
  if (!firstPageDone && (page.data !== undefined || page.isError)) setFirstPageDone(true);
  const {
    data,
    error,
    isLoading: listLoading,
  } = useGetApplicationsQuery(undefined, {
    skip: !user || (!listCached && Boolean(pageArgs) && !firstPageDone),
  });
  // Until every application is in: the page (matching the search), without selection or counts.
  const partial = data === undefined && !error && pageArgs !== undefined && page.data !== undefined;
  const answering = useAnswerFilter(filter, Boolean(user));
  const isLoading = (listLoading || (data === undefined && !error) || answering.loading) && !partial;
  const cv = useCvActions(showCvError);
  const stage = useStageChange();
  const bulk = useBulkStageChange();

  useEffect(() => {
    // A failed load is only logged and the list shows as empty.
    if (error) console.error('applications failed to load', error);
  }, [error]);
  useEffect(() => {
    // Like the list: a failed answer filter is logged, and nothing matches.
    if (answering.error) console.error('the answer filter failed to load', answering.error);
  }, [answering.error]);

  const all = useMemo(() => data ?? [], [data]);
  const index = useMemo(() => indexApplications(all), [all]);
  const answered = answering.answered;
  const view = useMemo(() => viewApplications(index, filter, undefined, answered), [index, answered, filter]);
  const selection = useSelection(view.shown);
  const shown = partial ? page.data! : view.shown;
  const anyStored = partial ? page.data!.length > 0 || Boolean(filter.q.trim()) : all.length > 0;
  const detailHref = useCallback((row: ApplicationSummary) => applicationPath(row._id, filter), [filter]);

  const { changeStage } = stage;
  const onChangeStage = useCallback(
    (row: ApplicationSummary, next: ApplicationStage) => void changeStage(row, next),
    [changeStage],
  );
  const { previewCv, downloadCv } = cv;
  const onPreview = useCallback((row: ApplicationSummary) => void previewCv(row), [previewCv]);
  const onDownload = useCallback((row: ApplicationSummary) => void downloadCv(row), [downloadCv]);
  const onDelete = useCallback(
    (row: ApplicationSummary) => void deleteApplicationWithConfirmation(row._id, dispatch),
    [dispatch],
  );
  const moveSelected = async (next: ApplicationStage) => {
    if (await bulk.changeStages(selection.rows, next)) selection.clear();
  };

  // No signed-in user sends the visitor home (the guard normally acts first).
  if (!user) return <Navigate to={screens.home.path()} replace />;

  const jobOptions =
    filter.job && !view.jobs.some((job) => job.key === filter.job)
      ? [...view.jobs, { key: filter.job, label: 'A job with no applications', count: 0 }]
      : view.jobs;

  return (
    <div className={admin.page}>
      <title>Job Applications | Admin Panel</title>
      <AdminPageHeader
        title="Job Applications"
        subtitle="Search candidates, preview or download their CVs, and open an application for the details."
      />
      <section className={admin.card} aria-label="Applications">
        <div className={styles.toolbar}>
          <div className={styles.filters}>
            <Field label="Search applications" className={styles.search}>
              <SearchBox
                className={styles.searchBox}
                placeholder="Name, email or job title"
                value={query}
                onChange={(_event, change) => setQuery(change.value)}
              />
            </Field>
            <Field label="Job" className={styles.select}>
              <Select
                value={filter.job}
                disabled={partial}
                onChange={(_event, change) => setFilter({ job: change.value })}
              >
                <option value="">All jobs</option>
                {jobOptions.map((job) => (
                  <option key={job.key} value={job.key}>
                    {`${job.label} (${job.count})`}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Stage" className={styles.select}>
              <Select
                value={filter.stage}
                disabled={partial}
                onChange={(_event, change) => setFilter({ stage: change.value as ApplicationStage | '' })}
              >
                <option value="">{partial ? 'All stages' : `All stages (${view.allStagesCount})`}</option>
                {applicationStages.map((option) => (
                  <option key={option} value={option}>
                    {partial ? stageLabels[option] : `${stageLabels[option]} (${view.stageCounts[option]})`}
                  </option>
                ))}
              </Select>
            </Field>
            <AnswerFilter filter={filter} onChange={setFilter} className={styles.select} />
          </div>
        </div>
        {!isLoading && (
          <p className={styles.total} role="status" aria-live="polite">
            {partial ? 'Loading every application...' : applicationsTotalText(view.shown.length, all.length)}
          </p>
        )}
        {isLoading ? (
          <PageLoading label="Loading applications..." />
        ) : !anyStored ? (
          <EmptyState kind="none" />
        ) : shown.length === 0 ? (
          <EmptyState kind="no-match" />
        ) : (
          <>
            {!partial && (
              <BulkActions
                count={selection.count}
                running={bulk.running}
                onMove={(next) => void moveSelected(next)}
                onClear={selection.clear}
              />
            )}
            <ApplicationsTable
              variant="list"
              caption="Job applications"
              rows={shown}
              busy={cv.busy}
              onPreview={onPreview}
              onDownload={onDownload}
              onDelete={onDelete}
              detailHref={detailHref}
              // Selecting waits for every application: "select all" means all that match.
              selection={partial ? undefined : selection}
              stageBusy={stage.busy}
              onChangeStage={onChangeStage}
              empty={null}
            />
          </>
        )}
      </section>
      {/* A job's own view: who has read its applicants (a deleted job's rows have no job to ask about). */}
      {filter.job && !filter.job.startsWith('deleted:') && jobViewers?.(filter.job)}
      <CvPreviewDialog
        preview={cv.preview}
        onClose={cv.closePreview}
        onDownload={(preview) => void cv.saveCv(preview.name, preview.bytes)}
      />
    </div>
  );
}

import { useCallback, useDeferredValue, useEffect, useId, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Field, SearchBox, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { DocumentSearchRegular } from '@fluentui/react-icons/headless/svg/document-search';
import { PeopleRegular } from '@fluentui/react-icons/headless/svg/people';
import type { ApplicationSummary } from '../../../shared/applications/application-contract';
import { messages } from '../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PageLoading } from '../../components/page-loading';
import { confirmDialog, resultDialog } from '../../feedback/dialogs';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { applicationAdminApi, useGetApplicationsQuery } from './application-admin-api';
import { applicationsTotalText, filterApplications } from './application-search';
import { ApplicationsTable } from './applications-table';
import { cvLoadErrorMessage } from './cv-error';
import { CvPreviewDialog } from './cv-preview-dialog';
import { useCvActions } from './use-cv-actions';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalM,
  },
  search: { width: 'min(420px, 100%)' },
  searchBox: { width: '100%', maxWidth: 'none' },
  total: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground2 },
});

/** The list's CV popups, by cause (docs/behaviour.md#applications-admin). */
const showCvError = (error: unknown) => {
  console.error('CV fetch failed', error);
  void resultDialog({ icon: 'error', title: messages.errorTitle, text: cvLoadErrorMessage(error) });
};

function EmptyState({ kind }: { kind: 'none' | 'no-match' }) {
  const styles = useAdminStyles();
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon} aria-hidden="true">
        {kind === 'none' ? <PeopleRegular /> : <DocumentSearchRegular />}
      </span>
      <h2 className={styles.emptyTitle}>
        {kind === 'none' ? 'No applications found' : 'No matching applications'}
      </h2>
      <p className={styles.emptyText}>
        {kind === 'none'
          ? 'Applications will appear here when candidates apply for jobs'
          : 'Try adjusting your search criteria'}
      </p>
    </div>
  );
}

/**
 * /dashboard/applications: search, the Total line, the numbered table
 * with CV preview and download (busy per row), view and delete.
 */
export function ApplicationsListPage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const searchId = useId();
  const [query, setQuery] = useState('');
  // Typing stays smooth on long lists: the table follows a moment later.
  const deferredQuery = useDeferredValue(query);
  const { data, error, isLoading } = useGetApplicationsQuery(undefined, { skip: !user });
  const cv = useCvActions(showCvError);

  useEffect(() => {
    // A failed load is only logged and the list shows as empty.
    if (error) console.error('applications failed to load', error);
  }, [error]);

  const deleteApplication = useCallback(
    async (row: ApplicationSummary) => {
      const confirmed = await confirmDialog({
        title: messages.confirmTitle,
        text: messages.confirmText,
        confirmButtonText: messages.confirmDeleteButton,
        cancelButtonText: messages.cancelButton,
      });
      if (!confirmed) return;
      const request = dispatch(applicationAdminApi.endpoints.deleteApplication.initiate(row._id));
      try {
        await request.unwrap();
        await resultDialog({
          icon: 'success',
          title: messages.deletedTitle,
          text: messages.applicationDeleted,
        });
      } catch (cause) {
        console.error('application delete failed', cause);
        await resultDialog({
          icon: 'error',
          title: messages.errorTitle,
          text: messages.applicationDeleteFailed,
        });
      } finally {
        request.reset();
      }
    },
    [dispatch],
  );

  // No signed-in user sends the visitor home (the guard normally acts first).
  if (!user) return <Navigate to="/" replace />;

  const all = data ?? [];
  const shown = filterApplications(all, deferredQuery);

  return (
    <div className={admin.page}>
      <title>Job Applications | Admin Panel</title>
      <AdminPageHeader
        title="Job Applications"
        subtitle="Search candidates, preview or download their CVs, and open an application for the details."
      />
      <section className={admin.card} aria-label="Applications">
        <div className={styles.toolbar}>
          <Field label="Search applications" className={styles.search}>
            <SearchBox
              id={searchId}
              className={styles.searchBox}
              placeholder="Name, email or job title"
              value={query}
              onChange={(_event, change) => setQuery(change.value)}
            />
          </Field>
          {!isLoading && (
            <p className={styles.total} role="status" aria-live="polite">
              {applicationsTotalText(shown.length, all.length)}
            </p>
          )}
        </div>
        {isLoading ? (
          <PageLoading label="Loading applications..." />
        ) : all.length === 0 ? (
          <EmptyState kind="none" />
        ) : shown.length === 0 ? (
          <EmptyState kind="no-match" />
        ) : (
          <ApplicationsTable
            variant="list"
            caption="Job applications"
            rows={shown}
            busy={cv.busy}
            onPreview={(row) => void cv.previewCv(row)}
            onDownload={(row) => void cv.downloadCv(row)}
            onDelete={(row) => void deleteApplication(row)}
            empty={null}
          />
        )}
      </section>
      <CvPreviewDialog
        preview={cv.preview}
        onClose={cv.closePreview}
        onDownload={(preview) => void cv.saveCv(preview.name, preview.bytes)}
      />
    </div>
  );
}

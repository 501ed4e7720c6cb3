import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDate, formatUsDate } from '../../../shared/format/date';
import { errorSchema } from '../../../shared/http/acknowledgements';
import { messages } from '../../../shared/messages';
import { errorStatus, isHandledRefusal } from '../../store/api-error';
import { useAppSelector } from '../../store/hooks';
import { PageLoading } from '../../components/page-loading';
import { LinkButton } from '../../components/link-button';
import { arrivalToastState } from '../../feedback/arrival-toast';
import { useToast } from '../../feedback/use-toast';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import {
  emptyJobFormValues,
  JobForm,
  jobBody,
  jobFormValuesFromJob,
  type JobFormErrors,
  type JobFormValues,
} from './job-form';
import { useCreateJobMutation, useGetAdminJobQuery, useUpdateJobMutation } from './job-admin-api';
import { screens } from '../../../shared/site/screen-routes';

const DASHBOARD_ALL = screens.dashboardAll.path();

/**
 * A failed call: the server's 400 explains itself (field messages go onto the fields); a 401/403
 * has already been handled by the base query (signed out, sent to /login), so nothing is shown.
 */
function useCallFailure(setServerErrors: (errors: JobFormErrors) => void) {
  const toast = useToast();
  return (error: unknown) => {
    if (isHandledRefusal(error)) return;
    const status = errorStatus(error);
    const body = errorSchema.safeParse((error as { data?: unknown }).data);
    if (status === 400 && body.success) {
      const fieldErrors: JobFormErrors = {};
      for (const issue of body.data.errors ?? [])
        fieldErrors[issue.path.split('.')[0] as keyof JobFormErrors] ??= issue.message;
      setServerErrors(fieldErrors);
      toast.error(body.data.message);
      return;
    }
    console.error('job save failed', error);
    toast.error(messages.jobSaveFailed);
  };
}

/** /dashboard/create: publishTime (MM/DD/YYYY) and postCreator are sent; on success, /dashboard/all. */
export function CreateJobPage() {
  const styles = useAdminStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const email = useAppSelector((state) => state.session.user?.email ?? '');
  const [createJob, { isLoading }] = useCreateJobMutation();
  const [serverErrors, setServerErrors] = useState<JobFormErrors>({});
  const failed = useCallFailure(setServerErrors);

  const submit = async (values: JobFormValues) => {
    setServerErrors({});
    try {
      const answer = await createJob({
        ...jobBody(values),
        publishTime: formatUsDate(new Date()),
        postCreator: email,
      }).unwrap();
      if (!answer.acknowledged) {
        toast.error(messages.jobSaveFailed);
        return;
      }
      toast.success(messages.jobCreated);
      void navigate(DASHBOARD_ALL);
    } catch (error) {
      failed(error);
    }
  };

  return (
    <div className={styles.page}>
      <title>Create New Job Post | Admin Panel</title>
      <AdminPageHeader
        title="Create New Job Post"
        subtitle="Fields marked * are what publishing needs; the post is published on the careers page as soon as it is created."
      />
      <section className={styles.card} aria-label="Job post details">
        <JobForm
          mode="create"
          initialValues={emptyJobFormValues()}
          submitting={isLoading}
          serverErrors={serverErrors}
          onSubmit={(values) => void submit(values)}
          cancelTo={DASHBOARD_ALL}
        />
      </section>
    </div>
  );
}

/**
 * /dashboard/edit/:id: prefilled; lastEditUser and editTime are sent; modifiedCount above 0 is
 * success, and the toast shows on the post's apply page (it is a public page under another toast
 * scope on the web, so the message travels in the navigation state).
 */
export function EditJobPage() {
  const styles = useAdminStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { id = '' } = useParams();
  const email = useAppSelector((state) => state.session.user?.email ?? '');
  const { data: job, isLoading: loading, isError } = useGetAdminJobQuery(id);
  const [updateJob, { isLoading: saving }] = useUpdateJobMutation();
  const [serverErrors, setServerErrors] = useState<JobFormErrors>({});
  const failed = useCallFailure(setServerErrors);

  const submit = async (values: JobFormValues) => {
    setServerErrors({});
    try {
      const answer = await updateJob({
        id,
        changes: { ...jobBody(values), lastEditUser: email, editTime: formatUsDate(new Date()) },
      }).unwrap();
      if (answer.modifiedCount > 0) {
        void navigate(screens.apply.path({ id }), {
          state: arrivalToastState({ variant: 'success', message: messages.jobUpdated }),
        });
        return;
      }
      toast.error(messages.jobSaveFailed);
    } catch (error) {
      failed(error);
    }
  };

  if (loading) return <PageLoading label="Loading job post..." />;
  if (isError || !job) {
    return (
      <div className={styles.page}>
        <title>Job post not found | Admin Panel</title>
        <AdminPageHeader title="Job post not found" subtitle="This post may have been deleted." />
        <div>
          <LinkButton to={DASHBOARD_ALL} appearance="primary">
            Back to Dashboard
          </LinkButton>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <title>Edit Job Post | Admin Panel</title>
      <AdminPageHeader
        title="Edit Job Post"
        subtitle={`Posted ${formatDate(job.publishTime) || job.publishTime} by ${job.postCreator}`}
      />
      <section className={styles.card} aria-label="Job post details">
        {/* Keyed by post, so opening another post's edit screen starts from its own values. */}
        <JobForm
          key={job._id}
          mode="edit"
          initialValues={jobFormValuesFromJob(job)}
          submitting={saving}
          serverErrors={serverErrors}
          onSubmit={(values) => void submit(values)}
          cancelTo={DASHBOARD_ALL}
        />
      </section>
    </div>
  );
}

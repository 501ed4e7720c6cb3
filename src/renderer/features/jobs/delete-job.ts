import type { NavigateFunction } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import type { AppDispatch } from '../../store/store';
import { confirmDialog, resultDialog } from '../../feedback/dialogs';
import { jobsApi } from './jobs-api';
import { screens } from '../../../shared/site/screen-routes';

/**
 * Deleting a job (docs/behaviour.md#job-posts): confirm, delete, then the success dialog and /dashboard/all.
 * Admin-only, so it is loaded on the first click rather than with the page.
 */
export async function deleteJobWithConfirmation(
  jobId: string,
  dispatch: AppDispatch,
  navigate: NavigateFunction,
): Promise<void> {
  const confirmed = await confirmDialog({ title: messages.confirmTitle, text: messages.confirmText });
  if (!confirmed) return;
  const request = dispatch(jobsApi.endpoints.deleteJob.initiate(jobId));
  try {
    const answer = await request.unwrap();
    if (!answer.acknowledged) return;
    await resultDialog({ icon: 'success', title: messages.deletedTitle, text: messages.jobDeleted });
    void navigate(screens.dashboardAll.path());
  } catch (error) {
    // A failed delete call is not shown (a 401/403 has already gone to /login).
    console.error('job delete failed', error);
  } finally {
    request.reset();
  }
}

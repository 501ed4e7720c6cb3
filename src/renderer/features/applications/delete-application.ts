import { messages } from '../../../shared/messages';
import type { AppDispatch } from '../../store/store';
import { confirmDialog, resultDialog } from '../../feedback/dialogs';
import { applicationAdminApi } from '../../entities/application-admin-api';

/**
 * Deleting an application from its row or its own screen (docs/behaviour.md#applications-admin):
 * confirm, delete, then the success or failure dialog. Resolves true once the application is gone.
 */
export async function deleteApplicationWithConfirmation(
  applicationId: string,
  dispatch: AppDispatch,
): Promise<boolean> {
  const confirmed = await confirmDialog({
    title: messages.confirmTitle,
    text: messages.confirmText,
    confirmButtonText: messages.confirmDeleteButton,
    cancelButtonText: messages.cancelButton,
  });
  if (!confirmed) return false;
  const request = dispatch(applicationAdminApi.endpoints.deleteApplication.initiate(applicationId));
  try {
    await request.unwrap();
    await resultDialog({ icon: 'success', title: messages.deletedTitle, text: messages.applicationDeleted });
    return true;
  } catch (cause) {
    console.error('application delete failed', cause);
    await resultDialog({ icon: 'error', title: messages.errorTitle, text: messages.applicationDeleteFailed });
    return false;
  } finally {
    request.reset();
  }
}

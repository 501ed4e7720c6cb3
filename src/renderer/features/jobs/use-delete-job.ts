import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../store/hooks';

/** The delete action of the job card; the flow and its dialogs load on first use. */
export function useDeleteJob(): (jobId: string) => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async (jobId: string) => {
      const { deleteJobWithConfirmation } = await import('./delete-job');
      await deleteJobWithConfirmation(jobId, dispatch, navigate);
    },
    [dispatch, navigate],
  );
}

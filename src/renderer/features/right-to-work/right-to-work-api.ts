import type {
  RightToWorkAnswer,
  RightToWorkCheck,
  RightToWorkCheckInput,
} from '../../../shared/right-to-work/right-to-work-contract';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the evidence could not be read'));
    reader.readAsDataURL(blob);
  });

const checkUrl = (applicationId: string) => apiPaths.rightToWork.path({ id: applicationId });

/** An application's right-to-work check and its evidence (administrators only). */
export const rightToWorkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRightToWork: build.query<RightToWorkAnswer, string>({
      query: checkUrl,
      providesTags: (_answer, _error, applicationId) => [tags.rightToWork(applicationId)],
    }),
    saveRightToWork: build.mutation<
      RightToWorkCheck,
      { applicationId: string; check: RightToWorkCheckInput }
    >({
      query: ({ applicationId, check }) => ({ url: checkUrl(applicationId), method: 'PUT', body: check }),
      invalidatesTags: (_answer, _error, { applicationId }) => [
        tags.rightToWork(applicationId),
        tags.audit(applicationId),
      ],
    }),
    /** The file's own bytes, typed by its Content-Type (PDF, PNG or JPEG). */
    uploadRightToWorkEvidence: build.mutation<RightToWorkCheck, { applicationId: string; file: File }>({
      query: ({ applicationId, file }) => ({
        url: apiPaths.rightToWorkEvidence.path({ id: applicationId }),
        method: 'PUT',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
      invalidatesTags: (_answer, _error, { applicationId }) => [
        tags.rightToWork(applicationId),
        tags.audit(applicationId),
      ],
    }),
    /**
     * The evidence file, as a data URL (a string the store can hold). A command, not a cached
     * read: each read is audited, and the screen resets the call once it has the file.
     */
    readRightToWorkEvidence: build.mutation<string, string>({
      query: (applicationId) => ({
        url: apiPaths.rightToWorkEvidence.path({ id: applicationId }),
        responseHandler: async (response) =>
          response.ok ? dataUrlOf(await response.blob()) : response.json(),
      }),
      invalidatesTags: (_answer, _error, applicationId) => [tags.audit(applicationId)],
    }),
  }),
});

export const {
  useGetRightToWorkQuery,
  useSaveRightToWorkMutation,
  useUploadRightToWorkEvidenceMutation,
  useReadRightToWorkEvidenceMutation,
} = rightToWorkApi;

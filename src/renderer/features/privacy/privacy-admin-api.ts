import type { UpdateAck } from '../../../shared/http/acknowledgements';
import { EXPORT_TIMEOUT_MS, MAX_EXPORT_BYTES } from '../../../shared/limits';
import type { AuditEntry } from '../../../shared/privacy/audit-contract';
import type { ErasureAck, SubjectExport } from '../../../shared/privacy/privacy-contract';
import { api, tags } from '../../store/api';
import { apiPaths } from '../../../shared/http/api-routes';

/** The data-protection calls of the admin screens (audit trail, retention hold, export, erasure). */
export const privacyAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditTrail: build.query<AuditEntry[], string>({
      query: (applicationId) => apiPaths.applicationAudit.path({ id: applicationId }),
      providesTags: (_entries, _error, applicationId) => [tags.audit(applicationId)],
    }),
    setRetentionHold: build.mutation<UpdateAck, { applicationId: string; hold: boolean }>({
      query: ({ applicationId, hold }) => ({
        url: apiPaths.applicationHold.path({ id: applicationId }),
        method: 'PUT',
        body: { hold },
      }),
      invalidatesTags: (_answer, _error, { applicationId }) => [
        tags.application(applicationId),
        tags.audit(applicationId),
      ],
    }),
    /**
     * Everything held about one applicant, CVs and right-to-work evidence included. A command, not
     * a cached read: the server records each export, so every call goes to the server; the screen
     * saves it at once and resets the call, so nothing of it stays in the store. Its files make it
     * larger and slower than any other answer (up to MAX_EXPORT_BYTES, what the console saves).
     */
    exportApplicant: build.mutation<SubjectExport, string>({
      query: (email) => ({
        url: apiPaths.applicantExport.path({ email }),
        maxAnswerBytes: MAX_EXPORT_BYTES,
        timeout: EXPORT_TIMEOUT_MS,
      }),
    }),
    eraseApplicant: build.mutation<ErasureAck, string>({
      query: (email) => ({ url: apiPaths.applicant.path({ email }), method: 'DELETE' }),
      invalidatesTags: [tags.applicationList, tags.applicationCounts, 'Application', 'Note', 'Audit'],
    }),
  }),
});

export const {
  useGetAuditTrailQuery,
  useSetRetentionHoldMutation,
  useExportApplicantMutation,
  useEraseApplicantMutation,
} = privacyAdminApi;

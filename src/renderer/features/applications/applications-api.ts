import {
  CV_PART_NAME,
  type ApplicationFields,
  type ApplicationSaved,
  type EmailNotification,
} from '../../../shared/applications/application-contract';
import type { PlainAck } from '../../../shared/http/acknowledgements';
import { api, tags } from '../../store/api';
import type { UploadWatch } from '../../store/upload-request';
import { apiPaths } from '../../../shared/http/api-routes';

/** An application as the form sends it: the fields, and the CV's bytes as a file. */
export interface ApplicationUpload {
  fields: ApplicationFields;
  cv: { fileName: string; bytes: Blob };
  /** Hears how much of the upload has gone, and when it is all sent. */
  watch?: UploadWatch;
}

/** The CV travels as a file part, a quarter smaller than the base64 of a data URL. */
function formOf({ fields, cv }: ApplicationUpload): FormData {
  const form = new FormData();
  // The answers go as one part holding them as JSON (see application-contract.ts).
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  form.append(CV_PART_NAME, cv.bytes, cv.fileName);
  return form;
}

/**
 * The visitor's calls (apply page). The admin calls (list, detail, CV, delete) live in
 * application-admin-api.ts, so the apply page's chunk carries no admin endpoints.
 */
export const applicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitApplication: build.mutation<ApplicationSaved, ApplicationUpload>({
      query: (application) => ({
        url: apiPaths.applications.path(),
        method: 'POST',
        body: formOf(application),
        upload: application.watch ?? {},
      }),
      invalidatesTags: [tags.applicationList],
    }),
    sendApplicationEmail: build.mutation<PlainAck, EmailNotification>({
      query: (body) => ({ url: apiPaths.sendEmail.path(), method: 'POST', body }),
    }),
  }),
});

export const { useSubmitApplicationMutation, useSendApplicationEmailMutation } = applicationsApi;

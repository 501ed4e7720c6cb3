import type { FormEvent, ReactNode } from 'react';
import type { ApplicationFields } from '../../../shared/applications/application-contract';
import { apiPaths } from '../../../shared/http/api-routes';
import type { Job } from '../../../shared/jobs/job-contract';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/site/privacy-notice';
import { useSourceMarker } from '../../lib/source-marker';
import { usePlatform } from '../../platform/platform';

/** A control's name in the plain form: the field of the application it sends. */
export const plainFieldName = (name: keyof ApplicationFields) => name;

/**
 * The application form's <form>, which is also a plain HTML form: a browser running no script sends
 * it itself, as multipart, to the call the app sends it to
 * (docs/behaviour.md#applying-without-javascript), with every control named as the application's
 * field (plainFieldName) and these hidden fields. The visit's marker comes first, where the server
 * puts it on a page asked for with one (src/server/site/marked-links.ts), read from the address as
 * the server's page was, so both agree as the app hydrates; then the job, the privacy notice shown
 * (showing it is the acknowledgement) and the questions' version. The app, once it runs, sends the
 * form its own way (`onSubmit`).
 */
export function PlainForm({
  job,
  children,
  ...props
}: {
  job: Job;
  className: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  'aria-labelledby': string;
  children: ReactNode;
}) {
  const { apiBaseUrl } = usePlatform();
  const marker = useSourceMarker();
  return (
    <form
      {...props}
      noValidate
      method="post"
      encType="multipart/form-data"
      action={`${apiBaseUrl}${apiPaths.applications.path()}`}
    >
      {marker && <input type="hidden" name={plainFieldName('source')} value={marker} />}
      <input type="hidden" name={plainFieldName('jobId')} value={job._id} />
      <input type="hidden" name={plainFieldName('privacyNoticeVersion')} value={PRIVACY_NOTICE_VERSION} />
      {job.questionSetId && (
        <input type="hidden" name={plainFieldName('questionSetId')} value={job.questionSetId} />
      )}
      {children}
    </form>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApplicationFields } from '../../../shared/applications/application-contract';
import { REDIRECT_AFTER_SUCCESS_MS } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { errorMessage, errorStatus } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useSendApplicationEmailMutation, useSubmitApplicationMutation } from './applications-api';
import type { ReadyCv } from './cv-picker';
import type { SubmittedApplication } from './application-confirmation';
import { screens } from '../../../shared/site/screen-routes';

export interface SubmissionState {
  submitting: boolean;
  /** True while the CV is still going up: leaving now means the application is never sent. */
  uploading: boolean;
  /** The current step message (the upload's progress first), or null when idle. */
  step: string | null;
  /** The inline error, with the server's reason when it gave one. */
  error: { summary: string; detail: string | null } | null;
  /** The job's polite reply to a knock-out answer: the application was not sent on. */
  notice: string | null;
}

/** The progress message moves in steps of this many percent, so a screen reader is not flooded. */
const PROGRESS_STEP_PERCENT = 5;

const idle: SubmissionState = { submitting: false, uploading: false, step: null, error: null, notice: null };

/**
 * Save first; only a saved application triggers the e-mail; a missing e-mail acknowledgement is
 * reported but the applicant still goes to /success after 1 s. While the CV is going up, the step
 * says how much of it has gone; the saving and e-mail steps follow once it is all sent.
 */
export function useSubmitApplication() {
  const [submitApplication] = useSubmitApplicationMutation();
  const [sendEmail] = useSendApplicationEmailMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [state, setState] = useState<SubmissionState>(idle);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const upload = useRef<{ abort(): void } | undefined>(undefined);
  const mounted = useRef(true);

  // Leaving the form (after confirming) cancels an upload still in flight, and nothing of it
  // may show up later on another page.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(redirect.current);
      upload.current?.abort();
    };
  }, []);

  const update = useCallback((next: Partial<SubmissionState>) => {
    if (mounted.current) setState((current) => ({ ...current, ...next }));
  }, []);

  const submit = useCallback(
    async (fields: ApplicationFields, cv: ReadyCv, jobTitle: string) => {
      setState({ submitting: true, uploading: true, step: messages.submitting, error: null, notice: null });
      const fail = (detail: string | null) => {
        if (!mounted.current) return;
        toast.error(messages.applicationFailedToast);
        setState({ ...idle, error: { summary: messages.applicationFailedInline, detail } });
      };

      let applicationId: string;
      let monitoringToken: string | undefined;
      let shown = -1;
      const request = submitApplication({
        fields,
        cv: { fileName: cv.fileName, bytes: cv.bytes },
        watch: {
          onProgress(sent, total) {
            const percent = total > 0 ? Math.floor((sent * 100) / total / PROGRESS_STEP_PERCENT) : 0;
            if (percent === shown) return;
            shown = percent;
            update({ step: messages.uploadingCv(Math.min(100, percent * PROGRESS_STEP_PERCENT)) });
          },
          onSent: () => update({ uploading: false, step: messages.savingToDatabase }),
        },
      });
      upload.current = request;
      try {
        const saved = await request.unwrap();
        if (!saved.success) return fail(messages.saveWithoutSuccess);
        applicationId = saved.insertedId;
        monitoringToken = saved.monitoringToken;
        if (saved.duplicate) toast.info(messages.duplicateApplication);
      } catch (error) {
        if (!mounted.current) return;
        // A knock-out is not a failure: the applicant gets the job's own reply instead.
        if (errorStatus(error) === 422) return setState({ ...idle, notice: errorMessage(error, '') });
        console.error('application save failed', error);
        return fail(errorMessage(error, '') || null);
      } finally {
        upload.current = undefined;
      }
      if (!mounted.current) return;

      update({ uploading: false, step: messages.sendingEmail });
      // The CV is already stored; the notification only needs to identify the application.
      const { answers: _answers, questionSetId: _set, ...contact } = fields;
      const acknowledged = await sendEmail({ ...contact, applicationId })
        .unwrap()
        .then((answer) => answer.acknowledged === true)
        .catch((error: unknown) => {
          console.error('email notification failed', error);
          return false;
        });
      if (!mounted.current) return;

      if (acknowledged) {
        update({ step: messages.applicationSubmitted });
        toast.success(messages.applicationSubmitted, { applicationScreen: true });
      } else {
        update({ step: null });
        toast.error(messages.emailFailed);
      }
      const submitted: SubmittedApplication = {
        jobTitle,
        emailAcknowledged: acknowledged,
        ...(monitoringToken ? { monitoring: { applicationId, token: monitoringToken } } : {}),
      };
      redirect.current = setTimeout(
        () => void navigate(screens.success.path(), { state: { submitted } }),
        REDIRECT_AFTER_SUCCESS_MS,
      );
    },
    [submitApplication, sendEmail, toast, navigate, update],
  );

  /** Takes the job's reply to a sent knock-out answer away: the applicant has changed an answer. */
  const dismissNotice = useCallback(() => update({ notice: null }), [update]);

  return { ...state, submit, dismissNotice };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApplicationSubmission } from '../../../shared/applications/application-contract';
import { REDIRECT_AFTER_SUCCESS_MS } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../app/api-error';
import { useToast } from '../../feedback/use-toast';
import { useSendApplicationEmailMutation, useSubmitApplicationMutation } from './applications-api';

export interface SubmissionState {
  submitting: boolean;
  /** The current step message (spec section 4), or null when idle. */
  step: string | null;
  /** The inline error of spec section 8, with the server's reason when it gave one. */
  error: { summary: string; detail: string | null } | null;
}

/**
 * Spec section 4: save first; only a saved application triggers the e-mail; a missing e-mail
 * acknowledgement is reported but the applicant still goes to /success after 1 s.
 */
export function useSubmitApplication() {
  const [submitApplication] = useSubmitApplicationMutation();
  const [sendEmail] = useSendApplicationEmailMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [state, setState] = useState<SubmissionState>({ submitting: false, step: null, error: null });
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const goToSuccessSoon = useCallback(() => {
    redirect.current = setTimeout(() => void navigate('/success'), REDIRECT_AFTER_SUCCESS_MS);
  }, [navigate]);

  const submit = useCallback(
    async (payload: ApplicationSubmission) => {
      setState({ submitting: true, step: messages.submitting, error: null });
      const fail = (detail: string | null) => {
        toast.error(messages.applicationFailedToast);
        setState({
          submitting: false,
          step: null,
          error: { summary: messages.applicationFailedInline, detail },
        });
      };

      let applicationId: string;
      try {
        setState((current) => ({ ...current, step: messages.savingToDatabase }));
        const saved = await submitApplication(payload).unwrap();
        if (!saved.success) return fail(messages.saveWithoutSuccess);
        applicationId = saved.insertedId;
        if (saved.duplicate) toast.info(messages.duplicateApplication);
      } catch (error) {
        console.error('application save failed', error);
        return fail(errorMessage(error, '') || null);
      }

      setState((current) => ({ ...current, step: messages.sendingEmail }));
      // The CV is already stored; the notification only needs to identify the application.
      const { pdfFile: _cv, ...notification } = payload;
      const acknowledged = await sendEmail({ ...notification, applicationId })
        .unwrap()
        .then((answer) => answer.acknowledged === true)
        .catch((error: unknown) => {
          console.error('email notification failed', error);
          return false;
        });

      if (acknowledged) {
        setState((current) => ({ ...current, step: messages.applicationSubmitted }));
        toast.success(messages.applicationSubmitted, { applicationScreen: true });
      } else {
        setState((current) => ({ ...current, step: null }));
        toast.error(messages.emailFailed);
      }
      goToSuccessSoon();
    },
    [submitApplication, sendEmail, toast, goToSuccessSoon],
  );

  return { ...state, submit };
}

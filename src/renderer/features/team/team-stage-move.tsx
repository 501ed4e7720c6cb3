import { useId, useState, type FormEvent } from 'react';
import { Button, Field, Select, Spinner, Textarea } from '@fluentui/react-components';
import {
  REJECTION_FEEDBACK_MAX,
  REJECTION_NEEDS_REASON,
  stageLabels,
  type ApplicationStage,
} from '../../../shared/applications/stage-contract';
import type { TeamApplicationDetail } from '../../../shared/team/team-contract';
import { errorMessage, errorStatus } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import { StageLabel } from '../../entities/stage-label';
import { useGetTeamRejectionReasonsQuery } from '../../entities/response-times-api';
import { useMoveTeamApplicationMutation } from './team-api';
import { useStyles } from './team-screens.styles';

/**
 * The stage card of a team member's application: where it stands and, for its hiring manager,
 * the stages they may move it to (Hired and Rejected only with an administrator's leave for the
 * job, as the server answers in `movableTo`). The server's refusal is shown as it says it.
 */
export function TeamStageMove({
  application,
  manager,
  onInterview,
}: {
  application: TeamApplicationDetail;
  /** The job's hiring manager (an interviewer only sees where it stands). */
  manager: boolean;
  /** Interview is reached by offering times: choosing it opens that form. */
  onInterview?: () => void;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const toast = useToast();
  const headingId = useId();
  const [target, setTarget] = useState<ApplicationStage | ''>('');
  const [refusal, setRefusal] = useState<string | undefined>();
  const [move, { isLoading }] = useMoveTeamApplicationMutation();
  const options = application.movableTo;
  // A rejection needs a reason from the administrators' list, and may carry feedback.
  const { data: reasons = [] } = useGetTeamRejectionReasonsQuery(undefined, {
    skip: !options.includes('rejected'),
  });
  const [reasonId, setReasonId] = useState('');
  const [feedback, setFeedback] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) {
      setRefusal('Choose a stage to move it to.');
      return;
    }
    setRefusal(undefined);
    if (target === 'rejected' && !reasonId) {
      setReasonError(REJECTION_NEEDS_REASON);
      return;
    }
    setReasonError(undefined);
    if (target === 'interview' && onInterview) {
      setTarget('');
      onInterview();
      return;
    }
    try {
      await move({
        id: application._id,
        stage: target,
        ...(target === 'rejected' ? { reasonId, feedback: feedback.trim() || undefined } : {}),
      }).unwrap();
      toast.success(`Moved to ${stageLabels[target]}.`, { applicationScreen: true });
      setTarget('');
      setReasonId('');
      setFeedback('');
    } catch (cause) {
      // A 401 has signed out already; any other refusal is about this move, and says why.
      if (errorStatus(cause) === 401) return;
      const message = errorMessage(cause, 'The stage could not be changed. Please try again.');
      setRefusal(message);
      toast.error(message);
    }
  };

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Stage
      </h2>
      <p className={admin.subtitle}>
        Now: <StageLabel stage={application.stage} />
      </p>
      {options.length > 0 ? (
        <form className={styles.moveForm} onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label="Move to stage"
            validationMessage={refusal}
            validationState={refusal ? 'error' : 'none'}
          >
            <Select
              value={target}
              onChange={(_event, data) => {
                setTarget(data.value as ApplicationStage | '');
                setRefusal(undefined);
              }}
            >
              <option value="">Choose a stage</option>
              {options.map((stage) => (
                <option key={stage} value={stage}>
                  {stageLabels[stage]}
                </option>
              ))}
            </Select>
          </Field>
          {target === 'rejected' && (
            <>
              <Field
                label="Reason (staff only; the applicant never sees it)"
                required
                validationMessage={reasonError}
                validationState={reasonError ? 'error' : 'none'}
              >
                <Select
                  value={reasonId}
                  onChange={(_event, data) => {
                    setReasonId(data.value);
                    setReasonError(undefined);
                  }}
                >
                  <option value="">Choose a reason</option>
                  {reasons.map((reason) => (
                    <option key={reason._id} value={reason._id}>
                      {reason.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Feedback for the applicant (optional)"
                hint="Shown on their private page once the rejection e-mail has gone."
              >
                <Textarea
                  value={feedback}
                  maxLength={REJECTION_FEEDBACK_MAX}
                  onChange={(_event, data) => setFeedback(data.value)}
                />
              </Field>
            </>
          )}
          {/* Focusable while saving: a disabled button would drop a keyboard user's focus. */}
          <Button
            type="submit"
            appearance="primary"
            disabledFocusable={isLoading}
            icon={isLoading ? <Spinner size="tiny" /> : undefined}
          >
            Move
          </Button>
        </form>
      ) : (
        <p className={admin.emptyText}>
          {manager
            ? `Only an administrator can move it from ${stageLabels[application.stage]}.`
            : 'Its hiring manager or an administrator moves it between stages.'}
        </p>
      )}
    </section>
  );
}

import { useId, useState } from 'react';
import { Button, Field, Select } from '@fluentui/react-components';
import type { TeamInterviewer } from '../../../shared/team/team-contract';
import { errorMessage, isHandledRefusal } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import {
  useAssignInterviewerMutation,
  useAssignTeamInterviewerMutation,
  useGetApplicationInterviewersQuery,
  useUnassignInterviewerMutation,
  useUnassignTeamInterviewerMutation,
} from './team-api';
import { useStyles } from './team-members.styles';

type Change = (args: { applicationId: string; memberId: string }) => { unwrap(): Promise<unknown> };

interface CardProps {
  applicationId: string;
  /** Who interviews the application now. */
  assigned: readonly TeamInterviewer[];
  /** Everyone who may interview (interviewers and hiring managers). */
  candidates: readonly TeamInterviewer[];
  assign: Change;
  unassign: Change;
  busy: boolean;
}

/**
 * Who interviews the application, with the control to give another team member access to it or
 * end one's access: the same calls as the Team screen, so the server checks each one and records
 * it in the application's audit trail (docs/behaviour.md#the-hiring-teams-screens).
 */
function InterviewersCard({ applicationId, assigned, candidates, assign, unassign, busy }: CardProps) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const toast = useToast();
  const headingId = useId();
  const [memberId, setMemberId] = useState('');
  const held = new Set(assigned.map((person) => person._id));
  const free = candidates.filter((person) => !held.has(person._id));

  const change = async (person: TeamInterviewer, giving: boolean) => {
    try {
      await (giving ? assign : unassign)({ applicationId, memberId: person._id }).unwrap();
      toast.success(
        giving
          ? `${person.name} now interviews this applicant and can read the application.`
          : `${person.name} no longer interviews this applicant.`,
      );
      if (giving) setMemberId('');
    } catch (cause) {
      if (!isHandledRefusal(cause)) {
        toast.error(errorMessage(cause, 'The interviewers could not be changed. Please try again.'));
      }
    }
  };

  const chosen = free.find((person) => person._id === memberId);
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Interviewers
      </h2>
      {assigned.length > 0 ? (
        <ul className={styles.jobs} aria-label="Who interviews this applicant">
          {assigned.map((person) => (
            <li key={person._id} className={styles.job}>
              <span className={styles.held}>{`${person.name} (${person.email})`}</span>
              <Button
                size="small"
                aria-label={`Remove ${person.name}`}
                disabledFocusable={busy}
                onClick={() => void change(person, false)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={admin.emptyText}>No interviewer has been given this application.</p>
      )}
      {free.length > 0 && (
        <div className={styles.assign}>
          <Field label="Add an interviewer">
            <Select value={memberId} onChange={(_event, data) => setMemberId(data.value)}>
              <option value="">Choose a team member</option>
              {free.map((person) => (
                <option key={person._id} value={person._id}>
                  {person.name}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            appearance="primary"
            disabledFocusable={!chosen || busy}
            onClick={() => chosen && void change(chosen, true)}
          >
            Give access
          </Button>
        </div>
      )}
    </section>
  );
}

/** On an administrator's application page. */
export function AdminApplicationInterviewers({
  applicationId,
  candidates,
}: {
  applicationId: string;
  candidates: readonly TeamInterviewer[];
}) {
  const { data: assigned } = useGetApplicationInterviewersQuery(applicationId);
  const [assign, assigning] = useAssignInterviewerMutation();
  const [unassign, unassigning] = useUnassignInterviewerMutation();
  return (
    <InterviewersCard
      applicationId={applicationId}
      assigned={assigned ?? []}
      candidates={assigned ? candidates : []}
      assign={assign}
      unassign={unassign}
      busy={assigning.isLoading || unassigning.isLoading}
    />
  );
}

/** On the hiring manager's page of an application of their job. */
export function TeamApplicationInterviewers({
  applicationId,
  assigned,
  candidates,
}: {
  applicationId: string;
  assigned: readonly TeamInterviewer[];
  candidates: readonly TeamInterviewer[];
}) {
  const [assign, assigning] = useAssignTeamInterviewerMutation();
  const [unassign, unassigning] = useUnassignTeamInterviewerMutation();
  return (
    <InterviewersCard
      applicationId={applicationId}
      assigned={assigned}
      candidates={candidates}
      assign={assign}
      unassign={unassign}
      busy={assigning.isLoading || unassigning.isLoading}
    />
  );
}

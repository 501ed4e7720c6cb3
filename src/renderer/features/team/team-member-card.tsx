import { useId, useState } from 'react';
import { Button, Checkbox, Field, Select, Switch } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { PersonDeleteRegular } from '@fluentui/react-icons/headless/svg/person-delete';
import { messages } from '../../../shared/messages';
import { teamRoleLabels, type TeamMember } from '../../../shared/team/team-contract';
import { errorMessage, isHandledRefusal } from '../../store/api-error';
import { confirmDialog } from '../../feedback/dialogs';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import { useAssignJobMutation, useRemoveTeamMemberMutation, useUnassignJobMutation } from './team-api';
import { useStyles } from './team-members.styles';
import { TeamMemberInvitation } from './team-member-invitation';
import { TeamMemberInterviews } from './team-member-interviews';

/** A job an administrator may give a hiring manager. */
export interface AssignableJob {
  _id: string;
  jobTitle: string;
  closed: boolean;
}

/**
 * One person of the hiring team: who they are and as what, where their invitation stands; the
 * applications they interview, with a picker for another; for a hiring manager their jobs, each
 * with its "may hire or reject" leave and a way to take it away, and a job to add; Remove (after
 * a confirmation, as every destructive action) ends all their access.
 */
export function TeamMemberCard({ member, jobs }: { member: TeamMember; jobs: readonly AssignableJob[] }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const toast = useToast();
  const nameId = useId();
  const [assign, assigning] = useAssignJobMutation();
  const [unassign] = useUnassignJobMutation();
  const [remove, removing] = useRemoveTeamMemberMutation();
  const [jobId, setJobId] = useState('');
  const [mayDecide, setMayDecide] = useState(false);
  const open = jobs.filter((job) => !job.closed && !member.jobs.some((held) => held.jobId === job._id));

  const failed = (cause: unknown, fallback: string) => {
    if (!isHandledRefusal(cause)) toast.error(errorMessage(cause, fallback));
  };

  const giveJob = async (id: string, decide: boolean, title: string) => {
    try {
      await assign({ memberId: member._id, jobId: id, mayDecide: decide }).unwrap();
      toast.success(`${member.name}: ${title}${decide ? ', may hire or reject' : ''}.`);
      return true;
    } catch (cause) {
      failed(cause, 'The job could not be given. Please try again.');
      return false;
    }
  };

  const takeJob = async (id: string, title: string) => {
    try {
      await unassign({ memberId: member._id, jobId: id }).unwrap();
      toast.success(`${member.name} no longer works on ${title}.`);
    } catch (cause) {
      failed(cause, 'The job could not be taken away. Please try again.');
    }
  };

  const removeMember = async () => {
    const confirmed = await confirmDialog({
      title: messages.confirmTitle,
      text: `${member.name} will lose access to every job and application at once, and their account goes.`,
      confirmButtonText: 'Remove',
    });
    if (!confirmed) return;
    try {
      await remove(member._id).unwrap();
      toast.success(`${member.name} was removed from the hiring team.`);
    } catch (cause) {
      failed(cause, 'The person could not be removed. Please try again.');
    }
  };

  return (
    <li className={admin.card} aria-labelledby={nameId}>
      <div className={styles.memberHead}>
        <div className={styles.who}>
          <h3 id={nameId} className={styles.name}>
            {member.name}
          </h3>
          <p className={styles.meta}>{`${teamRoleLabels[member.role]} · ${member.email}`}</p>
          <TeamMemberInvitation member={member} />
        </div>
        <Button
          icon={<PersonDeleteRegular />}
          disabledFocusable={removing.isLoading}
          onClick={() => void removeMember()}
          aria-label={`Remove ${member.name}`}
        >
          Remove
        </Button>
      </div>
      {member.role === 'interviewer' ? (
        <TeamMemberInterviews member={member} jobs={jobs} />
      ) : (
        <>
          {member.jobs.length > 0 ? (
            <ul className={styles.jobs} aria-label={`Jobs of ${member.name}`}>
              {member.jobs.map((job) => (
                <li key={job.jobId} className={styles.job}>
                  <span>
                    {job.jobTitle}
                    {job.closed && ' (closed)'}
                  </span>
                  <Switch
                    label="May hire or reject"
                    aria-label={`May hire or reject: ${job.jobTitle}`}
                    checked={job.mayDecide}
                    onChange={(_event, data) => void giveJob(job.jobId, data.checked, job.jobTitle)}
                  />
                  <Button
                    appearance="subtle"
                    icon={<DismissRegular />}
                    aria-label={`Take away ${job.jobTitle} from ${member.name}`}
                    onClick={() => void takeJob(job.jobId, job.jobTitle)}
                  >
                    Take away
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.meta}>No jobs yet.</p>
          )}
          {open.length > 0 && (
            <div className={styles.assign}>
              <Field label={`Give ${member.name} a job`}>
                <Select value={jobId} onChange={(_event, data) => setJobId(data.value)}>
                  <option value="">Choose a job</option>
                  {open.map((job) => (
                    <option key={job._id} value={job._id}>
                      {job.jobTitle}
                    </option>
                  ))}
                </Select>
              </Field>
              <Checkbox
                label="May hire or reject"
                checked={mayDecide}
                onChange={(_event, data) => setMayDecide(data.checked === true)}
              />
              <Button
                appearance="primary"
                disabledFocusable={!jobId || assigning.isLoading}
                onClick={() => {
                  const job = open.find((row) => row._id === jobId);
                  if (!job) return;
                  void giveJob(job._id, mayDecide, job.jobTitle).then((given) => {
                    if (!given) return;
                    setJobId('');
                    setMayDecide(false);
                  });
                }}
              >
                Give job
              </Button>
            </div>
          )}
          {(member.mayInterview || member.interviews.length > 0) && (
            <TeamMemberInterviews member={member} jobs={jobs} />
          )}
        </>
      )}
    </li>
  );
}

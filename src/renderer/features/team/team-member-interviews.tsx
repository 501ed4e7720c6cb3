import { useId, useState } from 'react';
import { Button, Field, Select } from '@fluentui/react-components';
import { stageLabels, type ApplicationStage } from '../../../shared/applications/stage-contract';
import type { TeamMember } from '../../../shared/team/team-contract';
import { errorMessage, isHandledRefusal } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useGetApplicationsQuery } from '../../entities/application-admin-api';
import { useAssignInterviewerMutation } from './team-api';
import { useStyles } from './team-members.styles';

/** A job whose applications may be given (the card's AssignableJob; named here to keep the import one way). */
interface AssignableJob {
  _id: string;
  jobTitle: string;
  closed: boolean;
}

/** Applications no longer open to interviews: decided, or withdrawn by the applicant. */
const FINISHED: readonly ApplicationStage[] = ['hired', 'rejected', 'withdrawn'];

/**
 * The applications a member interviews (applicant, job and stage; open jobs only, as their access
 * is), and, for a member the server says may interview, a picker to give them another: an open
 * job, then one of its applications still in progress. The same call as on the application, so
 * the server checks it and records it in the application's audit trail.
 */
export function TeamMemberInterviews({
  member,
  jobs,
}: {
  member: TeamMember;
  jobs: readonly AssignableJob[];
}) {
  const styles = useStyles();
  return (
    <>
      {member.interviews.length > 0 ? (
        <ul className={styles.jobs} aria-label={`Applications ${member.name} interviews`}>
          {member.interviews.map((row) => (
            <li key={row.applicationId} className={styles.job}>
              <span className={styles.held}>
                {`${row.applicantName} · ${row.jobTitle} · ${stageLabels[row.stage]}`}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>No applications to interview yet.</p>
      )}
      {member.mayInterview && <InterviewPicker member={member} jobs={jobs} />}
    </>
  );
}

function InterviewPicker({ member, jobs }: { member: TeamMember; jobs: readonly AssignableJob[] }) {
  const styles = useStyles();
  const toast = useToast();
  const legendId = useId();
  const { data: applications, isLoading } = useGetApplicationsQuery();
  const [assign, assigning] = useAssignInterviewerMutation();
  const [jobId, setJobId] = useState('');
  const [applicationId, setApplicationId] = useState('');

  const held = new Set(member.interviews.map((row) => row.applicationId));
  const open = (applications ?? []).filter(
    (row) => row.jobId !== null && !FINISHED.includes(row.stage) && !held.has(row._id),
  );
  const openJobs = jobs.filter((job) => !job.closed && open.some((row) => row.jobId === job._id));
  const choices = open.filter((row) => row.jobId === jobId);

  if (isLoading || openJobs.length === 0) return null;

  const give = async () => {
    const application = choices.find((row) => row._id === applicationId);
    if (!application) return;
    try {
      await assign({ applicationId: application._id, memberId: member._id }).unwrap();
      toast.success(`${member.name} now interviews ${application.name} for ${application.jobTitle}.`);
      setApplicationId('');
    } catch (cause) {
      if (!isHandledRefusal(cause)) {
        toast.error(errorMessage(cause, 'The application could not be given. Please try again.'));
      }
    }
  };

  return (
    <fieldset className={styles.picker} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        {`Give ${member.name} an application to interview`}
      </legend>
      <div className={styles.assign}>
        <Field label="Job">
          <Select
            value={jobId}
            onChange={(_event, data) => {
              setJobId(data.value);
              setApplicationId('');
            }}
          >
            <option value="">Choose a job</option>
            {openJobs.map((job) => (
              <option key={job._id} value={job._id}>
                {job.jobTitle}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Application">
          <Select
            value={applicationId}
            disabled={!jobId}
            onChange={(_event, data) => setApplicationId(data.value)}
          >
            <option value="">Choose an application</option>
            {choices.map((row) => (
              <option key={row._id} value={row._id}>
                {`${row.name} · ${stageLabels[row.stage]}`}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          appearance="primary"
          disabledFocusable={!applicationId || assigning.isLoading}
          onClick={() => void give()}
        >
          Give application
        </Button>
      </div>
    </fieldset>
  );
}

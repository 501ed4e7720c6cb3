import { useState } from 'react';
import { Button, Field, Input, Select } from '@fluentui/react-components';
import { formatDate } from '../../../shared/format/date';
import type { PoolDepartment, PoolMember } from '../../../shared/talent-pool/talent-pool-contract';
import { errorMessage } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useInvitePoolMemberMutation, useSetPoolTagsMutation } from './talent-pool-api';
import { useStyles } from './talent-pool.styles';

/** One member in the administrators' list: what they chose, their tags, and the invitation to apply. */
export function TalentPoolMemberItem({
  member,
  departments,
  openJobs,
  onChanged,
}: {
  member: PoolMember;
  departments: PoolDepartment[];
  openJobs: Array<{ _id: string; jobTitle: string }>;
  onChanged: () => void;
}) {
  const styles = useStyles();
  const toast = useToast();
  const [tags, setTags] = useState(member.tags.join(', '));
  const [jobId, setJobId] = useState('');
  const [saveTags, saving] = useSetPoolTagsMutation();
  const [invite, inviting] = useInvitePoolMemberMutation();
  const nameOf = (slug: string) => departments.find((department) => department.slug === slug)?.name ?? slug;

  const onSaveTags = async () => {
    try {
      const list = tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      await saveTags({ id: member._id, tags: list }).unwrap();
      toast.success(`Tags saved for ${member.name}.`);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const onInvite = async () => {
    try {
      await invite({ id: member._id, jobId }).unwrap();
      toast.success(`${member.name} was e-mailed the job's link.`);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <li className={styles.item}>
      <p className={styles.who}>
        {member.name} &lt;{member.email}&gt;
      </p>
      <p className={styles.muted}>
        {`Interested in ${member.departments.map(nameOf).join(', ') || 'no department chosen'}`}
        {member.appliedFor ? `; applied for ${member.appliedFor}` : ''}
        {`; ${member.hasCv ? 'CV held' : 'no CV'}; consent until ${formatDate(member.consentEndsAt)}`}
        {member.lastInvitedAt ? `; last invited ${formatDate(member.lastInvitedAt)}` : ''}
      </p>
      <div className={styles.row}>
        <Field label={`Tags for ${member.name} (comma-separated)`}>
          <Input value={tags} onChange={(_, data) => setTags(data.value)} />
        </Field>
        <Button disabledFocusable={saving.isLoading} onClick={() => void onSaveTags()}>
          Save tags
        </Button>
      </div>
      <div className={styles.row}>
        <Field label={`Open job to invite ${member.name} to`}>
          <Select value={jobId} onChange={(_, data) => setJobId(data.value)}>
            <option value="">Choose a job</option>
            {openJobs.map((job) => (
              <option key={job._id} value={job._id}>
                {job.jobTitle}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          appearance="primary"
          disabledFocusable={!jobId || inviting.isLoading}
          onClick={() => void onInvite()}
        >
          Invite to apply
        </Button>
      </div>
    </li>
  );
}

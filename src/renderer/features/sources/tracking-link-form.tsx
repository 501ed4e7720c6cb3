import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Select } from '@fluentui/react-components';
import {
  newTrackingLinkSchema,
  trackingLinkKindLabels,
  trackingLinkKinds,
  type NewTrackingLink,
  type TrackingLinkKind,
} from '../../../shared/sources/source-contract';
import { useGetAdminJobsQuery } from '../../entities/admin-jobs-api';
import { useToast } from '../../feedback/use-toast';
import { errorMessage } from '../../store/api-error';
import { useCreateTrackingLinkMutation } from './tracking-links-api';
import { useStyles } from './tracking-links.styles';

type Errors = Partial<Record<'name' | 'code' | 'form', string>>;

/**
 * A new tracking link: what it is for, its name (the referring employee's for a referral), the
 * job it opens or the careers home, and a code of one's own or one made from the name.
 */
export function TrackingLinkForm() {
  const styles = useStyles();
  const toast = useToast();
  const jobs = useGetAdminJobsQuery();
  const [create, { isLoading }] = useCreateTrackingLinkMutation();
  const [kind, setKind] = useState<TrackingLinkKind>('board');
  const [name, setName] = useState('');
  const [jobId, setJobId] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: NewTrackingLink = {
      kind,
      name,
      ...(jobId ? { jobId } : {}),
      ...(code.trim() ? { code } : {}),
    };
    const checked = newTrackingLinkSchema.safeParse(input);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'code' ? 'code' : 'name';
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(found.name ? 'tracking-link-name' : 'tracking-link-code')?.focus();
      return;
    }
    try {
      const link = await create(input).unwrap();
      setErrors({});
      setName('');
      setCode('');
      toast.success(`Tracking link ${link.name} created: ${link.address}`);
    } catch (failure) {
      const message = errorMessage(failure);
      // A code taken by another link is the code field's problem.
      setErrors(code.trim() ? { code: message } : { form: message });
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field className={styles.field} label={{ children: 'What it is for', htmlFor: 'tracking-link-kind' }}>
        <Select
          id="tracking-link-kind"
          value={kind}
          onChange={(_, data) => setKind(data.value as TrackingLinkKind)}
        >
          {trackingLinkKinds.map((value) => (
            <option key={value} value={value}>
              {trackingLinkKindLabels[value]}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        className={styles.field}
        label={{ children: kind === 'referral' ? 'Employee’s name' : 'Name', htmlFor: 'tracking-link-name' }}
        hint={
          kind === 'referral'
            ? 'The colleague who refers.'
            : 'As the reports show it, e.g. Leeds careers fair.'
        }
        required
        validationMessage={errors.name}
      >
        <Input id="tracking-link-name" value={name} onChange={(_, data) => setName(data.value)} />
      </Field>
      <Field className={styles.field} label={{ children: 'Opens', htmlFor: 'tracking-link-job' }}>
        <Select
          className={styles.select}
          id="tracking-link-job"
          value={jobId}
          onChange={(_, data) => setJobId(data.value)}
        >
          <option value="">The careers home</option>
          {(jobs.data ?? []).map((job) => (
            <option key={job._id} value={job._id}>
              {job.jobTitle}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        className={styles.field}
        label={{ children: 'Code (optional)', htmlFor: 'tracking-link-code' }}
        hint="Made from the name when left blank."
        validationMessage={errors.code ?? errors.form}
      >
        <Input id="tracking-link-code" value={code} onChange={(_, data) => setCode(data.value)} />
      </Field>
      <div className={styles.formActions}>
        <Button type="submit" appearance="primary" disabled={isLoading}>
          Create link
        </Button>
      </div>
    </form>
  );
}

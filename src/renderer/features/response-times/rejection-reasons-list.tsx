import { useState, type FormEvent } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import {
  newRejectionReasonSchema,
  type RejectionReason,
} from '../../../shared/response-times/response-times-contract';
import { errorMessage } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useAddRejectionReasonMutation, useChangeRejectionReasonMutation } from './response-times-api';

/** A label as the shared rule takes it, or the rule's message. */
const checkLabel = (label: string) => {
  const result = newRejectionReasonSchema.safeParse({ label });
  return result.success ? { label: result.data.label } : { error: result.error.issues[0]!.message };
};

function ReasonRow({ reason }: { reason: RejectionReason }) {
  const toast = useToast();
  const [label, setLabel] = useState(reason.label);
  const [error, setError] = useState<string>();
  const [change, { isLoading }] = useChangeRejectionReasonMutation();
  const rename = async () => {
    const checked = checkLabel(label);
    if ('error' in checked) return setError(checked.error);
    try {
      await change({ id: reason._id, label: checked.label }).unwrap();
      setError(undefined);
      toast.success(`Renamed to ${checked.label}.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const retire = async (retired: boolean) => {
    try {
      await change({ id: reason._id, retired }).unwrap();
      toast.success(retired ? `${reason.label} retired.` : `${reason.label} is in use again.`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <li>
      <Field
        label={`Reason${reason.retired ? ' (retired)' : ''}: ${reason.label}`}
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Input value={label} onChange={(_event, data) => setLabel(data.value)} />
      </Field>
      <Button onClick={() => void rename()} disabled={isLoading || label === reason.label}>
        Rename {reason.label}
      </Button>{' '}
      <Button onClick={() => void retire(!reason.retired)} disabled={isLoading}>
        {reason.retired ? `Bring back ${reason.label}` : `Retire ${reason.label}`}
      </Button>
    </li>
  );
}

/**
 * The reasons administrators choose from when rejecting: add, rename, retire (a retired reason
 * stays in the history of the rejections that gave it, and can be brought back).
 */
export function RejectionReasonsList({ reasons }: { reasons: readonly RejectionReason[] }) {
  const toast = useToast();
  const [add, { isLoading }] = useAddRejectionReasonMutation();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLabel(label);
    if ('error' in checked) return setError(checked.error);
    try {
      await add(checked.label).unwrap();
      setLabel('');
      setError(undefined);
      toast.success(`${checked.label} added.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <>
      <ul>
        {reasons.map((reason) => (
          <ReasonRow key={reason._id} reason={reason} />
        ))}
      </ul>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="New reason" validationMessage={error} validationState={error ? 'error' : 'none'}>
          <Input value={label} onChange={(_event, data) => setLabel(data.value)} />
        </Field>
        <Button type="submit" appearance="primary" disabled={isLoading}>
          Add reason
        </Button>
      </form>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { trackingLinkRenameSchema, type TrackingLink } from '../../../shared/sources/source-contract';
import { useToast } from '../../feedback/use-toast';
import { errorMessage } from '../../store/api-error';
import { useRenameTrackingLinkMutation } from './tracking-links-api';
import { useStyles } from './tracking-links.styles';

/**
 * A link's new name: a channel renamed, or a referring employee's name taken off when they ask
 * (docs/security.md#sources). The code, and so every address and poster, stays.
 */
export function TrackingLinkRename({ link }: { link: TrackingLink }) {
  const styles = useStyles();
  const toast = useToast();
  const [rename, { isLoading }] = useRenameTrackingLinkMutation();
  const [name, setName] = useState(link.name);
  const [error, setError] = useState<string>();
  const id = `tracking-link-rename-${link.id}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = trackingLinkRenameSchema.safeParse({ name });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    try {
      await rename({ id: link.id, name: checked.data.name }).unwrap();
      setError(undefined);
      toast.success(`Renamed to ${checked.data.name}.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form className={styles.rename} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={{ children: `New name for ${link.name}`, htmlFor: id }}
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Input id={id} value={name} onChange={(_, data) => setName(data.value)} />
      </Field>
      <Button type="submit" disabled={isLoading || name === link.name}>
        Rename<span className="visually-hidden"> {link.name}</span>
      </Button>
    </form>
  );
}

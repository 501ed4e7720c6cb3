import { useState, type FormEvent } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import type { RightToWorkCheck } from '../../../shared/right-to-work/right-to-work-contract';
import { formatKb } from '../../../shared/format/size';
import { errorMessage, errorStatus } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useUploadRightToWorkEvidenceMutation } from './right-to-work-api';
import { RightToWorkEvidencePicker } from './right-to-work-evidence-picker';
import { useStyles } from './right-to-work-card.styles';

/** The stored file in words: its kind and size. */
export const storedEvidenceText = (evidence: NonNullable<RightToWorkCheck['evidence']>): string =>
  `${evidence.type === 'application/pdf' ? 'PDF' : 'image'}, ${formatKb(evidence.size)}`;

/** The check's evidence file: chosen in the picker and uploaded; a new one replaces the old. */
export function RightToWorkEvidenceForm({
  applicationId,
  check,
  onStored,
}: {
  applicationId: string;
  check: RightToWorkCheck;
  onStored?: () => void;
}) {
  const styles = useStyles();
  const toast = useToast();
  const [file, setFile] = useState<File | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [upload, { isLoading: uploading }] = useUploadRightToWorkEvidenceMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setRefusal('Choose the evidence file first.');
      return;
    }
    setRefusal(undefined);
    try {
      await upload({ applicationId, file }).unwrap();
      setFile(undefined);
      toast.success('Evidence stored.');
      onStored?.();
    } catch (cause) {
      if (errorStatus(cause) === 401) return;
      setRefusal(errorMessage(cause, 'The evidence could not be stored. Please try again.'));
    }
  };

  return (
    <form
      className={styles.form}
      aria-label="Right-to-work evidence"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <RightToWorkEvidencePicker
        file={file}
        onChange={(chosen) => {
          setFile(chosen);
          setRefusal(undefined);
        }}
        hint={
          check.evidence
            ? `Stored: ${storedEvidenceText(check.evidence)}. A new file replaces it.`
            : 'The document copy or the online check’s result.'
        }
        error={refusal}
        disabled={uploading}
      />
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance={file ? 'primary' : 'secondary'}
          disabledFocusable={uploading}
          icon={uploading ? <Spinner size="tiny" /> : undefined}
        >
          Upload evidence
        </Button>
      </div>
    </form>
  );
}

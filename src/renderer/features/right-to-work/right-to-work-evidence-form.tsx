import { useId, useState, type FormEvent } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import {
  rightToWorkEvidenceTypes,
  type RightToWorkCheck,
} from '../../../shared/right-to-work/right-to-work-contract';
import { evidenceFileName } from '../../../shared/right-to-work/evidence-type';
import { errorMessage, errorStatus } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { usePlatform } from '../../platform/platform';
import {
  useReadRightToWorkEvidenceMutation,
  useUploadRightToWorkEvidenceMutation,
} from './right-to-work-api';
import { useStyles } from './right-to-work-card.styles';

/** The bytes of a `data:` URL. */
const dataUrlBytes = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (char) => char.charCodeAt(0));

/**
 * The check's evidence file: chosen and uploaded (a new one replaces the old), then saved (a PDF)
 * or shown with a way to save a copy (an image), through the platform's evidence save: a
 * download on the web, the Save dialog in the console.
 */
export function RightToWorkEvidenceForm({
  applicationId,
  applicantName,
  check,
}: {
  applicationId: string;
  applicantName: string;
  check: RightToWorkCheck;
}) {
  const styles = useStyles();
  const toast = useToast();
  const platform = usePlatform();
  const id = useId();
  const [file, setFile] = useState<File | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const [upload, { isLoading: uploading }] = useUploadRightToWorkEvidenceMutation();
  const [readEvidence, { isLoading: reading }] = useReadRightToWorkEvidenceMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setRefusal('Choose the evidence file first.');
      return;
    }
    setRefusal(undefined);
    try {
      await upload({ applicationId, file }).unwrap();
      setPreview(undefined);
      toast.success('Evidence stored.');
    } catch (cause) {
      if (errorStatus(cause) === 401) return;
      setRefusal(errorMessage(cause, 'The evidence could not be stored. Please try again.'));
    }
  };

  const type = check.evidence?.type ?? 'application/pdf';
  const save = (dataUrl: string) =>
    platform.saveEvidence(evidenceFileName(applicantName, type), dataUrlBytes(dataUrl), type);

  const open = async () => {
    try {
      const request = readEvidence(applicationId);
      const dataUrl = await request.unwrap().finally(() => request.reset());
      if (type === 'application/pdf') await save(dataUrl);
      else setPreview(dataUrl);
    } catch (cause) {
      toast.error(errorMessage(cause, 'The evidence could not be opened. Please try again.'));
    }
  };

  return (
    <form
      className={styles.form}
      aria-label="Right-to-work evidence"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <label className={styles.fileLabel} htmlFor={`${id}-file`}>
        Evidence file
      </label>
      <input
        id={`${id}-file`}
        className={styles.fileInput}
        type="file"
        accept={rightToWorkEvidenceTypes.join(',')}
        aria-describedby={`${id}-file-hint`}
        onChange={(event) => {
          setFile(event.target.files?.[0]);
          setRefusal(undefined);
        }}
      />
      <p id={`${id}-file-hint`} className={styles.hint}>
        {check.evidence
          ? `Stored: ${check.evidence.type === 'application/pdf' ? 'PDF' : 'image'}, ${Math.round(check.evidence.size / 1024)} KB. A new file replaces it.`
          : 'A PDF, PNG or JPEG of at most 5 MB: the document copy or the online check’s result.'}
      </p>
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          disabledFocusable={uploading}
          icon={uploading ? <Spinner size="tiny" /> : undefined}
        >
          Upload evidence
        </Button>
        {check.evidence && (
          <Button
            disabledFocusable={reading}
            icon={reading ? <Spinner size="tiny" /> : undefined}
            onClick={() => void open()}
          >
            {check.evidence.type === 'application/pdf' ? 'Download evidence' : 'Show evidence'}
          </Button>
        )}
      </div>
      {preview && (
        <>
          <img className={styles.preview} src={preview} alt={`Right-to-work evidence of ${applicantName}`} />
          <div className={styles.actions}>
            <Button
              onClick={() =>
                void save(preview).catch((cause: unknown) =>
                  toast.error(errorMessage(cause, 'The evidence could not be saved. Please try again.')),
                )
              }
            >
              Save a copy
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

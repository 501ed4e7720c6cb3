import { useState } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import type { RightToWorkCheck } from '../../../shared/right-to-work/right-to-work-contract';
import { evidenceFileName } from '../../../shared/right-to-work/evidence-type';
import { errorMessage } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { usePlatform } from '../../platform/platform';
import { useReadRightToWorkEvidenceMutation } from './right-to-work-api';
import { useStyles } from './right-to-work-card.styles';

/** The bytes of a `data:` URL. */
const dataUrlBytes = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (char) => char.charCodeAt(0));

/**
 * The stored evidence, opened on request (each read is audited): a PDF is saved, an image shown
 * with a way to save a copy, through the platform's evidence save (a download on the web, the
 * Save dialog in the console).
 */
export function RightToWorkEvidenceView({
  applicationId,
  applicantName,
  evidence,
}: {
  applicationId: string;
  applicantName: string;
  evidence: NonNullable<RightToWorkCheck['evidence']>;
}) {
  const styles = useStyles();
  const toast = useToast();
  const platform = usePlatform();
  const [preview, setPreview] = useState<string | undefined>();
  const [readEvidence, { isLoading: reading }] = useReadRightToWorkEvidenceMutation();
  const { type } = evidence;
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
    <>
      <div className={styles.actions}>
        <Button
          disabledFocusable={reading}
          icon={reading ? <Spinner size="tiny" /> : undefined}
          onClick={() => void open()}
        >
          {type === 'application/pdf' ? 'Download evidence' : 'Show evidence'}
        </Button>
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
    </>
  );
}

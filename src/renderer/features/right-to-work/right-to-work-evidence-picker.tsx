import { useId, useRef, useState, type DragEvent } from 'react';
import { Button, mergeClasses } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons/headless/svg/arrow-upload';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { DocumentRegular } from '@fluentui/react-icons/headless/svg/document';
import { ErrorCircleRegular } from '@fluentui/react-icons/headless/svg/error-circle';
import { formatKb } from '../../../shared/format/size';
import { MAX_CV_BYTES } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { rightToWorkEvidenceTypes } from '../../../shared/right-to-work/right-to-work-contract';
import { useFileDropZoneStyles } from '../../components/file-drop-zone.styles';

/** What the browser can tell before sending: the type it names and the size. The server checks the bytes. */
const precheck = (file: File): string | undefined => {
  if (!(rightToWorkEvidenceTypes as readonly string[]).includes(file.type))
    return messages.rightToWorkEvidenceType;
  if (file.size > MAX_CV_BYTES) return messages.rightToWorkEvidenceTooLarge;
  return undefined;
};

/**
 * The evidence file field, drawn as the CV's picker is: a drop zone whose button opens the file
 * chooser (Enter or Space), then the chosen file's name and size with a button to remove it.
 * Focus moves to the zone once a file is chosen or removed, so the keyboard goes on from there.
 */
export function RightToWorkEvidencePicker({
  file,
  onChange,
  hint,
  error,
  disabled = false,
}: {
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  /** Under the label: what is stored now, or what may be chosen. */
  hint: string;
  /** A refusal of the form's, e.g. that no file was chosen. */
  error?: string;
  disabled?: boolean;
}) {
  const styles = useFileDropZoneStyles();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const zone = useRef<HTMLDivElement>(null);
  const [rejection, setRejection] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);

  const choose = (chosen: File | undefined) => {
    if (!chosen || disabled) return;
    zone.current?.focus();
    const problem = precheck(chosen);
    if (input.current) input.current.value = '';
    setRejection(problem);
    onChange(problem ? undefined : chosen);
  };

  const remove = () => {
    setRejection(undefined);
    onChange(undefined);
    zone.current?.focus();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const message = rejection ?? error;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={message ? `${hintId} ${messageId}` : hintId}
      className={styles.field}
    >
      <span id={labelId} className={styles.label}>
        Evidence file
      </span>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <div
        ref={zone}
        tabIndex={-1}
        role="group"
        aria-label={
          file
            ? `Evidence: ${file.name}, ${formatKb(file.size)}, ready to upload`
            : 'Evidence: no file chosen'
        }
        className={mergeClasses(styles.zone, dragging && styles.dragging, message && styles.invalid)}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {file ? (
          <div className={styles.ready}>
            <DocumentRegular className={styles.icon} aria-hidden="true" />
            <div className={styles.grow}>
              <p className={styles.fileName}>{file.name}</p>
              <p className={styles.hint}>{formatKb(file.size)}</p>
            </div>
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={`Remove ${file.name}`}
              onClick={remove}
              disabled={disabled}
            />
          </div>
        ) : (
          <>
            <ArrowUploadRegular className={styles.icon} aria-hidden="true" />
            <p className={styles.text}>Drag and drop the evidence here, or</p>
            <Button appearance="primary" onClick={() => input.current?.click()} disabled={disabled}>
              Choose a file
            </Button>
            <p className={styles.hint}>PDF, PNG or JPEG, up to 5 MB.</p>
          </>
        )}
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          accept={rightToWorkEvidenceTypes.join(',')}
          hidden
          disabled={disabled}
          aria-labelledby={labelId}
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
      {message && (
        <p id={messageId} className={styles.error} role="alert">
          <ErrorCircleRegular aria-hidden="true" />
          {message}
        </p>
      )}
    </div>
  );
}

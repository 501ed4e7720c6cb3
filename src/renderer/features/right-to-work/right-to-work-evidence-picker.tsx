import { useId, useRef, useState } from 'react';
import { DocumentRegular } from '@fluentui/react-icons/headless/svg/document';
import { formatKb } from '../../../shared/format/size';
import { MAX_CV_BYTES } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { rightToWorkEvidenceTypes } from '../../../shared/right-to-work/right-to-work-contract';
import { FileDropZone } from '../../components/file-drop-zone';
import { useFileDropZoneStyles } from '../../components/file-drop-zone.styles';

/** What the browser can tell before sending: the type it names and the size. The server checks the bytes. */
const precheck = (file: File): string | undefined => {
  if (!(rightToWorkEvidenceTypes as readonly string[]).includes(file.type))
    return messages.rightToWorkEvidenceType;
  if (file.size > MAX_CV_BYTES) return messages.rightToWorkEvidenceTooLarge;
  return undefined;
};

/**
 * The evidence file field, drawn as the CV's picker is (components/file-drop-zone.tsx). Focus
 * moves to the zone once a file is chosen or removed, so the keyboard goes on from there.
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

  return (
    <FileDropZone
      id={id}
      label="Evidence file"
      hint={hint}
      message={rejection ?? error}
      zoneLabel={
        file ? `Evidence: ${file.name}, ${formatKb(file.size)}, ready to upload` : 'Evidence: no file chosen'
      }
      zoneRef={zone}
      inputRef={input}
      accept={rightToWorkEvidenceTypes.join(',')}
      onFile={choose}
      chosen={file ?? null}
      onRemove={remove}
      fileIcon={<DocumentRegular className={styles.icon} aria-hidden="true" />}
      prompt={{
        text: 'Drag and drop the evidence here, or',
        button: 'Choose a file',
        hint: 'PDF, PNG or JPEG, up to 5 MB.',
      }}
      disabled={disabled}
    />
  );
}

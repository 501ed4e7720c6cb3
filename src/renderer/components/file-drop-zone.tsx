import { useState, type ReactNode, type RefObject } from 'react';
import { Button, mergeClasses } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons/headless/svg/arrow-upload';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { ErrorCircleRegular } from '@fluentui/react-icons/headless/svg/error-circle';
import { formatKb } from '../../shared/format/size';
import { useFileDropZoneStyles } from './file-drop-zone.styles';

export interface FileDropZoneProps {
  /** The field's own id (useId): the label, message and input are named from it. */
  id: string;
  /** The field's label, with its required mark if it has one. */
  label: ReactNode;
  /** Under the label: what is stored now, or what may be chosen. */
  hint?: string;
  /** A refusal to show under the zone (announced). */
  message?: string;
  /** What a screen reader hears of the zone: the file and its state, or that none is chosen. */
  zoneLabel: string;
  zoneRef: RefObject<HTMLDivElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The input's `accept`. */
  accept: string;
  /** A file chosen through the chooser or dropped on the zone. */
  onFile: (file: File | undefined) => void;
  /** The chosen file, shown with a button to remove it; null while none is. */
  chosen: { name: string; size: number } | null;
  onRemove: () => void;
  /** The chosen file's icon. */
  fileIcon: ReactNode;
  /** Shown in the zone instead of the prompt while a file is being checked. */
  processing?: ReactNode;
  /** The prompt while nothing is chosen: its words, the button's and the hint under it. */
  prompt: { text: string; button: string; hint: string };
  disabled?: boolean;
  /** Attributes for the choose button (the web entry opens the chooser from it before the app runs). */
  chooseButtonData?: Record<`data-${string}`, string>;
  /** Beside the zone, under it: a live status, say. */
  children?: ReactNode;
  testId?: string;
}

/**
 * A file field drawn one way wherever a file is asked for (the CV, right-to-work evidence): a drop
 * zone whose button opens the file chooser (Enter or Space), then the chosen file's name and size
 * with a button to remove it. Checking a file is the caller's; so is moving focus to the zone once
 * a file is chosen or removed, so the keyboard goes on from there.
 */
export function FileDropZone({
  id,
  label,
  hint,
  message,
  zoneLabel,
  zoneRef,
  inputRef,
  accept,
  onFile,
  chosen,
  onRemove,
  fileIcon,
  processing,
  prompt,
  disabled = false,
  chooseButtonData,
  children,
  testId,
}: FileDropZoneProps) {
  const styles = useFileDropZoneStyles();
  const [dragging, setDragging] = useState(false);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const describedBy = [hint ? hintId : undefined, message ? messageId : undefined].filter(Boolean).join(' ');

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy || undefined}
      className={styles.field}
    >
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div
        ref={zoneRef}
        tabIndex={-1}
        role="group"
        aria-label={zoneLabel}
        className={mergeClasses(styles.zone, dragging && styles.dragging, message && styles.invalid)}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          onFile(event.dataTransfer.files[0]);
        }}
        data-testid={testId}
      >
        {chosen ? (
          <div className={styles.ready}>
            {fileIcon}
            <div className={styles.grow}>
              <p className={styles.fileName}>{chosen.name}</p>
              <p className={styles.hint}>{formatKb(chosen.size)}</p>
            </div>
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={`Remove ${chosen.name}`}
              onClick={onRemove}
              disabled={disabled}
            />
          </div>
        ) : processing ? (
          processing
        ) : (
          <>
            <ArrowUploadRegular className={styles.icon} aria-hidden="true" />
            <p className={styles.text}>{prompt.text}</p>
            <Button
              appearance="primary"
              onClick={() => inputRef.current?.click()}
              disabled={disabled}
              {...chooseButtonData}
            >
              {prompt.button}
            </Button>
            <p className={styles.hint}>{prompt.hint}</p>
          </>
        )}
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="file"
          accept={accept}
          hidden
          disabled={disabled}
          aria-labelledby={labelId}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
      </div>
      {children}
      {message && (
        <p id={messageId} className={styles.error} role="alert">
          <ErrorCircleRegular aria-hidden="true" />
          {message}
        </p>
      )}
    </div>
  );
}

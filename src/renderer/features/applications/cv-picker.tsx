import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ProgressBar } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons/headless/svg/checkmark-circle';
import { DocumentPdfRegular } from '@fluentui/react-icons/headless/svg/document-pdf';
import { CV_PART_NAME } from '../../../shared/applications/application-contract';
import { formatKb } from '../../../shared/format/size';
import { CV_PROGRESS_STEP_MS, CV_PROGRESS_STEP_PERCENT } from '../../../shared/limits';
import { precheckCv, readCv, type CvReadResult } from './cv-file';
import { FileDropZone } from '../../components/file-drop-zone';
import { useFileDropZoneStyles as useStyles } from '../../components/file-drop-zone.styles';

const noSubscription = () => () => undefined;

export interface ReadyCv {
  fileName: string;
  size: number;
  /** The bytes read and checked, which are what gets uploaded. */
  bytes: Blob;
}

type PickerState =
  | { kind: 'idle' }
  | { kind: 'processing'; fileName: string; progress: number }
  | { kind: 'ready'; cv: ReadyCv };

export interface CvPickerProps {
  value: ReadyCv | null;
  onChange: (cv: ReadyCv | null) => void;
  disabled?: boolean;
  /** A form-level message, e.g. that a CV is required. */
  error?: string;
}

/**
 * The CV field: choose or drop one PDF; it is read and checked (type, signature, size) while the
 * progress bar rises 20% every 200 ms, then marked ready. A refused file clears the selection.
 */
export function CvPicker({ value, onChange, disabled = false, error }: CvPickerProps) {
  const styles = useStyles();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const run = useRef(0);
  const [state, setState] = useState<PickerState>(value ? { kind: 'ready', cv: value } : { kind: 'idle' });
  const [rejection, setRejection] = useState<string | null>(null);
  // False in the server's page and while hydrating, true once the app runs.
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  // Leaving the form mid-way must not leave a timer running.
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const clearSelection = () => {
    if (input.current) input.current.value = '';
  };

  const reject = (message: string) => {
    run.current += 1;
    clearSelection();
    setState({ kind: 'idle' });
    setRejection(message);
    onChange(null);
  };

  const accept = (file: File | undefined, { moveFocus = true } = {}) => {
    if (!file || disabled) return;
    // The button that opened the chooser gives way to the file's card: focus goes to the card.
    if (moveFocus) card.current?.focus();
    const early = precheckCv(file);
    if (early) return reject(early);

    const current = ++run.current;
    setRejection(null);
    onChange(null);
    setState({ kind: 'processing', fileName: file.name, progress: 0 });

    let progress = 0;
    let result: CvReadResult | null = null;
    const finish = () => {
      if (current !== run.current || progress < 100 || !result) return;
      if (!result.ok) return reject(result.message);
      const cv = { fileName: file.name, size: result.size, bytes: result.bytes };
      setState({ kind: 'ready', cv });
      onChange(cv);
    };
    const timer = setInterval(() => {
      if (current !== run.current) return clearInterval(timer);
      progress = Math.min(100, progress + CV_PROGRESS_STEP_PERCENT);
      setState({ kind: 'processing', fileName: file.name, progress });
      if (progress >= 100) {
        clearInterval(timer);
        finish();
      }
    }, CV_PROGRESS_STEP_MS);
    void readCv(file)
      .catch((): CvReadResult => ({ ok: false, message: 'The file could not be read.' }))
      .then((outcome) => {
        result = outcome;
        finish();
      });
  };

  // A file chosen on the server's page before the app ran (docs/architecture.md#the-web-entry) is
  // still in the input: it is checked as if chosen now. Focus goes to the card as it would have,
  // unless the visitor has since moved on to another field.
  useLayoutEffect(() => {
    const chosen = input.current?.files?.[0];
    const focused = document.activeElement;
    const elsewhere = focused && focused !== document.body && !card.current?.contains(focused);
    if (chosen && value === null) accept(chosen, { moveFocus: !elsewhere });
    // Once, when the picker first appears: later choices arrive through the input's change event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const remove = () => {
    run.current += 1;
    clearSelection();
    setRejection(null);
    setState({ kind: 'idle' });
    onChange(null);
    card.current?.focus();
  };

  const cardLabel =
    state.kind === 'ready'
      ? `CV: ${state.cv.fileName}, ${formatKb(state.cv.size)}, ready for upload`
      : state.kind === 'processing'
        ? `CV: checking ${state.fileName}`
        : 'CV: no file chosen';

  return (
    <FileDropZone
      id={id}
      label={
        <>
          CV (PDF)
          <span aria-hidden="true" className={styles.required}>
            {' '}
            *
          </span>
        </>
      }
      message={rejection ?? error}
      zoneLabel={cardLabel}
      zoneRef={card}
      inputRef={input}
      accept=".pdf,application/pdf"
      onFile={(file) => accept(file)}
      chosen={state.kind === 'ready' ? { name: state.cv.fileName, size: state.cv.size } : null}
      onRemove={remove}
      fileIcon={<DocumentPdfRegular className={styles.icon} aria-hidden="true" />}
      processing={
        state.kind === 'processing' && (
          <div className={styles.processing}>
            <p className={styles.fileName}>{state.fileName}</p>
            <ProgressBar
              value={state.progress / 100}
              thickness="large"
              aria-label="Checking PDF"
              aria-valuetext={`${state.progress}%`}
            />
          </div>
        )
      }
      prompt={{
        text: 'Drag and drop your CV here, or',
        button: 'Choose a PDF file',
        hint: 'PDF only, up to 5 MB.',
      }}
      disabled={disabled}
      // Before the app runs, the page's entry opens the chooser from this (src/web/main.tsx).
      chooseButtonData={{ 'data-file-input': `${id}-input` }}
      testId="cv-drop-zone"
    >
      {/* The drop zone's button needs the app: a browser running no script gets the plain file
          field the server's form sends (docs/behaviour.md#applying-without-javascript). */}
      {!running && (
        <noscript>
          <label className={styles.hint} htmlFor={`${id}-plain`}>
            Your browser is not running JavaScript: choose your CV here (PDF only, up to 5 MB).
          </label>
          <input id={`${id}-plain`} type="file" name={CV_PART_NAME} accept=".pdf,application/pdf" />
        </noscript>
      )}
      <div role="status" aria-live="polite">
        {state.kind === 'processing' && <p className={styles.hint}>Checking PDF... {state.progress}%</p>}
        {state.kind === 'ready' && (
          <p className={styles.readyText}>
            <CheckmarkCircleFilled aria-hidden="true" />
            File ready for upload
          </p>
        )}
      </div>
    </FileDropZone>
  );
}

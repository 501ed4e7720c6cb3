import { useEffect, useId, useRef, useState } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/headless/svg/arrow-clockwise';
import { ArrowDownloadRegular } from '@fluentui/react-icons/headless/svg/arrow-download';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { DocumentPdfRegular } from '@fluentui/react-icons/headless/svg/document-pdf';
import { EyeOffRegular } from '@fluentui/react-icons/headless/svg/eye-off';
import { EyeRegular } from '@fluentui/react-icons/headless/svg/eye';
import type { ApplicationSummary } from '../../../shared/applications/application-contract';
import { messages } from '../../../shared/messages';
import { useAdminStyles } from '../../layout/admin-page';
import { cvSizeText } from './application-fields';
import { hasResume } from './application-search';
import { usesOptimizedLoading } from './cv-bytes';
import { CvPreview } from './cv-preview';
import { useFetchCvBytes, useSaveCv, type CvSource } from './use-cv-actions';
import { useStyles } from './cv-section.styles';

type PreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; bytes: Uint8Array; attempt: number };

/**
 * The Resume/CV card: Download CV, Show/Hide Preview and the inline preview panel with its
 * loading and error states. The CV is fetched on the first Show Preview (or Download) and kept in
 * memory only while this screen is open.
 */
export function CvSection({
  application,
  source = 'admin',
}: {
  application: Pick<ApplicationSummary, '_id' | 'name' | 'hasResume' | 'pdfFileSize'>;
  source?: CvSource;
}) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const panelId = useId();
  const fetchCvBytes = useFetchCvBytes(source);
  const saveCv = useSaveCv();
  const [shown, setShown] = useState(false);
  const [preview, setPreview] = useState<PreviewState>({ status: 'idle' });
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const previewBytes = useRef<Promise<Uint8Array | null> | null>(null);
  const present = hasResume(application);

  useEffect(
    () => () => {
      // Leaving the screen lets go of the CV's object address.
      previewBytes.current = null;
    },
    [],
  );

  const fetchBytes = async (purpose: 'preview' | 'download'): Promise<Uint8Array | null> => {
    try {
      return await fetchCvBytes(application._id, purpose);
    } catch (error) {
      console.error('CV fetch failed', error);
      return null;
    }
  };
  // The preview keeps its bytes while the screen is open, and a second Show Preview while they are
  // still on their way waits for the same read (one request, one audit entry); a failed read is
  // tried again next time. Every download fetches (and is audited).
  const load = (): Promise<Uint8Array | null> =>
    (previewBytes.current ??= fetchBytes('preview').then((loaded) => {
      if (!loaded) previewBytes.current = null;
      return loaded;
    }));

  const showPreview = async (attempt = 0) => {
    setShown(true);
    if (preview.status === 'ready' && attempt === 0) return;
    setPreview({ status: 'loading' });
    const loaded = await load();
    setPreview(loaded ? { status: 'ready', bytes: loaded, attempt } : { status: 'failed' });
  };

  const retry = () => {
    const attempt = preview.status === 'ready' ? preview.attempt + 1 : 1;
    void showPreview(attempt);
  };

  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    const loaded = await fetchBytes('download');
    if (loaded) await saveCv(application.name, loaded);
    else setDownloadFailed(true);
    setDownloading(false);
  };

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Resume/CV
      </h2>
      {present ? (
        <>
          <div className={styles.cvRow}>
            <span className={styles.fileIcon} aria-hidden="true">
              <DocumentPdfRegular />
            </span>
            <span className={styles.fileText}>
              <span className={styles.fileName}>{application.name} CV (PDF)</span>
              <span className={styles.fileMeta}>
                File size: {cvSizeText(application)}
                {usesOptimizedLoading(application.pdfFileSize) && ' · Using optimized loading'}
              </span>
            </span>
            <div className={styles.buttons}>
              {/* Focusable while busy: a disabled button would drop a keyboard user's focus. */}
              <Button
                appearance="primary"
                icon={downloading ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
                disabledFocusable={downloading}
                onClick={() => void download()}
              >
                Download CV
              </Button>
              <Button
                icon={shown ? <EyeOffRegular /> : <EyeRegular />}
                aria-expanded={shown}
                aria-controls={panelId}
                onClick={() => (shown ? setShown(false) : void showPreview())}
              >
                {shown ? 'Hide Preview' : 'Show Preview'}
              </Button>
            </div>
          </div>
          {downloadFailed && (
            <p role="alert" className={styles.noCv}>
              {messages.cvDetailLoadFailed}
            </p>
          )}
          <div id={panelId} className={styles.previewPanel} hidden={!shown}>
            <div className={styles.previewHead}>
              <h3 className={styles.previewTitle}>CV Preview</h3>
              <Button appearance="subtle" icon={<DismissRegular />} onClick={() => setShown(false)}>
                Close Preview
              </Button>
            </div>
            {/* The pages scroll inside the panel; focusable so keyboard users can scroll it too. */}
            <div className={styles.previewBody} tabIndex={0} role="region" aria-label="CV pages">
              {preview.status === 'loading' && (
                <div className={styles.previewStatus}>
                  <Spinner label="Loading PDF..." />
                </div>
              )}
              {preview.status === 'failed' && (
                <div className={styles.previewStatus} role="alert">
                  <p className={styles.factValue}>{messages.cvDetailLoadFailed}</p>
                  <Button icon={<ArrowClockwiseRegular />} onClick={retry}>
                    Try Again
                  </Button>
                </div>
              )}
              {preview.status === 'ready' && shown && (
                <CvPreview
                  key={preview.attempt}
                  bytes={preview.bytes}
                  label={`CV of ${application.name}`}
                  onRetry={retry}
                />
              )}
            </div>
          </div>
        </>
      ) : (
        <p className={styles.noCv}>No resume was attached to this application.</p>
      )}
    </section>
  );
}

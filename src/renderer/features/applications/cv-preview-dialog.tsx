import { useEffect, useRef } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/headless/svg/arrow-download';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { OpenRegular } from '@fluentui/react-icons/headless/svg/open';
import { PREVIEW_URL_REVOKE_MS } from '../../../shared/limits';
import { usePlatform } from '../../platform/platform';
import { CvPreview } from './cv-preview';
import type { OpenPreview } from './use-cv-actions';
import { useStyles } from './cv-preview-dialog.styles';

/**
 * The list's CV preview: the PDF drawn by pdf.js inside the page (no new tab, so it also works in
 * the desktop console, which refuses window.open). On the web a new tab can still be asked for:
 * its object address is freed after PREVIEW_URL_REVOKE_MS, or at once when the admin leaves.
 */
export function CvPreviewDialog({
  preview,
  onClose,
  onDownload,
}: {
  preview: OpenPreview | null;
  onClose: () => void;
  onDownload: (preview: OpenPreview) => void;
}) {
  const styles = useStyles();
  const platform = usePlatform();
  // Each address opened in a new tab, with the timer that will free it.
  const opened = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = opened.current;
    return () => {
      // Leaving the page frees every address still waiting for its timer, at once.
      for (const [url, timer] of pending) {
        clearTimeout(timer);
        URL.revokeObjectURL(url);
      }
      pending.clear();
    };
  }, []);

  const openInNewTab = (bytes: Uint8Array) => {
    const url = URL.createObjectURL(new Blob([bytes.slice()], { type: 'application/pdf' }));
    window.open(url, '_blank', 'noopener');
    const timer = setTimeout(() => {
      URL.revokeObjectURL(url);
      opened.current.delete(url);
    }, PREVIEW_URL_REVOKE_MS);
    opened.current.set(url, timer);
  };

  return (
    <Dialog open={preview !== null} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        {preview && (
          <DialogBody>
            <DialogTitle
              action={
                <Button
                  appearance="subtle"
                  aria-label="Close preview"
                  icon={<DismissRegular />}
                  onClick={onClose}
                />
              }
            >
              CV of {preview.name}
            </DialogTitle>
            {/* The pages scroll inside the dialog; focusable so keyboard users can scroll it too. */}
            <DialogContent className={styles.content} tabIndex={0} role="region" aria-label="CV pages">
              <CvPreview key={preview.applicationId} bytes={preview.bytes} label={`CV of ${preview.name}`} />
            </DialogContent>
            <DialogActions className={styles.actions}>
              {platform.kind === 'web' && (
                <Button icon={<OpenRegular />} onClick={() => openInNewTab(preview.bytes)}>
                  Open in new tab
                </Button>
              )}
              <Button icon={<ArrowDownloadRegular />} onClick={() => onDownload(preview)}>
                Download
              </Button>
              <Button appearance="primary" onClick={onClose}>
                Close
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}

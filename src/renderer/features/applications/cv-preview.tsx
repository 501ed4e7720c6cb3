import { useEffect, useRef, useState } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import { messages } from '../../../shared/messages';
import { useStyles } from './cv-preview.styles';

/**
 * pdf.js with no scripting or XFA (and, since version 6, no code generated from the document at
 * all): the CV is drawn, never run. Loaded only when a preview opens.
 */
async function openPdf(bytes: Uint8Array): Promise<PDFDocumentLoadingTask> {
  const pdfjs = await import('pdfjs-dist');
  if (!pdfjs.GlobalWorkerOptions.workerSrc) {
    const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  }
  // pdf.js takes ownership of the buffer it is given: hand it a copy so the caller's stays usable.
  return pdfjs.getDocument({
    data: bytes.slice(),
    enableXfa: false,
    stopAtErrors: false,
  });
}

export interface CvPreviewProps {
  bytes: Uint8Array;
  /** Shown on the canvases for screen readers, e.g. "CV of Jane Doe". */
  label: string;
  maxPages?: number;
  onRetry?: () => void;
}

/** Renders every page (up to maxPages) of a PDF to canvases. Give it a new `key` for other bytes. */
export function CvPreview({ bytes, label, maxPages = 10, onRetry }: CvPreviewProps) {
  const styles = useStyles();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'rendering' | 'done' | 'failed'>('rendering');

  useEffect(() => {
    let cancelled = false;
    let loading: PDFDocumentLoadingTask | undefined;
    const host = container.current;
    (async () => {
      loading = await openPdf(bytes);
      // Closed while pdf.js was still loading: the clean-up below found nothing to destroy yet.
      if (cancelled) return void loading.destroy();
      const document = await loading.promise;
      const pageCount = Math.min(document.numPages, maxPages);
      host?.replaceChildren();
      for (let number = 1; number <= pageCount && !cancelled; number++) {
        const page = await document.getPage(number);
        const viewport = page.getViewport({ scale: Math.min(2, window.devicePixelRatio || 1) * 1.25 });
        const canvas = window.document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = styles.canvas;
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${label}, page ${number} of ${document.numPages}`);
        canvas.dataset.testid = 'pdf-page';
        host?.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setState('done');
    })().catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      void loading?.destroy();
    };
  }, [bytes, label, maxPages, styles.canvas]);

  return (
    <div aria-busy={state === 'rendering'}>
      {state === 'rendering' && (
        <div className={styles.status}>
          <Spinner label="Rendering preview..." />
        </div>
      )}
      {state === 'failed' && (
        <div className={styles.status} role="alert">
          <p>{messages.cvPreviewFailed}</p>
          {onRetry && <Button onClick={onRetry}>Try Again</Button>}
        </div>
      )}
      <div ref={container} className={styles.pages} hidden={state === 'failed'} />
    </div>
  );
}

import { messages } from '../../../shared/messages';

/** The two-line download toast: 'Download Complete' / 'PDF has been downloaded successfully.' */
export function DownloadCompleteMessage() {
  return (
    <span>
      <strong>{messages.downloadCompleteTitle}</strong>
      <br />
      {messages.downloadCompleteText}
    </span>
  );
}

import type { ReplyPreview } from '../../../shared/applications/reply-contract';

/**
 * The body of the dialogs that offer an e-mail to applicants: a few lines of explanation, then the
 * e-mail as it would go (To, Subject, the message). Built with textContent only: names, subjects
 * and messages come from applicants and admins and are never read as HTML. The dialog is drawn
 * outside the theme provider, so its few styles are set here.
 */
export function replyPreviewElement(
  preview: Pick<ReplyPreview, 'to' | 'subject' | 'body'>,
  notes: readonly string[],
): HTMLElement {
  const root = document.createElement('div');
  root.style.textAlign = 'left';
  root.style.fontSize = '0.95rem';
  root.style.lineHeight = '1.45';
  for (const note of notes) {
    const line = document.createElement('p');
    line.textContent = note;
    line.style.margin = '0 0 0.6em';
    root.append(line);
  }

  const facts = document.createElement('dl');
  facts.style.display = 'grid';
  facts.style.gridTemplateColumns = 'max-content 1fr';
  facts.style.gap = '0.25em 0.75em';
  facts.style.margin = '0.8em 0 0.6em';
  for (const [term, value] of [
    ['To', preview.to],
    ['Subject', preview.subject],
  ] as const) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    dt.style.fontWeight = '600';
    const dd = document.createElement('dd');
    dd.textContent = value;
    dd.style.margin = '0';
    dd.style.overflowWrap = 'anywhere';
    facts.append(dt, dd);
  }
  root.append(facts);

  // The message scrolls inside the dialog; focusable so a keyboard user can scroll it too.
  const message = document.createElement('div');
  message.setAttribute('role', 'region');
  message.setAttribute('aria-label', 'E-mail message');
  message.tabIndex = 0;
  message.textContent = preview.body;
  message.style.whiteSpace = 'pre-wrap';
  message.style.overflowWrap = 'anywhere';
  message.style.maxHeight = '40vh';
  message.style.overflowY = 'auto';
  message.style.padding = '0.75em 1em';
  message.style.border = '1px solid #8a8a8a';
  message.style.borderRadius = '6px';
  message.style.background = '#fafafa';
  message.style.color = '#242424';
  root.append(message);
  return root;
}

import type { RejectionReason } from '../../../shared/response-times/response-times-contract';
import { REJECTION_FEEDBACK_MAX, REJECTION_NEEDS_REASON } from '../../../shared/applications/stage-contract';

export interface RejectionFields {
  element: HTMLElement;
  /** The message that keeps the dialog open, if the fields are not ready. */
  check(): string | undefined;
  values(): { reasonId: string; feedback: string | undefined };
}

/**
 * The part of a rejection dialog that asks why (a reason from the administrators' list, private
 * to staff) and offers feedback the applicant reads on their page once the rejection e-mail has
 * gone (docs/behaviour.md#rejection-reasons). Built with textContent only, as the dialog's other
 * parts: reason labels are administrators' text and never read as HTML.
 */
export function rejectionFields(reasons: readonly RejectionReason[]): RejectionFields {
  const root = document.createElement('div');
  root.style.textAlign = 'left';
  root.style.margin = '0 0 0.8em';
  root.style.display = 'grid';
  root.style.gap = '0.35em';

  const reasonLabel = document.createElement('label');
  reasonLabel.htmlFor = 'rejection-reason';
  reasonLabel.textContent = 'Reason (staff only; the applicant never sees it)';
  reasonLabel.style.fontWeight = '600';
  const select = document.createElement('select');
  select.id = 'rejection-reason';
  select.required = true;
  select.style.padding = '0.3em';
  const none = document.createElement('option');
  none.value = '';
  none.textContent = 'Choose a reason';
  select.append(none);
  for (const reason of reasons.filter((item) => !item.retired)) {
    const option = document.createElement('option');
    option.value = reason._id;
    option.textContent = reason.label;
    select.append(option);
  }

  const feedbackLabel = document.createElement('label');
  feedbackLabel.htmlFor = 'rejection-feedback';
  feedbackLabel.textContent = 'Feedback for the applicant (optional)';
  feedbackLabel.style.fontWeight = '600';
  feedbackLabel.style.marginTop = '0.5em';
  const hint = document.createElement('p');
  hint.id = 'rejection-feedback-hint';
  hint.textContent = 'Shown on their private page once the rejection e-mail has gone.';
  hint.style.margin = '0';
  hint.style.fontSize = '0.9em';
  const feedback = document.createElement('textarea');
  feedback.id = 'rejection-feedback';
  feedback.rows = 3;
  feedback.maxLength = REJECTION_FEEDBACK_MAX;
  feedback.setAttribute('aria-describedby', hint.id);
  feedback.style.padding = '0.3em';
  feedback.style.font = 'inherit';

  root.append(reasonLabel, select, feedbackLabel, hint, feedback);
  return {
    element: root,
    check() {
      const missing = select.value === '';
      select.setAttribute('aria-invalid', String(missing));
      // The dialog shows the message in its own element: the field names it as its description.
      if (missing) select.setAttribute('aria-describedby', 'swal2-validation-message');
      else select.removeAttribute('aria-describedby');
      if (missing) select.focus();
      return missing ? REJECTION_NEEDS_REASON : undefined;
    },
    values: () => ({ reasonId: select.value, feedback: feedback.value.trim() || undefined }),
  };
}

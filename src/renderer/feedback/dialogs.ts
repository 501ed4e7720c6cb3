import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2';

/** The default dialog button texts (docs/behaviour.md#dialogs). */
export const DIALOG_BUTTON_TEXT = { confirm: 'OK', deny: 'No', cancel: 'Cancel' } as const;

// Fallbacks mirror Fluent's default web theme, for dialogs opened before (or without) FluentProvider.
const FALLBACK_TOKENS = {
  brand: '#0f6cbd',
  neutral: '#616161',
  font: "'Segoe UI', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', sans-serif",
} as const;

export interface ConfirmDialogOptions {
  title: string;
  text: string;
  confirmButtonText?: string;
  cancelButtonText?: string;
}

export interface ChoiceDialogOptions {
  title: string;
  /** Plain text, or an element built with textContent (never HTML from data). */
  body: string | HTMLElement;
  confirmButtonText: string;
  /** The second answer, when there is one (for example: go ahead without the e-mail). */
  denyButtonText?: string;
  cancelButtonText?: string;
  /**
   * Resolve as soon as an answer is chosen, while the dialog is still leaving, rather than once it
   * has gone: for work that can start at once and opens no dialog after this one.
   */
  resolveWhenChosen?: boolean;
  /**
   * Checks the body's fields before confirm or deny closes the dialog: a message keeps it open and
   * is shown in it; nothing lets it close. Cancel never asks.
   */
  check?: () => string | undefined;
}

/** Which button closed a choice dialog; Escape and a click outside count as cancel. */
export type DialogChoice = 'confirm' | 'deny' | 'cancel';

export interface ResultDialogOptions {
  title: string;
  text: string;
  icon: 'success' | 'error' | 'info';
}

/**
 * The dialog popup is appended to <body>, outside FluentProvider, so token CSS variables do not
 * reach it. Read the theme's resolved values from the provider element instead.
 */
function themeToken(variable: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const provider = document.querySelector('.fui-FluentProvider');
  const value = provider ? getComputedStyle(provider).getPropertyValue(variable).trim() : '';
  return value || fallback;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

// sweetalert2 is about 60 KB: load it on the first dialog, never with the page.
async function loadDialogs() {
  const { default: Swal } = await import('sweetalert2');
  const fontFamily = themeToken('--fontFamilyBase', FALLBACK_TOKENS.font);
  const options: SweetAlertOptions = {
    confirmButtonText: DIALOG_BUTTON_TEXT.confirm,
    denyButtonText: DIALOG_BUTTON_TEXT.deny,
    cancelButtonText: DIALOG_BUTTON_TEXT.cancel,
    confirmButtonColor: themeToken('--colorBrandBackground', FALLBACK_TOKENS.brand),
    denyButtonColor: themeToken('--colorNeutralForeground2', FALLBACK_TOKENS.neutral),
    cancelButtonColor: themeToken('--colorNeutralForeground3', FALLBACK_TOKENS.neutral),
    // Keyboard and screen-reader users continue where they were.
    returnFocus: true,
    // sweetalert2 otherwise forces height:auto on <html>/<body>, which breaks full-height layouts.
    heightAuto: false,
    // Without this the popup takes the browser's default (serif) font.
    didRender: (popup) => {
      popup.style.fontFamily = fontFamily;
    },
    ...(prefersReducedMotion() ? { showClass: { popup: '' }, hideClass: { popup: '' } } : {}),
  };
  return Swal.mixin(options);
}

/**
 * Shows one dialog and settles only once it is fully closed and focus is back on the opener, so a
 * follow-up dialog (confirm, then result) returns focus to the same place.
 */
async function showDialog(
  options: SweetAlertOptions,
  waitForClose = true,
  check?: () => string | undefined,
): Promise<SweetAlertResult> {
  const dialogs = await loadDialogs();
  // Checked as confirm or deny is clicked (or pressed), before the dialog acts on it: a problem
  // stops the click and is shown in the dialog, which stays open with its buttons as they were.
  const guard = check
    ? (popup: HTMLElement) =>
        popup.addEventListener(
          'click',
          (event) => {
            const target = event.target instanceof Element ? event.target : null;
            const button = target?.closest('button');
            if (!button || (button !== dialogs.getConfirmButton() && button !== dialogs.getDenyButton()))
              return;
            const problem = check();
            if (!problem) return dialogs.resetValidationMessage();
            event.stopPropagation();
            event.preventDefault();
            dialogs.showValidationMessage(problem);
          },
          true,
        )
    : undefined;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const result = await dialogs.fire({
    ...options,
    ...(guard ? { didOpen: guard } : {}),
    didClose: () => markClosed(),
  });
  if (waitForClose) await closed;
  return result;
}

/** Asks a yes/no question; resolves true only when the user confirms. */
export async function confirmDialog({
  title,
  text,
  confirmButtonText = DIALOG_BUTTON_TEXT.confirm,
  cancelButtonText = DIALOG_BUTTON_TEXT.cancel,
}: ConfirmDialogOptions): Promise<boolean> {
  const result = await showDialog({
    title,
    text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText,
    // Destructive questions start on the safe answer.
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** Tells the user how something ended; resolves when the dialog is closed. */
export async function resultDialog({ title, text, icon }: ResultDialogOptions): Promise<void> {
  await showDialog({ title, text, icon });
}

/**
 * Asks a question with up to three answers (confirm, deny, cancel) and a body that may hold a
 * prepared element, such as an e-mail preview. Starts on Cancel, the safe answer, like
 * confirmDialog.
 */
export async function choiceDialog({
  title,
  body,
  confirmButtonText,
  denyButtonText,
  cancelButtonText = DIALOG_BUTTON_TEXT.cancel,
  resolveWhenChosen = false,
  check,
}: ChoiceDialogOptions): Promise<DialogChoice> {
  const result = await showDialog(
    {
      title,
      ...(typeof body === 'string' ? { text: body } : { html: body }),
      icon: 'question',
      width: 'min(40rem, 96vw)',
      showCancelButton: true,
      showDenyButton: Boolean(denyButtonText),
      confirmButtonText,
      ...(denyButtonText ? { denyButtonText } : {}),
      cancelButtonText,
      focusCancel: true,
    },
    !resolveWhenChosen,
    check,
  );
  return result.isConfirmed ? 'confirm' : result.isDenied ? 'deny' : 'cancel';
}

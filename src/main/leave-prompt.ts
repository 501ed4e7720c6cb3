/** The parts of Electron's message box this prompt uses. */
export interface LeaveDialogOptions {
  type: 'question';
  buttons: string[];
  defaultId: number;
  cancelId: number;
  title: string;
  message: string;
  detail: string;
  noLink: true;
}

/** The window's page, as far as the prompt needs it: it hears `will-prevent-unload`. */
export interface UnloadingContents {
  on(event: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void): unknown;
}

export const LEAVE_BUTTONS = ['Leave', 'Stay'] as const;

/**
 * A page with unsaved work (the job form, a reply template) refuses to unload through
 * beforeunload. A browser would ask; Electron by itself simply keeps the page, so closing the
 * window or reloading would do nothing without a word. This asks with a native dialog, Stay being
 * the default and what Escape means; Leave lets the page go (preventDefault overrides the refusal).
 * The dialog is synchronous because the decision must be made before the event returns.
 * `onChoice` hears the answer: a restart to update waits on it (Stay means no restart).
 */
export function attachLeavePrompt(
  contents: UnloadingContents,
  showMessageBoxSync: (options: LeaveDialogOptions) => number,
  onChoice: (choice: 'leave' | 'stay') => void = () => undefined,
): void {
  contents.on('will-prevent-unload', (event) => {
    const choice = showMessageBoxSync({
      type: 'question',
      buttons: [...LEAVE_BUTTONS],
      defaultId: 1,
      cancelId: 1,
      title: 'Leave this page?',
      message: 'Changes you made may not be saved.',
      detail: 'This page has changes that are not saved. Leave it anyway?',
      noLink: true,
    });
    if (choice === 0) event.preventDefault();
    onChoice(choice === 0 ? 'leave' : 'stay');
  });
}

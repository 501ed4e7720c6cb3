import { useLayoutEffect, type RefObject } from 'react';

/**
 * On a page the server drew (docs/architecture.md#the-web-entry), a visitor or their browser's
 * autofill may fill a field before the app runs: hydration keeps that text on screen but not in
 * the form's state, so each field's text is taken over as if it had just been typed. Give each
 * field's element and the setter of its state; runs once, as the app takes the page over.
 */
export function useTypedBeforeStart(
  fields: readonly (readonly [RefObject<HTMLInputElement | null>, (value: string) => void])[],
): void {
  useLayoutEffect(() => {
    for (const [field, set] of fields) if (field.current?.value) set(field.current.value);
    // Once, when the form first appears: later typing arrives through the fields' change events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
